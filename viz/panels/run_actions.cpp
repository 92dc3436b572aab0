#include "viz/panels/run_actions.h"

#include <algorithm>
#include <new>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/exercise_actions.h"
#include "viz/panels/held_memory.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

namespace {

std::span<const float> allValues(const SceneGrid* g) { return g ? std::span<const float>(g->grid.values) : std::span<const float>(); }

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
      r.scene = buildScene(sceneSourceOf(r.result, r.request.op), s.view.plane, s.view.depthFirst,
                           s.view.presenter ? kDepthWindowRows / 2 : kDepthWindowRows);
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
  if (s.view.selectedTile &&
      (!r.result.plan || *s.view.selectedTile >= static_cast<int32_t>(r.result.plan->tiles.size())))
    s.view.selectedTile.reset();
  s.view.plane = r.scene.plane;
  s.view.depthFirst = r.scene.depthFirst;
  if (!s.pacingPinned) s.pacing = defaultPacing(r.scene.planeMoves.size());
  r.animation = Animation(r.scene, s.pacing);
  s.player.reset(r.animation.duration());
  s.player.speed = s.presetSpeed > 0 ? s.presetSpeed : defaultSpeed(r.animation);
  refreshColours(s);
  s.view.hovered.reset();
  s.view.scatterView.fitRequested = true;
  for (CanvasView* v : {&s.view.scatterView, &s.view.tilingView, &s.view.pipelineView, &s.view.compareView})
    v->labelLines = 0;  // asked again for this scene
  s.view.tilingView.fitRequested = true;
  s.view.pipelineView.fitRequested = true;
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
  } else if (!s.host.runner) {
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

bool runnable(const RunView& r, const AppState& s) { return r.resolved && s.host.runner != nullptr; }

// The run itself and what is built from its plan and trace alone: safe on any thread.
void executeRun(RunView& r, const HostServices::RunFn& runner, std::mutex& runtime) {
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
  if (s.view.statusUntilNextRun) s.view.status.clear();
  s.view.statusUntilNextRun = false;
  s.view.pinned.reset();
  rebuildScene(s);
  s.compare.stale = true;
  if (s.host.afterRun) {
    std::function<void(AppState&)> then = std::move(s.host.afterRun);
    s.host.afterRun = nullptr;
    then(s);
  }
}

std::string describeRun(const RunRequest& r) {
  return cat(i18n::tr(opInfo(r.op).title), " ", r.shape.N, "x", r.shape.C, "x", r.shape.in[kH], "x", r.shape.in[kW], " <- ", r.shape.out[kH], "x", r.shape.out[kW]);
}

}  // namespace

void runControls(AppState& s, std::function<void(AppState&)> then) {
  s.host.afterRun = std::move(then);
  RunView next = prepareRun(s);
  if (s.host.worker && runnable(next, s)) {
    const std::string what = describeRun(next.request);
    // A newer request supersedes the run in hand (its result would be dropped): stop it between tiles.
    if (s.runProgress) s.runProgress->cancel = true;
    s.runProgress = next.request.progress = std::make_shared<RunProgress>();
    s.runClock = {};
    s.host.worker->submit(
        "run", what,
        [next = std::move(next), runner = s.host.runner, lock = s.host.runtimeLock]() mutable -> UiWorker::Apply {
          executeRun(next, runner, *lock);
          return [next = std::move(next)](AppState& state) mutable {
            if (state.runProgress == next.request.progress) state.runProgress.reset();
            if (next.request.progress->cancelled()) return;  // cancelRun kept the previous run on screen
            installRun(state, std::move(next));
          };
        });
    return;
  }
  if (runnable(next, s)) executeRun(next, s.host.runner, *s.host.runtimeLock);
  installRun(s, std::move(next));
}

bool cancelRun(AppState& s) {
  if (!s.runProgress || s.runProgress->cancelled()) return false;
  s.runProgress->cancel = true;
  s.host.afterRun = nullptr;
  s.controls = s.run.spec;  // the fields show the run on screen again
  s.view.status = i18n::tr("Run cancelled: the previous run stays on screen.");
  s.view.statusError = false;
  s.view.statusUntilNextRun = true;
  return true;
}

void setPlane(AppState& s, int64_t plane) {
  if (plane == s.view.plane) return;
  s.view.plane = plane;
  rebuildScene(s);
}

void setDepthFirst(AppState& s, int64_t first) {
  if (first == s.view.depthFirst) return;
  s.view.depthFirst = first;
  rebuildScene(s);
}

void setPacing(AppState& s, Pacing pacing) {
  s.pacing = pacing;
  s.pacingPinned = true;
  const double fraction = s.player.fraction();
  rebuildScene(s);
  s.player.t = fraction * s.player.duration;
}

void selectTile(AppState& s, int32_t tile) {
  if (s.planHidden()) return;  // a selected tile would name the rows and core the open question asks about
  s.view.selectedTile = tile;
  s.view.scrollToSelectedTile = true;
}

void setOperator(RequestSpec& c, OpKind op) {
  c.request.op = op;
  const std::span<const aclDataType> dtypes = opInfo(op).dtypes;
  if (std::find(dtypes.begin(), dtypes.end(), c.request.dtype) == dtypes.end()) c.request.dtype = ACL_FLOAT;
  // An index dtype the operator does not take (the 2-D pool's INT64 on the 3-D pool) gives way to its first.
  const std::span<const aclDataType> indexDtypes = opInfo(op).indexDtypes;
  if (std::find(indexDtypes.begin(), indexDtypes.end(), c.request.indexType) == indexDtypes.end()) {
    c.request.indexType = ACL_DT_UNDEFINED;
  }
  // A strategy the operator does not have (the cube of a backward, asked for on a forward) gives way to its default.
  if (c.request.strategy && !strategyRequestValid(op, *c.request.strategy)) c.request.strategy.reset();
}

}  // namespace gradlab::viz
