#include "viz/model/session.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include "gradlab/printable.h"
#include "i18n/translate.h"
#include "viz/model/json_limits.h"
#include "viz/model/preset_json.h"
#include "viz/model/wrap.h"

namespace gradlab::viz {

using nlohmann::json;
using i18n::tr, i18n::trf;

std::string sessionJson(const Session& s) {
  json j = {{"gradlab-session", kSessionVersion},
            {"lesson", s.lesson},
            {"step", s.step},
            {"at", s.at},
            {"presenter", s.presenter},
            {"request", requestJson(s.spec)},
            {"view", viewJson(s.view)}};
  if (s.language) j["lang"] = i18n::languageCode(*s.language);
  return j.dump(2) + "\n";
}

bool parseSession(const std::string& text, Session* out, std::string* error) {
  json j;
  if (!parseBoundedJson(text, &j, error)) return false;
  try {
    if (!j.is_object() || !j.contains("gradlab-session")) {
      throw PresetJsonError{tr("not a gradlab session (no \"gradlab-session\" version field)")};
    }
    const int version = jsonField<int>(j, "gradlab-session", 0);
    if (version > kSessionVersion) {
      throw PresetJsonError{
          trf("{0} is version {1}, newer than this app reads ({2}): update gradlab", "\"gradlab-session\"", version, kSessionVersion)};
    }
    if (version < 1) throw PresetJsonError{trf("{0} is {1}, not a version", "\"gradlab-session\"", version)};
    Session s;
    s.lesson = jsonField<std::string>(j, "lesson", "");
    s.step = jsonField<int>(j, "step", 0);
    if (s.step < 0) throw PresetJsonError{trf("{0} is {1}, below 0", "\"step\"", s.step)};
    s.at = jsonField<double>(j, "at", 0.0);
    if (!(s.at >= 0.0 && s.at <= 1.0)) throw PresetJsonError{trf("{0} is {1}, outside [0, 1]", "\"at\"", std::to_string(s.at))};
    s.presenter = jsonField<bool>(j, "presenter", false);
    if (j.contains("lang")) {
      const std::string lang = jsonField<std::string>(j, "lang", "");
      s.language = i18n::parseLanguage(lang);
      if (!s.language || (lang != "en" && lang != "zh"))
        throw PresetJsonError{trf("{0} is \"{1}\", not \"en\" or \"zh\"", "\"lang\"", lang.substr(0, 40))};
    }
    if (!j.contains("request")) throw PresetJsonError{trf("{0} is missing", "\"request\"")};
    s.spec = parseRequest(j["request"]);
    s.view = parseView(j.contains("view") ? j["view"] : json());
    *out = std::move(s);
    return true;
  } catch (const PresetJsonError& e) {
    *error = printableLine(e.message);
    return false;
  }
}

bool saveSessionFile(const std::string& path, const Session& session, std::string* error) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << sessionJson(session);
  f.close();
  if (!f) {
    *error = trf("cannot write {0}", path);
    return false;
  }
  return true;
}

bool loadSessionFile(const std::string& path, Session* out, std::string* error) {
  std::string text;
  if (!readJsonFile(path, &text, error)) {
    *error = *error == tr("cannot read it") ? trf("cannot read {0}", path) : path + ": " + *error;
    return false;
  }
  if (!parseSession(text, out, error)) {
    *error = path + ": " + *error;
    return false;
  }
  return true;
}

}  // namespace gradlab::viz
