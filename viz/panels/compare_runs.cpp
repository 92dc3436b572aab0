#include "viz/panels/compare_runs.h"

#include <algorithm>
#include <cstring>

#include "i18n/translate.h"
#include "viz/model/chips_compare.h"
#include "viz/model/text.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

SceneGrid gridOf(OpKind op, const HostTensor& t, const std::string& name, float x) {
  SceneGrid g;
  g.grid.name = name;
  g.grid.shape = t.shape;
  g.grid.dtype = t.dtype;
  g.grid.values = t.values;
  g.grid.dims = gridDims(op, t.shape);
  g.x = x;
  return g;
}

// What a comparison needs from the app, taken on the UI thread: it may run on the worker.
struct CompareInputs {
  RequestSpec controls;
  HostServices::RunFn runner;
  std::shared_ptr<std::mutex> runtimeLock;
  Rgba neutral;  // the theme's zero colour for the heat scales
};

bool runOrFail(CompareView& c, const CompareInputs& in, const RunRequest& request, RunResult* out, const char* what) {
  {
    std::lock_guard lock(*in.runtimeLock);
    *out = in.runner(request);
  }
  c.error = runFailure(*out, what);
  return c.error.empty();
}

void place(CompareView& c) {
  float x = 0.0f;
  const bool oneD = !c.grids.empty() && c.grids[0].grid.dims.rows == 1;
  float y = 0.0f;
  for (SceneGrid& g : c.grids) {
    if (oneD) {
      g.x = 0.0f, g.y = y;
      y += 4.0f;
    } else {
      g.x = x, g.y = 0.0f;
      x += g.width() + std::max(2.0f, 0.3f * g.width());
    }
  }
}

// Every strategy of the operator on the same inputs, in the controls' mode: modelled timelines on one time
// axis, and each result against the first strategy that sums in the reference's order.
void compareStrategies(CompareView& c, const CompareInputs& in, const RunRequest& base) {
  const std::span<const StrategyInfo> strategies = strategiesOf(base.op);
  RunResult first;
  Cells<float> reference;  // shares the reference run's cells
  std::string referenceName;
  double longest = 0.0;
  const DeviceProfile profile = base.profile ? *base.profile : activeProfile();
  std::vector<std::string> skipped;
  for (const StrategyInfo& info : strategies) {
    // One that cannot run the call (the 950's SIMT kernel on an A2) would only run the default again.
    if (const std::string why = strategyCannotRun(info, {base.dtype, &profile, base.deterministic, base.op}); !why.empty()) {
      skipped.push_back(i18n::trf("{0} does not run here: {1}.", info.name, why));
      continue;
    }
    RunRequest r = base;
    r.strategy = info.name;
    if (!first.inputs.empty()) useInputsOf(first, &r);
    RunResult result;
    if (!runOrFail(c, in, r, &result, info.name)) return;
    if (first.inputs.empty()) first = result;
    StrategyRun run;
    run.name = result.plan ? result.plan->strategyName : info.name;
    run.title = i18n::tr(info.title);
    run.note = result.plan ? result.plan->strategyNote : "";
    if (result.plan) {
      run.timeline = buildTimeline(*result.plan, nullptr);
      run.totalUs = run.timeline.totalUs;
      run.bytes = result.plan->trafficBytes();
      run.cubeCores = result.plan->coresWorking(CoreKind::kCube);
      run.vectorCores = result.plan->coresWorking(CoreKind::kVector);
    }
    longest = std::max(longest, run.totalUs);
    const Cells<float>& values = primaryOutput(result)->values;
    const StrategyInfo* ran = findStrategy(base.op, run.name);
    if (reference.empty() && ran && ran->referenceOrder && !(ran->atomic && !base.deterministic)) {
      reference = values;
      referenceName = run.name;
      run.reference = true;
    }
    c.strategies.push_back(std::move(run));
    c.grids.push_back(gridOf(c.op, *primaryOutput(result), c.strategies.back().name, 0));
  }
  for (size_t i = 0; i < c.strategies.size(); ++i) {
    StrategyRun& run = c.strategies[i];
    run.timeline.totalUs = longest;  // one time axis for every lane
    if (!reference.empty()) absoluteDifference(c.grids[i].grid.values, reference, &run.diff);
  }
  c.grids.clear();
  c.notes.push_back(i18n::trf(base.deterministic
                                 ? "The same inputs through each of {0}'s strategies, deterministic mode, on one time axis (modelled device time)."
                                 : "The same inputs through each of {0}'s strategies, default mode, on one time axis (modelled device time).",
                             opInfo(base.op).name));
  if (!referenceName.empty()) {
    c.notes.push_back(i18n::trf("Each result is compared with {0}'s, which sums in the reference's order.", referenceName));
  }
  c.notes.insert(c.notes.end(), skipped.begin(), skipped.end());
}

// The chips mode's two runs: the controls' call as CANN's kernels run it on the Atlas A2 and on the Ascend 950,
// the same inputs, and why each differing cell differs.
void compareChips(CompareView& c, const CompareInputs& in, const RunRequest& base, const Rgba& neutral) {
  const ChipsRun run = runOnBothChips(base, [&](const RunRequest& r) {
    std::lock_guard lock(*in.runtimeLock);
    return in.runner(r);
  });
  if (!run.ok()) {
    c.error = run.error;
    return;
  }
  const HostTensor& a = *primaryOutput(run.results[0]);
  const HostTensor& b = *primaryOutput(run.results[1]);
  std::vector<float> diff = absoluteDifference(a.values, b.values, &c.diff);
  c.chipReasons = run.reasons;
  c.windowCells = run.windowCells;
  c.orderCells = run.orderCells;
  std::string names[2];
  for (int i = 0; i < 2; ++i) {
    const RunResult& r = run.results[i];
    const std::string strategy = r.plan ? r.plan->strategyName : std::string();
    names[i] = i18n::trf("{0}, {1}", kComparedChips[i].title, strategy);
    c.gridNotes.push_back(i18n::trf("CANN's kernel: {0}", strategy));
    const StrategyInfo* s = r.plan ? r.plan->strategyInfo() : nullptr;
    if (s != nullptr) c.notes.push_back(i18n::trf("{0} runs {1}: {2}.", kComparedChips[i].title, strategy, i18n::tr(s->order)));
  }
  c.grids.push_back(gridOf(c.op, a, kComparedChips[0].title, 0));
  c.grids.push_back(gridOf(c.op, b, kComparedChips[1].title, 0));
  HostTensor d = b;
  d.values = diff;
  d.dtype = ACL_FLOAT;
  c.grids.push_back(gridOf(c.op, d, i18n::tr("difference"), 0));
  c.gridNotes.push_back(i18n::tr("|A2 − 950|"));
  c.notes.insert(c.notes.begin(), i18n::trf("The same inputs through CANN's kernels on the two chips ({0} and {1}), {2}.",
                                            names[0], names[1], dtypeText(base.dtype)));
  c.valueScale = HeatScale::divergingOver({a.values, b.values}, neutral);
  c.diffScale = HeatScale::sequential(diff, 1e-7f, neutral);
}

// Fills `c` (its settings already set) with the comparison's runs and what is drawn from them.
void compareInto(CompareView& c, const CompareInputs& in) {
  const CompareMode mode = c.mode;
  const aclDataType lowDtype = c.lowDtype;
  const Accumulation accumulate = c.accumulate;
  RunRequest base;
  std::string error;
  if (!in.runner) {
    c.error = i18n::tr("no runner is connected");
    return;
  }
  if (!in.controls.resolve(&base, &error)) {
    c.error = error;
    return;
  }
  base.trace = false;
  const Rgba neutral = in.neutral;

  if (mode == CompareMode::kStrategies) {
    compareStrategies(c, in, base);
    return;
  }
  if (mode == CompareMode::kChips) {
    compareChips(c, in, base, neutral);
    if (c.error.empty()) place(c);
    return;
  }
  if (mode == CompareMode::kPrecision) {
    RunRequest low = base;
    // The controls' dtype when it is FLOAT16 / BF16; otherwise (FLOAT, and the exact UINT8 / DOUBLE copies
    // and sums) the tab's own choice.
    const bool half = base.dtype == ACL_FLOAT16 || base.dtype == ACL_BF16;
    low.dtype = half ? base.dtype : lowDtype;
    low.accumulate = accumulate;
    RunResult lowResult, refResult;
    if (!runOrFail(c, in, low, &lowResult, dtypeText(low.dtype))) return;
    RunRequest ref = base;
    ref.dtype = ACL_FLOAT;
    useInputsOf(lowResult, &ref);
    if (!runOrFail(c, in, ref, &refResult, "float32")) return;
    const HostTensor& a = *primaryOutput(refResult);
    const HostTensor& b = *primaryOutput(lowResult);
    std::vector<float> ulps = errorInUlps(low.dtype, b.values, a.values);
    c.ulps = summarizeUlps(ulps);
    c.grids.push_back(gridOf(c.op, a, "float32", 0));
    c.grids.push_back(gridOf(c.op, b, dtypeText(low.dtype), 0));
    HostTensor e = b;
    e.values = ulps;
    e.dtype = ACL_FLOAT;
    c.grids.push_back(gridOf(c.op, e, i18n::tr("error"), 0));
    const bool everySum = accumulate == Accumulation::kDtype && opInfo(c.op).backward;
    c.gridNotes = {a.name, i18n::trf(everySum ? "{0}, every sum rounded" : "{0}, rounded once", b.name),
                   i18n::trf("in {0} ULPs", dtypeText(low.dtype))};
    c.grids.back().grid.dtype = ACL_FLOAT;
    c.notes.push_back(i18n::trf("Same inputs (rounded to {0}) run in float32 and in {0}.", dtypeText(low.dtype)));
    c.notes.push_back(everySum ? i18n::trf("Every partial sum is rounded to {0} (accumulate in dtype): the error grows with the "
                                           "number of terms per cell.",
                                           dtypeText(low.dtype))
                               : std::string(i18n::tr("The sums accumulate in fp32 and are rounded once: at most 0.5 ULP.")));
    c.valueScale = HeatScale::divergingOver({a.values, b.values}, neutral);
    c.diffScale = HeatScale::sequential(ulps, 1.0f, neutral);
  } else {
    RunRequest det = base;
    det.deterministic = true;
    RunResult detResult;
    if (!runOrFail(c, in, det, &detResult, i18n::tr("deterministic run"))) return;
    RunRequest def = base;
    def.deterministic = false;
    useInputsOf(detResult, &def);
    std::vector<std::vector<float>> distinct;
    RunResult first;
    c.defaultRuns = 5;
    for (int i = 0; i < c.defaultRuns; ++i) {
      RunResult r;
      def.schedule = AtomicSchedule::fromSeed(c.firstSeed + static_cast<uint64_t>(i));
      if (!runOrFail(c, in, def, &r, i18n::tr("default run"))) return;
      const Cells<float>& v = primaryOutput(r)->values;
      bool seen = std::any_of(distinct.begin(), distinct.end(), [&](const std::vector<float>& d) {
        return d.size() == v.size() && std::memcmp(d.data(), v.data(), v.size() * sizeof(float)) == 0;
      });
      if (!seen) distinct.push_back(v.vector());
      if (i == 0) first = std::move(r);
    }
    c.distinctDefaultResults = static_cast<int>(distinct.size());
    const HostTensor& a = *primaryOutput(first);
    const HostTensor& b = *primaryOutput(detResult);
    std::vector<float> diff = absoluteDifference(a.values, b.values, &c.diff);
    c.grids.push_back(gridOf(c.op, a, i18n::tr("default"), 0));
    c.grids.push_back(gridOf(c.op, b, i18n::tr("deterministic"), 0));
    HostTensor d = b;
    d.values = diff;
    c.grids.push_back(gridOf(c.op, d, i18n::tr("difference"), 0));
    c.gridNotes = {i18n::trf("{0}, atomic adds, seed:{1}", a.name, c.firstSeed), i18n::trf("{0}, one owner", b.name),
                   i18n::tr("|default − det.|")};
    c.notes.push_back(i18n::tr("Same inputs, default mode (cores add into shared cells with atomics, in arrival order)"));
    c.notes.push_back(i18n::tr("and deterministic mode (one owner per cell, fixed order)."));
    c.notes.push_back(i18n::trf("Each default run has its own atomic schedule, seed:{0} to seed:{1}: a seeded order in which the "
                                "cores' adds land, the same on every machine. Run again draws the next seeds.",
                                c.firstSeed, c.firstSeed + static_cast<uint64_t>(c.defaultRuns) - 1));
    c.valueScale = HeatScale::divergingOver({a.values, b.values}, neutral);
    c.diffScale = HeatScale::sequential(diff, 1e-7f, neutral);
  }
  place(c);
}

}  // namespace

void computeComparison(AppState& s, bool nextSchedules) {
  const CompareView& old = s.compare;
  const bool sameSpec = old.spec == s.controls;
  CompareView c;
  c.mode = old.mode;
  c.lowDtype = old.lowDtype;
  c.accumulate = old.accumulate;
  c.firstSeed = !sameSpec ? 1 : nextSchedules ? old.firstSeed + static_cast<uint64_t>(old.defaultRuns) : old.firstSeed;
  c.stale = false;
  c.spec = s.controls;
  c.op = s.controls.request.op;
  const CompareInputs in{s.controls, s.host.runner, s.host.runtimeLock, theme().neutral};
  if (!s.host.worker) {
    compareInto(c, in);
    s.compare = std::move(c);
    return;
  }
  // On the worker: what is on screen stays (marked as asked for) until the new comparison is ready.
  s.compare.spec = s.controls;
  s.compare.stale = false;
  s.host.worker->submit("compare", i18n::tr("comparing runs"), [c = std::move(c), in]() mutable -> UiWorker::Apply {
    compareInto(c, in);
    return [c = std::move(c)](AppState& state) mutable {
      if (!(c.spec == state.controls) || c.mode != state.compare.mode) return;  // asked for something else since
      state.compare = std::move(c);
    };
  });
}

}  // namespace gradlab::viz
