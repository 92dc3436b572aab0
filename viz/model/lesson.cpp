#include "viz/model/lesson.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "i18n/language.h"
#include "gradlab/printable.h"
#include "i18n/translate.h"
#include "viz/model/json_limits.h"
#include "viz/model/lesson_language.h"
#include "viz/model/preset_json.h"
#include "viz/model/wrap.h"

namespace gradlab::viz {

using nlohmann::json;
using i18n::tr, i18n::trf;

namespace {

// "claims": [{"cell": "gradInput[4, 3]", "adds": 2}, {"cell": "out[1, 2]", "tie": true}, {"tilesCrossPlanes": false},
//            {"coresWait": true}, {"planSays": "schedule 1 ("}]
std::vector<CaptionClaim> parseClaims(const json& list) {
  if (!list.is_array()) throw PresetJsonError{trf("{0} must be an array", "\"claims\"")};
  std::vector<CaptionClaim> claims;
  for (const json& c : list) {
    CaptionClaim claim;
    if (c.is_object() && c.contains("tilesCrossPlanes")) {
      claim.tilesCrossPlanes = jsonField<bool>(c, "tilesCrossPlanes", false);
      claims.push_back(std::move(claim));
      continue;
    }
    if (c.is_object() && c.contains("planSays")) {
      claim.planSays = jsonField<std::string>(c, "planSays", "");
      if (claim.planSays.empty()) throw PresetJsonError{tr("\"planSays\" names the words the plan says")};
      claims.push_back(std::move(claim));
      continue;
    }
    if (c.is_object() && c.contains("coresWait")) {
      claim.coresWait = jsonField<bool>(c, "coresWait", false);
      claims.push_back(std::move(claim));
      continue;
    }
    if (!c.is_object() || !c.contains("cell") || !c["cell"].is_string())
      throw PresetJsonError{tr("each claim needs \"cell\": \"GRID[row, col]\"")};
    claim.cell = c["cell"].get<std::string>();
    if (c.contains("adds")) claim.adds = jsonField<int64_t>(c, "adds", 0);
    if (c.contains("tie")) claim.tie = jsonField<bool>(c, "tie", false);
    if (!claim.adds && !claim.tie) throw PresetJsonError{tr("a claim says \"adds\" or \"tie\"")};
    claims.push_back(std::move(claim));
  }
  return claims;
}

}  // namespace

bool parseLesson(const std::string& text, const std::string& fallbackId, Lesson* out, std::string* error) {
  json j;
  std::string parseError;
  if (!parseBoundedJson(text, &j, &parseError)) {
    if (error) *error = parseError;
    return false;
  }
  Lesson lesson;
  size_t index = 0;
  try {
    if (!j.is_object()) throw PresetJsonError{tr("the top level must be an object")};
    lesson.id = jsonField<std::string>(j, "id", fallbackId);
    // The id names files and folders of the headless renders: a name, never a path ("/etc", "../x").
    const bool plain = !lesson.id.empty() && lesson.id.size() <= 64 && lesson.id[0] != '.' &&
                       std::all_of(lesson.id.begin(), lesson.id.end(), [](char c) {
                         return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                       });
    if (!plain)
      throw PresetJsonError{trf("{0} must be a plain name (letters, digits, '-', '_', '.'; at most 64), not \"{1}\"", "\"id\"",
                                lesson.id.substr(0, 80))};
    lesson.title = jsonField<std::string>(j, "title", lesson.id);
    lesson.summary = jsonField<std::string>(j, "summary", "");
    lesson.order = jsonField<int>(j, "order", 1000);
    if (!j.contains("presets") || !j["presets"].is_array() || j["presets"].empty())
      throw PresetJsonError{trf("{0} must be a non-empty array", "\"presets\"")};
    for (const json& p : j["presets"]) {
      ++index;
      if (!p.is_object()) throw PresetJsonError{tr("must be an object")};
      Preset preset;
      preset.title = jsonField<std::string>(p, "title", "preset " + std::to_string(index));
      preset.caption = jsonField<std::string>(p, "caption", "");
      if (!p.contains("request")) throw PresetJsonError{trf("{0} is missing", "\"request\"")};
      preset.spec = parseRequest(p["request"]);
      preset.view = parseView(p.contains("view") ? p["view"] : json());
      if (p.contains("exercise")) preset.exercise = parseExercise(p["exercise"], preset.spec.request);
      if (p.contains("claims")) preset.claims = parseClaims(p["claims"]);
      lesson.presets.push_back(std::move(preset));
    }
  } catch (const PresetJsonError& e) {
    if (error) *error = printableLine(index ? trf("preset {0}: {1}", index, e.message) : e.message);
    return false;
  }
  lesson.english.title = lesson.title;
  lesson.english.summary = lesson.summary;
  for (const Preset& p : lesson.presets)
    lesson.english.steps.push_back({p.title, p.caption, p.exercise ? p.exercise->hint : std::string()});
  *out = std::move(lesson);
  return true;
}

std::vector<Lesson> loadLessons(const std::string& dir, std::vector<std::string>* errors) {
  std::vector<Lesson> lessons;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  if (ec && errors) errors->push_back(dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::string text;
    std::string error;
    if (!readJsonFile(path.string(), &text, &error)) {
      if (errors) errors->push_back(path.string() + ": " + error);
      continue;
    }
    Lesson lesson;
    if (parseLesson(text, path.stem().string(), &lesson, &error)) {
      lessons.push_back(std::move(lesson));
    } else if (errors) {
      errors->push_back(path.string() + ": " + error);
    }
  }
  std::stable_sort(lessons.begin(), lessons.end(), [](const Lesson& a, const Lesson& b) {
    return a.order != b.order ? a.order < b.order : a.id < b.id;
  });
  loadTranslations(lessons, dir + "/zh", errors);
  applyLanguage(lessons, i18n::language());
  return lessons;
}

const Lesson* findLesson(const std::vector<Lesson>& lessons, const std::string& id) {
  for (const Lesson& l : lessons)
    if (l.id == id) return &l;
  return nullptr;
}

QuestionNumber questionNumber(const Lesson& lesson, int preset) {
  QuestionNumber n;
  for (size_t k = 0; k < lesson.presets.size(); ++k) {
    if (!lesson.presets[k].exercise) continue;
    ++n.questions;
    if (static_cast<int>(k) <= preset) n.question = n.questions;
  }
  return n;
}

const char* tabName(Tab tab) {
  switch (tab) {
    case Tab::kScatter: return "scatter";
    case Tab::kTiling: return "tiling";
    case Tab::kPipeline: return "pipeline";
    case Tab::kCompare: return "compare";
    case Tab::kVerify: return "verify";
    case Tab::kMatrix: return "matrix";
    case Tab::kCode: return "code";
  }
  return "?";
}

bool tabFromName(const std::string& name, Tab* tab) {
  for (Tab t : {Tab::kScatter, Tab::kTiling, Tab::kPipeline, Tab::kCompare, Tab::kVerify, Tab::kMatrix, Tab::kCode}) {
    if (name != tabName(t)) continue;
    *tab = t;
    return true;
  }
  return false;
}

std::string presetJson(const Preset& preset) {
  json p = {{"title", preset.title}, {"caption", preset.caption}, {"request", requestJson(preset.spec)}};
  return p.dump(2);
}

}  // namespace gradlab::viz
