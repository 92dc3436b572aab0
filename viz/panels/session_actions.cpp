#include "viz/panels/session_actions.h"

#include "gradlab/printable.h"
#include "i18n/translate.h"
#include "viz/panels/actions.h"
#include "viz/panels/lesson_actions.h"

namespace gradlab::viz {

Session captureSession(const AppState& s) {
  Session out;
  out.spec = s.controls;
  PresetView& v = out.view;
  v.tab = s.view.tab;
  v.colour = s.view.colour;
  v.plane = s.view.plane;
  v.depthFirst = s.view.depthFirst;
  v.pacingSet = s.pacingPinned;
  v.pacing = s.pacing;
  v.speed = s.player.speed;
  v.compare = s.compare.mode;
  v.lowDtype = s.compare.lowDtype;
  v.accumulate = s.compare.accumulate;
  v.timelineKernelsOnly = s.view.timelineKernelsOnly;
  v.memoryOrder = s.view.memoryOrder;
  v.autoplay = s.player.playing;
  if (s.view.pinned) {
    if (const SceneGrid* g = s.run.scene.gridAt(s.view.pinned->grid)) {
      v.focusGrid = g->grid.name;
      v.focusRow = s.view.pinned->row;
      v.focusCol = s.view.pinned->col;
    }
  }
  if (const Lesson* l = s.currentLesson()) out.lesson = l->id, out.step = s.course.preset;
  out.at = s.player.fraction();
  out.presenter = s.view.presenter;
  out.language = i18n::language();
  return out;
}

bool applySession(AppState& s, const Session& session, std::string* error, std::string* note) {
  s.course.lesson = -1;
  s.course.preset = 0;
  s.course.libraryPreset.reset();
  if (!session.lesson.empty() && !findLesson(s.course.lessons, session.lesson) && note) {
    // Its run still opens, in free exploration; the name is shown as printable text (a hostile session
    // may hold a path or control characters).
    *note = i18n::trf("the session's lesson \"{0}\" is not one of this app's lessons: its run opens in free exploration",
                      printableLine(session.lesson, 80));
  }
  if (!session.lesson.empty()) {
    for (size_t i = 0; i < s.course.lessons.size(); ++i) {
      if (s.course.lessons[i].id != session.lesson) continue;
      if (session.step >= static_cast<int>(s.course.lessons[i].presets.size())) {
        *error = i18n::trf("the session's lesson \"{0}\" has no step {1}", session.lesson, session.step + 1);
        return false;
      }
      s.course.lesson = static_cast<int>(i), s.course.preset = session.step;
    }
  }
  s.view.presenter = session.presenter;
  if (session.language) setLanguage(s, *session.language);
  showRun(s, session.spec, session.view, [at = session.at](AppState& state) { state.player.t = at * state.player.duration; });
  return true;
}

}  // namespace gradlab::viz
