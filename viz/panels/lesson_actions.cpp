#include "viz/panels/lesson_actions.h"

#include <algorithm>

#include "viz/panels/exercise_actions.h"
#include "viz/panels/run_actions.h"

namespace gradlab::viz {

void applyPreset(AppState& s, int lesson, int preset) {
  s.course.lesson = lesson;
  s.course.preset = preset;
  const Preset* p = s.currentPreset();
  if (!p) return;
  showRun(s, p->spec, p->view);
}

void showRun(AppState& s, const RequestSpec& spec, const PresetView& view, std::function<void(AppState&)> then) {
  s.controls = spec;
  s.view.tab = view.tab;
  s.view.selectTab = true;
  s.view.colour = view.colour;
  s.view.plane = view.plane;
  s.view.depthFirst = view.depthFirst;
  s.pacingPinned = view.pacingSet;
  if (view.pacingSet) s.pacing = view.pacing;
  s.presetSpeed = view.speed;
  s.compare.mode = view.compare;
  s.compare.lowDtype = view.lowDtype;
  s.compare.accumulate = view.accumulate;
  s.view.timelineKernelsOnly = view.timelineKernelsOnly;
  s.view.memoryOrder = view.memoryOrder;
  // The last step's question must not stay on screen under this step's title while its run is on the
  // worker (a quarter of a second in a browser tab): it goes now, and this step's comes when its run lands.
  refreshExercise(s);
  runControls(s, [view, then = std::move(then)](AppState& state) {
    state.player.playing = view.autoplay && state.run.ok() && !state.run.animation.empty() && !state.exerciseOpen();
    if (!view.focusGrid.empty()) {
      for (size_t i = 0; i < state.run.scene.grids.size(); ++i)
        if (state.run.scene.grids[i].grid.name == view.focusGrid)
          state.view.pinned = CellRef{static_cast<int>(i), view.focusRow, view.focusCol};
    }
    if (then) then(state);
  });
}

void leaveLesson(AppState& s) {
  s.course.lesson = -1;
  s.course.preset = 0;
  s.course.libraryPreset.reset();
  s.course.exercise.reset();
}

void applyLibraryPreset(AppState& s, const Preset& p) {
  s.course.lesson = -1;
  s.course.libraryPreset = p;
  showRun(s, p.spec, p.view);
}

void openRun(AppState& s, const RequestSpec& spec) {
  s.course.lesson = -1;
  s.course.libraryPreset.reset();
  s.course.preset = 0;
  s.controls = spec;
  s.view.tab = Tab::kScatter;
  s.view.selectTab = true;
  s.view.plane = 0;
  s.view.depthFirst = 0;
  s.pacingPinned = false;
  s.presetSpeed = 0.0;
  runControls(s);
}

namespace {

bool asks(const AppState& s, int lesson, int preset) {
  return s.course.lessons[static_cast<size_t>(lesson)].presets[static_cast<size_t>(preset)].exercise.has_value();
}

// The step `delta` steps on from (lesson, preset), wrapping into the next/previous lesson at the ends.
void nextStep(const AppState& s, int* lesson, int* preset, int delta) {
  *preset += delta;
  if (*preset < 0) {
    *lesson = (*lesson + static_cast<int>(s.course.lessons.size()) - 1) % static_cast<int>(s.course.lessons.size());
    *preset = static_cast<int>(s.course.lessons[static_cast<size_t>(*lesson)].presets.size()) - 1;
  } else if (*preset >= static_cast<int>(s.course.lessons[static_cast<size_t>(*lesson)].presets.size())) {
    *lesson = (*lesson + 1) % static_cast<int>(s.course.lessons.size());
    *preset = 0;
  }
}

}  // namespace

void stepPreset(AppState& s, int delta) {
  if (s.course.lessons.empty()) return;
  int lesson = std::clamp(s.course.lesson, 0, static_cast<int>(s.course.lessons.size()) - 1);
  int preset = s.course.lesson < 0 ? 0 : s.course.preset;
  if (s.course.lesson >= 0) {
    nextStep(s, &lesson, &preset, delta);
    // Class mode passes over the steps that ask nothing (a lesson set without a question stays where it is).
    size_t steps = 0;
    for (const Lesson& l : s.course.lessons) steps += l.presets.size();
    for (size_t k = 0; s.course.classMode && k < steps && !asks(s, lesson, preset); ++k)
      nextStep(s, &lesson, &preset, delta < 0 ? -1 : 1);
  }
  applyPreset(s, lesson, preset);
}

void setClassMode(AppState& s, bool on) {
  s.course.classMode = on;
  if (!on) return;
  s.view.presenter = true;
  if (s.currentPreset() && !s.currentPreset()->exercise) stepPreset(s, +1);
}

bool selectLesson(AppState& s, const std::string& id) {
  for (size_t i = 0; i < s.course.lessons.size(); ++i)
    if (s.course.lessons[i].id == id) {
      applyPreset(s, static_cast<int>(i), 0);
      return true;
    }
  return false;
}

}  // namespace gradlab::viz
