// What the panels (and the keyboard, and the headless exporter) do to the app state.
#pragma once

#include "i18n/language.h"

#include <functional>
#include <string>

#include "viz/model/session.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

// Runs state.controls (with a trace) and rebuilds the scene, animation and timeline; resets the player;
// then calls `then`. With state.worker set the run happens there and all this once it has finished (the
// old run stays on screen meanwhile); a newer run asked before then supersedes it, `then` included.
void runControls(AppState& state, std::function<void(AppState&)> then = {});
// Stops the controls' run in flight (if any): the previous run stays on screen and the fields show it
// again. Returns whether there was one to stop.
bool cancelRun(AppState& state);
// Rebuilds the scene and animation for another plane or pacing, keeping the run.
void rebuildScene(AppState& state);
// Recomputes the colour scales (after a theme change).
void refreshColours(AppState& state);
void setPlane(AppState& state, int64_t plane);
void setPacing(AppState& state, Pacing pacing);

// Shows the app in `language`: the catalogue's strings, the lessons' words and the open question's text
// (its answer, tries and hints stay); the app rebuilds its fonts before the next frame.
void setLanguage(AppState& s, i18n::Language language);

// Loads preset `preset` of lesson `lesson`: its request into the controls, its view settings, then runs it.
void applyPreset(AppState& state, int lesson, int preset);
// Puts `spec` into the controls and `view` into the view settings, then runs it.
void showRun(AppState& state, const RequestSpec& spec, const PresetView& view, std::function<void(AppState&)> then = {});
// The whole state as a session (the call, the view, the lesson step, the animation's position) and back.
Session captureSession(const AppState& state);
bool applySession(AppState& state, const Session& session, std::string* error, std::string* note = nullptr);
// Next/previous preset of the lesson (wrapping into the next/previous lesson at the ends); in class mode
// the next/previous step that asks a question.
void stepPreset(AppState& state, int delta);
// Class mode: a lesson's questions only, presenter-sized (on: moves to a question if the step asks none).
void setClassMode(AppState& state, bool on);
// Selects a lesson by id and loads its first preset; false when there is no such lesson.
bool selectLesson(AppState& state, const std::string& id);
// The top bar's status line; a failure is also shown in full in the side panel until dismissed.
void setStatus(AppState& s, std::string text, bool error = false);
// Free exploration from here: the lesson (or library preset) is left, the run on screen stays.
void leaveLesson(AppState& s);
// Loads a free-exploration preset (from the library) without leaving the lesson list.
void applyLibraryPreset(AppState& state, const Preset& preset);
// Switches the controls to `op`, keeping what still applies: a dtype the operator does not take falls back
// to FLOAT, a strategy it does not have to its default (the controls never offer a call the catalog says the
// operator refuses).
void setOperator(RequestSpec& controls, OpKind op);
// Leaves the lesson and runs `spec` on the Scatter tab (a run given on the command line).
void openRun(AppState& state, const RequestSpec& spec);

// Builds the step's exercise from the run on screen (keeps it while the run and plane stay the same).
void refreshExercise(AppState& state);
// Checks the student's answer and records it for the lesson's score: right plays the reveal, wrong keeps
// the question open with the next hint.
void checkExercise(AppState& state);
// Shows the next hint without a try (it counts in the score).
void hintExercise(AppState& state);
// Gives the answer away (counts as not answered right) and plays the reveal: the teacher's "show the room".
void revealExercise(AppState& state);
// "Score: 2 of 3 right first time, 1 hint used, 4 to go" for the lesson on screen; "" when it asks nothing.
// In English unless `language` says otherwise: the widget map's "score" fact stays English in either
// language, the exercise panel asks for the user's.
std::string lessonScoreText(const AppState& state, i18n::Language language = i18n::Language::kEnglish);

// Selects plan tile `tile` (outlined on the grids, highlighted and scrolled to in the Tiling tab's table).
void selectTile(AppState& state, int32_t tile);

void handleShortcut(AppState& state, Shortcut shortcut);
// Applies the theme state.presenter asks for (ImGui's style changes between frames, not inside one).
void syncTheme(AppState& state);

// The pacing and speed the app picks when a preset does not say: one move at a time for small planes.
Pacing defaultPacing(size_t planeMoves);
double defaultSpeed(const Animation& animation);

}  // namespace gradlab::viz
