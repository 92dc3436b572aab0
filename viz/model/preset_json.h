// The JSON of a preset's "request" and "view" (assets/lessons/README.md): parsed with one-line errors that
// name the field, and written back. Lessons, presets and saved sessions share it.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "viz/model/lesson.h"

namespace gradlab::viz {

// A field that does not parse: its message names the field and the value.
struct PresetJsonError {
  std::string message;
};

// `key` of `j` as a T, `fallback` when absent; a value of the wrong type throws PresetJsonError naming it.
template <typename T>
T jsonField(const nlohmann::json& j, const char* key, T fallback) {
  if (!j.contains(key)) return fallback;
  try {
    return j.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw PresetJsonError{std::string("\"") + key + "\" has the wrong type"};
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
