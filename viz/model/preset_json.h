// The JSON of a preset's "request" and "view" (assets/lessons/README.md): parsed with one-line errors that
// name the field, and written back. Lessons, presets and saved sessions share it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "i18n/translate.h"
#include "viz/model/json_limits.h"
#include "viz/model/lesson.h"

namespace gradlab::viz {

// A field that does not parse: its message names the field and the value, in the reader's language (the
// field names and values as the file writes them).
struct PresetJsonError {
  std::string message;
};

// `key` of `j` as a T, `fallback` when absent; a value of the wrong type throws PresetJsonError naming it.
// Numbers must fit T exactly (exactNumber): 2.5 or 2^40 for an int, 1e300 for a float are refused, never
// truncated or wrapped; so are the elements of a list of integers.
template <typename T>
T jsonField(const nlohmann::json& j, const char* key, T fallback) {
  if (!j.contains(key)) return fallback;
  const nlohmann::json& v = j.at(key);
  const std::string name = std::string("\"") + key + "\"";
  std::string why;
  if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
    T out{};
    if (!exactNumber(v, &out, name, &why)) throw PresetJsonError{why};
    return out;
  } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
    if (!v.is_array()) throw PresetJsonError{i18n::trf("{0} has the wrong type", name)};
    T out;
    for (size_t i = 0; i < v.size(); ++i) {
      int64_t x = 0;
      if (!exactNumber(v[i], &x, name + "[" + std::to_string(i) + "]", &why)) throw PresetJsonError{why};
      out.push_back(x);
    }
    return out;
  } else {
    try {
      return v.get<T>();
    } catch (const nlohmann::json::exception&) {
      throw PresetJsonError{i18n::trf("{0} has the wrong type", name)};
    }
  }
}

// Both throw PresetJsonError.
RequestSpec parseRequest(const nlohmann::json& request);
PresetView parseView(const nlohmann::json& view);  // null: the defaults
// A step's "exercise", checked against the step's request (its operator and shapes); errors start "exercise: ".
ExerciseSpec parseExercise(const nlohmann::json& exercise, const RunRequest& request);

nlohmann::json requestJson(const RequestSpec& spec);
nlohmann::json viewJson(const PresetView& view);

}  // namespace gradlab::viz
