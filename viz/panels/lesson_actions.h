// Moving through the lessons: a step's run and view, the next and previous step, class mode, free exploration.
#pragma once

#include <functional>
#include <string>

#include "viz/panels/app_state.h"

namespace gradlab::viz {

// Loads preset `preset` of lesson `lesson`: its request into the controls, its view settings, then runs it.
void applyPreset(AppState& state, int lesson, int preset);
// Puts `spec` into the controls and `view` into the view settings, then runs it.
void showRun(AppState& state, const RequestSpec& spec, const PresetView& view, std::function<void(AppState&)> then = {});
// Next/previous preset of the lesson (wrapping into the next/previous lesson at the ends); in class mode
// the next/previous step that asks a question.
void stepPreset(AppState& state, int delta);
// Class mode: a lesson's questions only, presenter-sized (on: moves to a question if the step asks none).
void setClassMode(AppState& state, bool on);
// Selects a lesson by id and loads its first preset; false when there is no such lesson.
bool selectLesson(AppState& state, const std::string& id);
// Free exploration from here: the lesson (or library preset) is left, the run on screen stays.
void leaveLesson(AppState& s);
// Loads a free-exploration preset (from the library) without leaving the lesson list.
void applyLibraryPreset(AppState& state, const Preset& preset);
// Leaves the lesson and runs `spec` on the Scatter tab (a run given on the command line).
void openRun(AppState& state, const RequestSpec& spec);

}  // namespace gradlab::viz
