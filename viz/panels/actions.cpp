#include "viz/panels/actions.h"

#include "i18n/translate.h"
#include "viz/model/lesson_language.h"
#include "viz/panels/run_actions.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

void setStatus(AppState& s, std::string text, bool error) {
  s.view.status = std::move(text);
  s.view.statusError = error && !s.view.status.empty();
}

void setLanguage(AppState& s, i18n::Language language) {
  if (language == i18n::language()) return;
  i18n::setLanguage(language);
  applyLanguage(s.course.lessons, language);
  if (!s.run.resolved) return;
  // The plan's prose was written in the old language: run the same call again, keeping where the animation,
  // the pinned cell and the open question (its answer, tries and hints) stand.
  std::optional<ExerciseState> question = s.course.exercise;
  const double t = s.player.t;
  const bool playing = s.player.playing;
  const std::optional<CellRef> pinned = s.view.pinned;
  const RequestSpec pending = s.controls;  // edits not applied yet stay in the fields
  s.controls = s.run.spec;
  runControls(s, [question = std::move(question), t, playing, pinned](AppState& state) mutable {
    state.player.t = t;
    state.player.playing = playing;
    state.view.pinned = pinned;
    if (question && state.course.exercise) {
      question->exercise = std::move(state.course.exercise->exercise);  // its words in the new language
      question->run = state.course.exercise->run;
      question->plane = state.course.exercise->plane;
      if (question->verdict) {  // the last verdict, said again in the new language: not another try
        const int tries = question->wrongTries, hints = question->hintsShown;
        question->check(state.run.scene);
        question->wrongTries = tries, question->hintsShown = hints;
      }
      state.course.exercise = std::move(question);
    }
  });
  s.controls = pending;
}

void syncTheme(AppState& s) {
  const PaletteScheme scheme =
      s.view.palette.value_or(s.view.presenter ? PaletteScheme::kColourBlindSafe : PaletteScheme::kClassic);
  if (theme().presenter == s.view.presenter && paletteScheme() == scheme) return;
  const bool presenterChanged = theme().presenter != s.view.presenter;
  applyTheme(s.view.presenter);
  setPaletteScheme(scheme);
  refreshColours(s);  // the heat scale's neutral colour follows the theme
  if (presenterChanged && depthWindowed(s.run.scene)) {  // presenter mode shows fewer depth slices, larger
    const Player before = s.player;
    rebuildScene(s);
    s.player.t = before.fraction() * s.player.duration;
    s.player.playing = before.playing, s.player.speed = before.speed;
  }
}

}  // namespace gradlab::viz
