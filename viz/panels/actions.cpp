#include "viz/panels/actions.h"

#include <algorithm>
#include <new>

#include <imgui.h>

#include "gradlab/printable.h"
#include "i18n/translate.h"
#include "viz/model/lesson_language.h"
#include "viz/model/text.h"
#include "viz/panels/class_student.h"
#include "viz/panels/held_memory.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

std::span<const float> allValues(const SceneGrid* g) { return g ? std::span<const float>(g->grid.values) : std::span<const float>(); }

// i18n::trf in a given language.
template <typename... Values>
std::string trfIn(i18n::Language language, const char* pattern, const Values&... values) {
  return i18n::substitute(i18n::trIn(language, pattern), {std::string_view(i18n::detail::text(values))...});
}

}  // namespace

void refreshColours(AppState& s) {
  RunView& r = s.run;
  const Rgba neutral = theme().neutral;
  const std::span<const float> src = allValues(r.scene.gridAt(r.scene.src));
  const std::span<const float> dst = allValues(r.scene.gridAt(r.scene.dst));
  const std::span<const float> mid = allValues(r.scene.gridAt(r.scene.mid));  // the cube's T shares dst's scale
  // Running sums may pass through larger magnitudes than the final values: include them.
  std::vector<float> sums;
  if (r.scene.trace) {
    sums.reserve(r.scene.planeMoves.size());
    for (uint32_t i : r.scene.planeMoves) sums.push_back(r.scene.trace->moves[i].sumAfter);
  }
  if (!opInfo(r.scene.op).backward) {
    // A forward op copies values: one scale for both sides keeps a copied value the same colour.
    r.srcScale = r.dstScale = HeatScale::divergingOver({src, dst, mid, sums}, neutral);
  } else {
    r.srcScale = HeatScale::diverging(src, neutral);
    r.dstScale = HeatScale::divergingOver({dst, mid, sums}, neutral);
  }
  r.selfScale = HeatScale::diverging(allValues(r.scene.gridAt(r.scene.forwardInput)), neutral);
  s.compare.stale = true;
}

Pacing defaultPacing(size_t planeMoves) {
  return planeMoves <= 80 ? Pacing::kOneAtATime : Pacing::kCoresInParallel;
}

double defaultSpeed(const Animation& animation) {
  // Aim for a 10-15 second animation, but never so slow that a beat drags or so fast it blurs.
  return std::clamp(animation.duration() / 12.0, 2.0, 60.0);
}

void rebuildScene(AppState& s) {
  RunView& r = s.run;
  if (r.ok()) {
    try {
      r.scene = buildScene(sceneSourceOf(r.result, r.request.op), s.plane);
    } catch (const std::bad_alloc&) {
      // The run fitted, its picture did not (a browser page's heap is fragmented by then): say so, keep going.
      r.result.status = ACL_ERROR_BAD_ALLOC;
      r.result.stage = "setup";
      r.result.message = i18n::tr("the run's results came back, but the host could not give the memory to draw them; "
                                  "ask for smaller sizes");
    }
  }
  if (!r.ok()) {
    r.scene = Scene{};
    r.animation = Animation{};
    s.player.reset(0.0);
    return;
  }
  if (s.selectedTile && (!r.result.plan || *s.selectedTile >= static_cast<int32_t>(r.result.plan->tiles.size())))
    s.selectedTile.reset();
  s.plane = r.scene.plane;
  if (!s.pacingPinned) s.pacing = defaultPacing(r.scene.planeMoves.size());
  r.animation = Animation(r.scene, s.pacing);
  s.player.reset(r.animation.duration());
  s.player.speed = s.presetSpeed > 0 ? s.presetSpeed : defaultSpeed(r.animation);
  refreshColours(s);
  s.hovered.reset();
  s.scatterView.fitRequested = true;
  for (CanvasView* v : {&s.scatterView, &s.tilingView, &s.pipelineView, &s.compareView}) v->labelLines = 0;  // asked again for this scene
  s.tilingView.fitRequested = true;
  s.pipelineView.fitRequested = true;
  refreshExercise(s);
}

namespace {

// Everything about a run that is decided on the UI thread: the controls as they are now.
RunView prepareRun(AppState& s) {
  RunView r;
  r.id = ++s.runsAsked;
  r.spec = s.controls;
  std::string error;
  r.resolved = s.controls.resolve(&r.request, &error);
  if (!r.resolved) {
    r.resolveError = error;
    r.result.status = -1;
    r.result.message = error;
  } else if (!s.runner) {
    r.result.status = -1;
    r.result.message = i18n::tr("no runner is connected");
  } else {
    r.notes = dropMisfitInputs(&r.request);
    r.request.trace = true;
    // Admitted with what the app holds beside the run (the old run stays on screen until this one lands).
    r.request.callerHostBytes = heldBytes(s.run) + sceneBytes(r.request);
  }
  return r;
}

bool runnable(const RunView& r, const AppState& s) { return r.resolved && s.runner != nullptr; }

// The run itself and what is built from its plan and trace alone: safe on any thread.
void executeRun(RunView& r, const AppState::RunFn& runner, std::mutex& runtime) {
  {
    std::lock_guard lock(runtime);
    r.result = runner(r.request);
  }
  if (r.ok() && r.result.plan) {
    r.timeline = buildTimeline(*r.result.plan, r.result.trace.get());
    r.timelineHeldBack = withAtomicAddsAsCopiesOut(r.timeline);
  }
}

void installRun(AppState& s, RunView r) {
  s.run = std::move(r);
  if (s.statusUntilNextRun) s.status.clear();
  s.statusUntilNextRun = false;
  s.pinned.reset();
  rebuildScene(s);
  s.compare.stale = true;
  if (s.afterRun) {
    std::function<void(AppState&)> then = std::move(s.afterRun);
    s.afterRun = nullptr;
    then(s);
  }
}

std::string describeRun(const RunRequest& r) {
  return cat(i18n::tr(opInfo(r.op).title), " ", r.shape.N, "x", r.shape.C, "x", r.shape.in[kH], "x", r.shape.in[kW], " <- ", r.shape.out[kH], "x", r.shape.out[kW]);
}

}  // namespace

void runControls(AppState& s, std::function<void(AppState&)> then) {
  s.afterRun = std::move(then);
  RunView next = prepareRun(s);
  if (s.worker && runnable(next, s)) {
    const std::string what = describeRun(next.request);
    // A newer request supersedes the run in hand (its result would be dropped): stop it between tiles.
    if (s.runProgress) s.runProgress->cancel = true;
    s.runProgress = next.request.progress = std::make_shared<RunProgress>();
    s.runClock = {};
    s.worker->submit("run", what, [next = std::move(next), runner = s.runner, lock = s.runtimeLock]() mutable -> UiWorker::Apply {
      executeRun(next, runner, *lock);
      return [next = std::move(next)](AppState& state) mutable {
        if (state.runProgress == next.request.progress) state.runProgress.reset();
        if (next.request.progress->cancelled()) return;  // cancelRun kept the previous run on screen
        installRun(state, std::move(next));
      };
    });
    return;
  }
  if (runnable(next, s)) executeRun(next, s.runner, *s.runtimeLock);
  installRun(s, std::move(next));
}

bool cancelRun(AppState& s) {
  if (!s.runProgress || s.runProgress->cancelled()) return false;
  s.runProgress->cancel = true;
  s.afterRun = nullptr;
  s.controls = s.run.spec;  // the fields show the run on screen again
  s.status = i18n::tr("Run cancelled: the previous run stays on screen.");
  s.statusError = false;
  s.statusUntilNextRun = true;
  return true;
}

void setPlane(AppState& s, int64_t plane) {
  if (plane == s.plane) return;
  s.plane = plane;
  rebuildScene(s);
}

void setPacing(AppState& s, Pacing pacing) {
  s.pacing = pacing;
  s.pacingPinned = true;
  const double fraction = s.player.fraction();
  rebuildScene(s);
  s.player.t = fraction * s.player.duration;
}

void applyPreset(AppState& s, int lesson, int preset) {
  s.lesson = lesson;
  s.preset = preset;
  const Preset* p = s.currentPreset();
  if (!p) return;
  showRun(s, p->spec, p->view);
}

void showRun(AppState& s, const RequestSpec& spec, const PresetView& view, std::function<void(AppState&)> then) {
  s.controls = spec;
  s.tab = view.tab;
  s.selectTab = true;
  s.colour = view.colour;
  s.plane = view.plane;
  s.pacingPinned = view.pacingSet;
  if (view.pacingSet) s.pacing = view.pacing;
  s.presetSpeed = view.speed;
  s.compare.mode = view.compare;
  s.compare.lowDtype = view.lowDtype;
  s.compare.accumulate = view.accumulate;
  s.timelineKernelsOnly = view.timelineKernelsOnly;
  s.memoryOrder = view.memoryOrder;
  // The last step's question must not stay on screen under this step's title while its run is on the
  // worker (a quarter of a second in a browser tab): it goes now, and this step's comes when its run lands.
  refreshExercise(s);
  runControls(s, [view, then = std::move(then)](AppState& state) {
    state.player.playing = view.autoplay && state.run.ok() && !state.run.animation.empty() && !state.exerciseOpen();
    if (!view.focusGrid.empty()) {
      for (size_t i = 0; i < state.run.scene.grids.size(); ++i)
        if (state.run.scene.grids[i].grid.name == view.focusGrid)
          state.pinned = CellRef{static_cast<int>(i), view.focusRow, view.focusCol};
    }
    if (then) then(state);
  });
}

Session captureSession(const AppState& s) {
  Session out;
  out.spec = s.controls;
  PresetView& v = out.view;
  v.tab = s.tab;
  v.colour = s.colour;
  v.plane = s.plane;
  v.pacingSet = s.pacingPinned;
  v.pacing = s.pacing;
  v.speed = s.player.speed;
  v.compare = s.compare.mode;
  v.lowDtype = s.compare.lowDtype;
  v.accumulate = s.compare.accumulate;
  v.timelineKernelsOnly = s.timelineKernelsOnly;
  v.memoryOrder = s.memoryOrder;
  v.autoplay = s.player.playing;
  if (s.pinned) {
    if (const SceneGrid* g = s.run.scene.gridAt(s.pinned->grid)) {
      v.focusGrid = g->grid.name;
      v.focusRow = s.pinned->row;
      v.focusCol = s.pinned->col;
    }
  }
  if (const Lesson* l = s.currentLesson()) out.lesson = l->id, out.step = s.preset;
  out.at = s.player.fraction();
  out.presenter = s.presenter;
  out.language = i18n::language();
  return out;
}

bool applySession(AppState& s, const Session& session, std::string* error, std::string* note) {
  s.lesson = -1;
  s.preset = 0;
  s.libraryPreset.reset();
  if (!session.lesson.empty() && !findLesson(s.lessons, session.lesson) && note) {
    // Its run still opens, in free exploration; the name is shown as printable text (a hostile session
    // may hold a path or control characters).
    *note = i18n::trf("the session's lesson \"{0}\" is not one of this app's lessons: its run opens in free exploration",
                      printableLine(session.lesson, 80));
  }
  if (!session.lesson.empty()) {
    for (size_t i = 0; i < s.lessons.size(); ++i) {
      if (s.lessons[i].id != session.lesson) continue;
      if (session.step >= static_cast<int>(s.lessons[i].presets.size())) {
        *error = i18n::trf("the session's lesson \"{0}\" has no step {1}", session.lesson, session.step + 1);
        return false;
      }
      s.lesson = static_cast<int>(i), s.preset = session.step;
    }
  }
  s.presenter = session.presenter;
  if (session.language) setLanguage(s, *session.language);
  showRun(s, session.spec, session.view, [at = session.at](AppState& state) { state.player.t = at * state.player.duration; });
  return true;
}

void setStatus(AppState& s, std::string text, bool error) {
  s.status = std::move(text);
  s.statusError = error && !s.status.empty();
}

void leaveLesson(AppState& s) {
  s.lesson = -1;
  s.preset = 0;
  s.libraryPreset.reset();
  s.exercise.reset();
}

void applyLibraryPreset(AppState& s, const Preset& p) {
  s.lesson = -1;
  s.libraryPreset = p;
  showRun(s, p.spec, p.view);
}

void refreshExercise(AppState& s) {
  const Preset* p = s.currentPreset();
  if (!p || !p->exercise || !(s.run.spec == p->spec) || !s.run.ok()) {
    s.exercise.reset();
    return;
  }
  if (s.exercise && s.exercise->run == s.run.id && s.exercise->plane == s.run.scene.plane) return;
  ExerciseState e;
  e.exercise = buildExercise(*p->exercise, s.run.scene, s.run.request, s.run.result);
  e.plane = s.run.scene.plane;
  e.run = s.run.id;
  s.exercise = std::move(e);
  if (s.exercise->open()) {
    s.player.playing = false;
    s.player.t = 0.0;
    // Nothing picked before the question opened may outline its answer: the previous step's tile, kernel
    // line or cell.
    s.selectedTile.reset();
    s.scrollToSelectedTile = false;
    s.codeLine.reset();
    s.pinned.reset();  // a step's own focus cell is pinned again once its run lands
  }
}

void setLanguage(AppState& s, i18n::Language language) {
  if (language == i18n::language()) return;
  i18n::setLanguage(language);
  applyLanguage(s.lessons, language);
  if (!s.run.resolved) return;
  // The plan's prose was written in the old language: run the same call again, keeping where the animation,
  // the pinned cell and the open question (its answer, tries and hints) stand.
  std::optional<ExerciseState> question = s.exercise;
  const double t = s.player.t;
  const bool playing = s.player.playing;
  const std::optional<CellRef> pinned = s.pinned;
  const RequestSpec pending = s.controls;  // edits not applied yet stay in the fields
  s.controls = s.run.spec;
  runControls(s, [question = std::move(question), t, playing, pinned](AppState& state) mutable {
    state.player.t = t;
    state.player.playing = playing;
    state.pinned = pinned;
    if (question && state.exercise) {
      question->exercise = std::move(state.exercise->exercise);  // its words in the new language
      question->run = state.exercise->run;
      question->plane = state.exercise->plane;
      if (question->verdict) {  // the last verdict, said again in the new language: not another try
        const int tries = question->wrongTries, hints = question->hintsShown;
        question->check(state.run.scene);
        question->wrongTries = tries, question->hintsShown = hints;
      }
      state.exercise = std::move(question);
    }
  });
  s.controls = pending;
}

namespace {

void playReveal(AppState& s) {
  s.player.t = 0.0;
  s.player.playing = s.run.ok() && !s.run.animation.empty();
  // The inspector and the arrows turn to the cell the question asked about (they showed the step's own
  // focus, which read as the student's old pick).
  if (s.exercise && s.exercise->exercise.asked.grid >= 0) s.pinned = s.exercise->exercise.asked;
}

// The step's record: made at its first check, hint or reveal. Its first check or reveal settles "right first
// time" (`rightCheck`: a check answered right); a hint before it is counted as a hint, not as a wrong try.
enum class ExerciseEvent { kCheck, kHint, kReveal };
void recordExercise(AppState& s, ExerciseEvent event, bool rightCheck) {
  const Lesson* l = s.currentLesson();
  if (!l || !s.exercise) return;
  ExerciseResult& result = s.exerciseResults[l->id][s.preset];
  if (event != ExerciseEvent::kHint && !result.settled) {
    result.settled = true;
    result.firstTry = rightCheck;
  }
  result.hints = std::max(result.hints, s.exercise->hintsAsked);  // the hint a wrong try brings is not one used
}

}  // namespace

void checkExercise(AppState& s) {
  if (!s.exerciseOpen()) return;
  const bool right = s.exercise->check(s.run.scene).correct;
  recordExercise(s, ExerciseEvent::kCheck, right);
  sendClassTry(s, ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0);  // a student's page: the try goes to the teacher
  if (right) playReveal(s);
}

void hintExercise(AppState& s) {
  if (!s.exerciseOpen() || !s.exercise->showHint()) return;
  recordExercise(s, ExerciseEvent::kHint, false);
}

void revealExercise(AppState& s) {
  if (!s.exerciseOpen()) return;
  s.exercise->reveal();
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
  if (auto it = s.exerciseResults.find(l->id); it != s.exerciseResults.end()) {
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

void selectTile(AppState& s, int32_t tile) {
  if (s.planHidden()) return;  // a selected tile would name the rows and core the open question asks about
  s.selectedTile = tile;
  s.scrollToSelectedTile = true;
}

void setOperator(RequestSpec& c, OpKind op) {
  c.request.op = op;
  const std::span<const aclDataType> dtypes = opInfo(op).dtypes;
  if (std::find(dtypes.begin(), dtypes.end(), c.request.dtype) == dtypes.end()) c.request.dtype = ACL_FLOAT;
  // A strategy the operator does not have (the cube of a backward, asked for on a forward) gives way to its default.
  if (c.request.strategy && !strategyRequestValid(op, *c.request.strategy)) c.request.strategy.reset();
}

void openRun(AppState& s, const RequestSpec& spec) {
  s.lesson = -1;
  s.libraryPreset.reset();
  s.preset = 0;
  s.controls = spec;
  s.tab = Tab::kScatter;
  s.selectTab = true;
  s.plane = 0;
  s.pacingPinned = false;
  s.presetSpeed = 0.0;
  runControls(s);
}

namespace {

bool asks(const AppState& s, int lesson, int preset) {
  return s.lessons[static_cast<size_t>(lesson)].presets[static_cast<size_t>(preset)].exercise.has_value();
}

// The step `delta` steps on from (lesson, preset), wrapping into the next/previous lesson at the ends.
void nextStep(const AppState& s, int* lesson, int* preset, int delta) {
  *preset += delta;
  if (*preset < 0) {
    *lesson = (*lesson + static_cast<int>(s.lessons.size()) - 1) % static_cast<int>(s.lessons.size());
    *preset = static_cast<int>(s.lessons[static_cast<size_t>(*lesson)].presets.size()) - 1;
  } else if (*preset >= static_cast<int>(s.lessons[static_cast<size_t>(*lesson)].presets.size())) {
    *lesson = (*lesson + 1) % static_cast<int>(s.lessons.size());
    *preset = 0;
  }
}

}  // namespace

void stepPreset(AppState& s, int delta) {
  if (s.lessons.empty()) return;
  int lesson = std::clamp(s.lesson, 0, static_cast<int>(s.lessons.size()) - 1);
  int preset = s.lesson < 0 ? 0 : s.preset;
  if (s.lesson >= 0) {
    nextStep(s, &lesson, &preset, delta);
    // Class mode passes over the steps that ask nothing (a lesson set without a question stays where it is).
    size_t steps = 0;
    for (const Lesson& l : s.lessons) steps += l.presets.size();
    for (size_t k = 0; s.classMode && k < steps && !asks(s, lesson, preset); ++k) nextStep(s, &lesson, &preset, delta < 0 ? -1 : 1);
  }
  applyPreset(s, lesson, preset);
}

void setClassMode(AppState& s, bool on) {
  s.classMode = on;
  if (!on) return;
  s.presenter = true;
  if (s.currentPreset() && !s.currentPreset()->exercise) stepPreset(s, +1);
}

bool selectLesson(AppState& s, const std::string& id) {
  for (size_t i = 0; i < s.lessons.size(); ++i)
    if (s.lessons[i].id == id) {
      applyPreset(s, static_cast<int>(i), 0);
      return true;
    }
  return false;
}

void syncTheme(AppState& s) {
  const PaletteScheme scheme =
      s.palette.value_or(s.presenter ? PaletteScheme::kColourBlindSafe : PaletteScheme::kClassic);
  if (theme().presenter == s.presenter && paletteScheme() == scheme) return;
  applyTheme(s.presenter);
  setPaletteScheme(scheme);
  refreshColours(s);  // the heat scale's neutral colour follows the theme
}

void handleShortcut(AppState& s, Shortcut shortcut) {
  switch (shortcut) {
    case Shortcut::kPlayPause:
      // An open question hides the flights (they would answer it): playing would move nothing on screen.
      if (s.exerciseOpen()) setStatus(s, i18n::tr("The animation plays once the question is answered."), false);
      else s.player.togglePlay();
      break;
    case Shortcut::kStepForward: s.player.stepForward(s.run.animation, s.stepUnit); break;
    case Shortcut::kStepBack: s.player.stepBack(s.run.animation, s.stepUnit); break;
    case Shortcut::kPreviousPreset: stepPreset(s, -1); break;
    case Shortcut::kNextPreset: stepPreset(s, +1); break;
    case Shortcut::kFullscreen: s.requests.toggleFullscreen = true; break;
    case Shortcut::kPresenter:
      s.presenter = !s.presenter;  // the theme follows at the end of the frame (syncTheme)
      break;
    case Shortcut::kScreenshot: s.requests.screenshot = true; break;
    case Shortcut::kHelp: s.showHelp = !s.showHelp; break;
    case Shortcut::kMemoryOrder: s.memoryOrder = !s.memoryOrder; break;
    case Shortcut::kCancelRun:  // Esc: a popup open takes it first (it closes)
      if (!ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) cancelRun(s);
      break;
  }
}

}  // namespace gradlab::viz
