#include "viz/panels/exercise_actions.h"

#include <algorithm>
#include <imgui.h>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/class_student.h"

namespace gradlab::viz {

namespace {

// i18n::trf in a given language.
template <typename... Values>
std::string trfIn(i18n::Language language, const char* pattern, const Values&... values) {
  return i18n::substitute(i18n::trIn(language, pattern), {std::string_view(i18n::detail::text(values))...});
}

}  // namespace

void refreshExercise(AppState& s) {
  const Preset* p = s.currentPreset();
  if (!p || !p->exercise || !(s.run.spec == p->spec) || !s.run.ok()) {
    s.course.exercise.reset();
    return;
  }
  if (s.course.exercise && s.course.exercise->run == s.run.id && s.course.exercise->plane == s.run.scene.plane) return;
  ExerciseState e;
  // A chips question runs the call on both chips: through the host's runner, as the Compare tab does.
  const HostServices& host = s.host;
  e.exercise = buildExercise(*p->exercise, s.run.scene, s.run.request, s.run.result, [&host](const RunRequest& r) {
    std::lock_guard lock(*host.runtimeLock);
    return host.runner ? host.runner(r) : RunResult{};
  });
  e.plane = s.run.scene.plane;
  e.run = s.run.id;
  s.course.exercise = std::move(e);
  if (s.course.exercise->open()) {
    s.player.playing = false;
    s.player.t = 0.0;
    // Nothing picked before the question opened may outline its answer: the previous step's tile, kernel
    // line or cell.
    s.view.selectedTile.reset();
    s.view.scrollToSelectedTile = false;
    s.view.codeLine.reset();
    s.view.pinned.reset();  // a step's own focus cell is pinned again once its run lands
  }
}

namespace {

void playReveal(AppState& s) {
  s.player.t = 0.0;
  s.player.playing = s.run.ok() && !s.run.animation.empty();
  // The inspector and the arrows turn to the cell the question asked about (they showed the step's own
  // focus, which read as the student's old pick).
  if (s.course.exercise && s.course.exercise->exercise.asked.grid >= 0)
    s.view.pinned = s.course.exercise->exercise.asked;
}

// The step's record: made at its first check, hint or reveal. Its first check or reveal settles "right first
// time" (`rightCheck`: a check answered right); a hint before it is counted as a hint, not as a wrong try.
enum class ExerciseEvent { kCheck, kHint, kReveal };
void recordExercise(AppState& s, ExerciseEvent event, bool rightCheck) {
  const Lesson* l = s.currentLesson();
  if (!l || !s.course.exercise) return;
  ExerciseResult& result = s.course.exerciseResults[l->id][s.course.preset];
  if (event != ExerciseEvent::kHint && !result.settled) {
    result.settled = true;
    result.firstTry = rightCheck;
  }
  result.hints = std::max(result.hints, s.course.exercise->hintsAsked);  // the hint a wrong try brings is not one used
}

}  // namespace

void checkExercise(AppState& s) {
  if (!s.exerciseOpen()) return;
  const bool right = s.course.exercise->check(s.run.scene).correct;
  recordExercise(s, ExerciseEvent::kCheck, right);
  sendClassTry(s, ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0);  // a student's page: the try goes to the teacher
  if (right) playReveal(s);
}

void hintExercise(AppState& s) {
  if (!s.exerciseOpen() || !s.course.exercise->showHint()) return;
  recordExercise(s, ExerciseEvent::kHint, false);
}

void revealExercise(AppState& s) {
  if (!s.exerciseOpen()) return;
  s.course.exercise->reveal();
  recordExercise(s, ExerciseEvent::kReveal, false);
  playReveal(s);
}

std::string lessonScoreText(const AppState& s, i18n::Language language) {
  const Lesson* l = s.currentLesson();
  if (!l) return "";
  int asked = 0;
  for (const Preset& p : l->presets) asked += p.exercise ? 1 : 0;
  if (asked == 0) return "";
  int answered = 0, firstTry = 0, hints = 0;
  if (auto it = s.course.exerciseResults.find(l->id); it != s.course.exerciseResults.end()) {
    for (const auto& [step, result] : it->second) {
      hints += result.hints;
      if (!result.settled) continue;
      answered += 1;
      firstTry += result.firstTry ? 1 : 0;
    }
  }
  if (answered == 0)
    return trfIn(language, asked == 1 ? "This lesson asks {0} question." : "This lesson asks {0} questions.", asked);
  return cat(trfIn(language, "Score: {0} of {1} right first time", firstTry, answered),
             hints ? trfIn(language, hints == 1 ? ", {0} hint used" : ", {0} hints used", hints) : std::string(),
             answered < asked ? trfIn(language, ", {0} to go", asked - answered) : std::string());
}

}  // namespace gradlab::viz
