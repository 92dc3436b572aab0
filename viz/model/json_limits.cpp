#include "viz/model/json_limits.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "gradlab/printable.h"

namespace gradlab::viz {
namespace {

using nlohmann::json;

struct OverBound {
  std::string why;
};

// "\"request\".\"values\"" (its first four keys, then "..."), or "the top level" outside any key.
std::string fieldPath(const std::vector<std::string>& keys, int depth) {
  std::string path;
  int named = 0;
  for (int d = 0; d < depth && d < static_cast<int>(keys.size()); ++d) {
    if (keys[static_cast<size_t>(d)].empty()) continue;
    if (++named > 4) return path + "...";
    if (!path.empty()) path += ".";
    path += "\"" + keys[static_cast<size_t>(d)] + "\"";
  }
  return path.empty() ? std::string(i18n::tr("the top level")) : path;
}

// A text or file of `bytes` past kMaxJsonFileBytes.
std::string tooLarge(uint64_t bytes) {
  return i18n::trf("{0} bytes, more than the {1} MiB a lesson or session may hold", bytes, kMaxJsonFileBytes >> 20);
}

}  // namespace

bool parseBoundedJson(const std::string& text, json* out, std::string* error) {
  // keys[d]: the key last read at depth d (nlohmann counts an object's own keys at the object's depth + 1).
  if (text.size() > kMaxJsonFileBytes) {
    *error = tooLarge(text.size());
    return false;
  }
  std::vector<std::string> keys;
  uint64_t values = 0;
  auto bound = [&keys, &values](int depth, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::value || event == json::parse_event_t::object_start ||
        event == json::parse_event_t::array_start) {
      if (++values > kMaxJsonValues) {
        throw OverBound{i18n::trf("more than {0} values (numbers, strings, arrays, objects): more than a lesson or session holds",
                                  kMaxJsonValues)};
      }
    }
    if ((event == json::parse_event_t::value || event == json::parse_event_t::key) && parsed.is_string() &&
        parsed.get_ref<const std::string&>().size() > kMaxJsonStringBytes) {
      throw OverBound{i18n::trf("{0} holds a text of {1} bytes, more than the {2} KiB a lesson or session text may have",
                                fieldPath(keys, depth), parsed.get_ref<const std::string&>().size(),
                                kMaxJsonStringBytes >> 10)};
    }
    if (event == json::parse_event_t::key) {
      keys.resize(static_cast<size_t>(depth) + 1);
      keys[static_cast<size_t>(depth) - 1] = parsed.get<std::string>();
      for (size_t d = static_cast<size_t>(depth); d < keys.size(); ++d) keys[d].clear();
    } else if (event == json::parse_event_t::object_end || event == json::parse_event_t::array_end) {
      if (keys.size() > static_cast<size_t>(depth)) keys.resize(static_cast<size_t>(depth));  // its keys are done
    } else if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
               depth >= kMaxJsonDepth) {
      throw OverBound{i18n::trf("{0} nests arrays or objects deeper than {1} levels", fieldPath(keys, depth), kMaxJsonDepth)};
    }
    return true;
  };
  try {
    *out = json::parse(text, bound);
    return true;
  } catch (const OverBound& e) {
    *error = e.why;
  } catch (const json::exception& e) {
    // nlohmann quotes the token it last read, which a hostile file can make any length.
    *error = printableLine(i18n::trf("not valid JSON: {0}", e.what()), 400);
  }
  return false;
}

bool readJsonFile(const std::string& path, std::string* text, std::string* error) {
  std::error_code ec;
  const uintmax_t bytes = std::filesystem::file_size(path, ec);
  if (!ec && bytes > kMaxJsonFileBytes) {
    *error = tooLarge(bytes);
    return false;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    *error = i18n::tr("cannot read it");
    return false;
  }
  std::stringstream whole;
  whole << f.rdbuf();
  *text = whole.str();
  return true;
}

}  // namespace gradlab::viz
