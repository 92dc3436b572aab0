// Strategies (gradlab/strategy.h): the catalog lists them, a call asks for one, and each keeps its stated
// summation order. The cube strategy's own properties: its phases and cores, its two-hop trace, its
// association and its 0 x inf = NaN, and the lanes strategy's plan as CANN's normal template lays it out.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "gradlab/ops.h"
#include "gradlab/plan.h"
#include "gradlab/runner.h"
#include "gradlab/strategy.h"
#include "gradlab/trace.h"
#include "gradlab/trace_export.h"
#include "gradlab/verify.h"
#include "runtime/prose.h"
#include "ops/common/plan_context.h"
#include "ops/common/strategy_choice.h"
#include "profile_spec.h"
#include "verify/judge.h"

namespace gradlab {
namespace {

RunRequest upsample2d(int64_t n, int64_t c, int64_t inH, int64_t inW, int64_t outH, int64_t outW, const char* strategy) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.N = n, r.shape.C = c, r.shape.in[kH] = inH, r.shape.in[kW] = inW, r.shape.out[kH] = outH, r.shape.out[kW] = outW;
  if (strategy) r.strategy = strategy;
  r.profile = testing::profileOf("atlas-a2");
  return r;
}

RunRequest pool(int64_t planes, int64_t inH, int64_t inW, int64_t outH, int64_t outW, const char* strategy) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.N = 1, r.shape.C = planes, r.shape.in[kH] = inH, r.shape.in[kW] = inW, r.shape.out[kH] = outH, r.shape.out[kW] = outW;
  if (strategy) r.strategy = strategy;
  r.profile = testing::profileOf("atlas-a2");
  return r;
}

RunResult checked(const RunRequest& r) {
  RunResult result = run(r);
  EXPECT_TRUE(result.ok()) << result.message;
  if (!result.ok()) return result;
  const verify::Verdict v = verify::checkRun(r, result);
  EXPECT_TRUE(v.passed) << verify::describe(r) << ": " << (v.lines.empty() ? "" : v.lines.front());
  return result;
}

TEST(Strategies, TheCatalogListsThem) {
  for (const OpInfo& op : allOps()) EXPECT_FALSE(op.strategies.empty()) << op.name;
  const auto names = [](OpKind op) {
    std::set<std::string> out;
    for (const StrategyInfo& s : strategiesOf(op)) out.insert(s.name);
    return out;
  };
  EXPECT_EQ(names(OpKind::kUpsampleNearestExact2dBackward), (std::set<std::string>{"scatter", "gather", "cube", "simt"}));
  EXPECT_EQ(names(OpKind::kAdaptiveMaxPool2dBackward), (std::set<std::string>{"scatter", "owner", "lanes", "simt"}));
  EXPECT_TRUE(findStrategy(OpKind::kUpsampleNearestExact2dBackward, "CUBE")->cube) << "names ignore case";
  EXPECT_EQ(findStrategy(OpKind::kAdaptiveMaxPool2dBackward, "cube"), nullptr);
  EXPECT_TRUE(strategyRequestValid(OpKind::kUpsampleNearestExact1d, "cann"));
  EXPECT_TRUE(strategyRequestValid(OpKind::kUpsampleNearestExact1d, "default"));
  EXPECT_FALSE(strategyRequestValid(OpKind::kUpsampleNearestExact1d, "cube"));
  for (const OpInfo& op : allOps()) {
    for (const StrategyInfo& s : op.strategies) {
      EXPECT_FALSE(std::string(s.order).empty()) << op.name << " " << s.name << " states its summation order";
      EXPECT_FALSE(std::string(s.numerics).empty()) << op.name << " " << s.name << " states its tolerance";
      if (s.atomic && *s.deterministicTwin != '\0') {
        EXPECT_NE(findStrategy(op.kind, s.deterministicTwin), nullptr) << s.name << "'s twin";
      }
    }
  }
}

// What the code that draws, checks and lists a plan reads instead of a strategy's name, and a plan finds
// its strategy's facts in the catalog.
TEST(Strategies, TheirFactsAreDataAndThePlanFindsThem) {
  const auto adaptive = strategiesOf(OpKind::kAdaptiveMaxPool2dBackward);
  ASSERT_EQ(adaptive.size(), 4u);
  for (const StrategyInfo& s : adaptive) {
    const std::string name = s.name;
    EXPECT_EQ(s.planeOwners, name == "owner" || name == "lanes") << name;
    EXPECT_EQ(s.wholeWindows, name == "lanes") << name;
  }
  for (const StrategyInfo& s : strategiesOf(OpKind::kUpsampleNearestExact2dBackward)) {
    EXPECT_FALSE(s.wholeWindows) << s.name;
    EXPECT_EQ(s.cube, std::string(s.name) == "cube") << s.name;
    EXPECT_EQ(s.cannWindows, std::string(s.name) == "simt") << s.name;
  }
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 4, r.shape.out[kH] = r.shape.out[kW] = 8;
  r.strategy = "cube";
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  ASSERT_NE(result.plan->strategyInfo(), nullptr);
  EXPECT_TRUE(result.plan->strategyInfo()->cube);
  EXPECT_GT(result.plan->cubeLanes, 0);
  Plan none;
  none.strategyName = "no such strategy";
  EXPECT_EQ(none.strategyInfo(), nullptr);
}

// The legacy nearest backwards say what CANN runs for them: UpsampleNearestExact2dGrad with exact_mode false, and
// only for the shapes its AI-core check admits (nearest-vs-exact step 5 said CANN ran the exact kernel).
TEST(Strategies, TheLegacyNearestBackwardsSayWhenCannRunsTheExactKernelForThem) {
  for (const OpKind op : {OpKind::kUpsampleNearest1dBackward, OpKind::kUpsampleNearest2dBackward}) {
    RunRequest r = upsample2d(1, 2, 4, 4, 8, 8, nullptr);
    r.op = op;
    if (opInfo(op).spatialRank == 1) r.shape.in[kH] = r.shape.out[kH] = 1;
    const RunResult result = run(r);
    ASSERT_TRUE(result.ok()) << opInfo(op).name;
    EXPECT_NE(result.plan->cannWhy.find("exact_mode false"), std::string::npos) << result.plan->cannWhy;
    EXPECT_NE(result.plan->cannWhy.find("AI-core check"), std::string::npos) << result.plan->cannWhy;
  }
}

TEST(Strategies, TheDefaultIsTodaysChoiceAndThePlanSaysWhatRanAndWhatCannWouldRun) {
  RunRequest r = upsample2d(1, 2, 4, 4, 8, 8, nullptr);
  r.strategy.reset();
  r.deterministic = true;
  RunResult det = run(r);
  ASSERT_TRUE(det.ok());
  EXPECT_EQ(det.plan->strategyName, "gather");
  EXPECT_EQ(det.plan->cannStrategy, "cube");
  EXPECT_NE(det.plan->cannWhy.find("cube cores"), std::string::npos) << det.plan->cannWhy;
  r.deterministic = false;
  EXPECT_EQ(run(r).plan->strategyName, "scatter");
  r.strategy = "cann";
  EXPECT_EQ(run(r).plan->strategyName, "cube");
  RunRequest p = pool(3, 9, 7, 4, 3, "cann");
  EXPECT_EQ(run(p).plan->strategyName, "lanes");
}

TEST(Strategies, AnAtomicStrategyGivesWayInDeterministicMode) {
  RunRequest r = upsample2d(1, 1, 5, 5, 11, 11, "scatter");
  r.deterministic = true;
  const RunResult result = checked(r);
  EXPECT_EQ(result.plan->strategyName, "gather");
  EXPECT_NE(result.plan->strategyNote.find("deterministic mode runs gather"), std::string::npos)
      << result.plan->strategyNote;
  RunRequest p = pool(2, 9, 9, 4, 4, "scatter");
  p.deterministic = true;
  EXPECT_EQ(run(p).plan->strategyName, "owner");
}

TEST(Strategies, AnUnknownNameIsRefusedWhenAskedForAndIgnoredFromTheEnvironment) {
  RunRequest r = upsample2d(1, 1, 4, 4, 8, 8, "lanes");
  const RunResult refused = run(r);
  EXPECT_EQ(refused.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(refused.message.find("strategy \"lanes\" is not one of UpsampleNearestExact2dBackward's: scatter, gather, cube, simt"),
            std::string::npos)
      << refused.message;
  ops::PlanContext ctx;
  ctx.strategy = "lanes";
  ctx.strategyFromEnvironment = true;
  ops::StrategyChoice choice;
  rt::DescribeScope describe;  // the note is prose: made only when a plan is described
  ASSERT_EQ(ops::chooseStrategy("api", OpKind::kUpsampleNearestExact2dBackward, ACL_FLOAT, Extents{}, ctx, "scatter", &choice),
            ACLNN_SUCCESS);
  EXPECT_STREQ(choice.info->name, "scatter");
  EXPECT_NE(choice.note.find("GRADLAB_STRATEGY=lanes names no strategy"), std::string::npos) << choice.note;
}

TEST(Strategies, AStrategyThatCannotRunACallSaysWhyAndTheModesDefaultRuns) {
  const StrategyInfo& cube = *findStrategy(OpKind::kUpsampleNearestExact2dBackward, "cube");
  EXPECT_NE(std::string(cube.needs), "") << "--list-strategies says when it runs";
  const DeviceProfile a2 = testing::profileOf("atlas-a2");
  DeviceProfile noCube = a2;  // a device spec asks for at least one; a profile made in code may have none
  noCube.cubeCores = 0;
  const auto up2d = OpKind::kUpsampleNearestExact2dBackward, up3d = OpKind::kUpsampleNearestExact3dBackward;
  EXPECT_EQ(strategyCannotRun(cube, {ACL_FLOAT, &a2, false, up2d}), "");
  EXPECT_EQ(strategyCannotRun(cube, {ACL_FLOAT, &noCube, false, up2d}), "the device profile has no cube cores");
  EXPECT_EQ(strategyCannotRun(cube, {ACL_DOUBLE, &a2, false, up2d}), "the cube has no fp64");
  EXPECT_EQ(strategyCannotRun(cube, {ACL_FLOAT, &a2, false, up3d}),
            "a 3-D call needs a third matrix product, over D, which this strategy does not model");
  EXPECT_EQ(strategyCannotRun(*findStrategy(up2d, "gather"), {ACL_DOUBLE, &noCube, true, up2d}), "");
  for (bool det : {false, true}) {  // a 3-D call that asks for the cube runs the mode's default, bit for bit
    RunRequest three;
    three.op = up3d;
    three.shape = {.N = 1, .C = 2, .in = {2, 3, 3}, .out = {5, 6, 7}};
    three.strategy = "cube";
    three.deterministic = det;
    const RunResult got = run(three);
    ASSERT_TRUE(got.ok()) << got.message;
    EXPECT_EQ(got.plan->strategyName, det ? "gather" : "scatter");
    EXPECT_NE(got.plan->strategyNote.find("cube cannot run this call (a 3-D call needs a third matrix product"),
              std::string::npos) << got.plan->strategyNote;
  }

  RunRequest r = upsample2d(1, 2, 4, 4, 9, 9, "cube");
  r.profile = noCube;
  for (bool det : {false, true}) {
    r.deterministic = det;
    const RunResult result = checked(r);
    ASSERT_TRUE(result.plan);
    EXPECT_EQ(result.plan->strategyName, det ? "gather" : "scatter");
    EXPECT_NE(result.plan->strategyNote.find("cube cannot run this call (the device profile has no cube cores)"),
              std::string::npos)
        << result.plan->strategyNote;
  }
  RunRequest fp64;  // the legacy 1-D backward takes DOUBLE
  fp64.op = OpKind::kUpsampleNearest1dBackward;
  fp64.shape = {.N = 1, .C = 2, .in = {1, 1, 5}, .out = {1, 1, 12}};
  fp64.dtype = ACL_DOUBLE;
  fp64.strategy = "cube";
  fp64.profile = a2;
  const RunResult result = checked(fp64);
  ASSERT_TRUE(result.plan);
  EXPECT_EQ(result.plan->strategyName, "scatter");
  EXPECT_NE(result.plan->strategyNote.find("the cube has no fp64"), std::string::npos) << result.plan->strategyNote;
}

TEST(Strategies, OperatorsWithAChoiceGiveEachStrategyItsOwnPlannerAndLaunch) {
  for (const OpInfo& op : allOps()) {
    if (op.strategies.size() < 2) continue;
    for (const StrategyInfo& s : op.strategies) {
      EXPECT_NE(s.engine, nullptr) << op.name << " " << s.name;
      if (s.cannotRun != nullptr) {
        EXPECT_NE(std::string(s.needs), "") << op.name << " " << s.name << " says when it runs";
      }
    }
  }
}

TEST(Strategies, EveryBackwardStrategyChecksOutInEveryDtypeAndMode) {
  for (const OpInfo& op : allOps()) {
    if (!op.backward) continue;
    for (const StrategyInfo& s : op.strategies) {
      for (aclDataType dtype : op.dtypes) {
        for (bool det : {false, true}) {
          RunRequest r;
          r.op = op.kind;
          r.shape.N = 2, r.shape.C = 3;
          r.shape.in[kH] = op.spatialRank == 1 ? 1 : 5, r.shape.in[kW] = 7;
          r.shape.out[kH] = op.spatialRank == 1 ? 1 : 13, r.shape.out[kW] = 16;
          r.dtype = dtype;
          r.deterministic = det;
          r.strategy = s.name;
          r.layout = det ? Layout::kSliced : Layout::kChannelsLast;
          r.profile = testing::profileOf("classroom");
          checked(r);
        }
      }
    }
  }
}

TEST(CubeStrategy, PlansSelectionMatricesOnVectorCoresAndTwoPassesOnCubeCores) {
  const RunResult result = checked(upsample2d(2, 4, 30, 40, 60, 100, "cube"));
  const Plan& p = *result.plan;
  ASSERT_EQ(p.phases.size(), 3u);
  EXPECT_EQ(p.phases[0].kind, PhaseKind::kSelect);
  EXPECT_EQ(p.phases[1].selects, SelectAxis::kColumns) << "the W pass first, as CANN's kernel";
  EXPECT_EQ(p.phases[2].selects, SelectAxis::kRows);
  EXPECT_EQ(p.cubeLanes, p.profile.cubeCores);
  EXPECT_GE(p.intermediate, 0);
  EXPECT_EQ(p.buffers[static_cast<size_t>(p.intermediate)].shape, (std::vector<int64_t>{2, 4, 60, 40}));
  std::set<int32_t> cubeCores;
  for (const Tile& t : p.tiles) {
    const bool matmul = p.phases[static_cast<size_t>(t.phase)].kind == PhaseKind::kMatmul;
    EXPECT_EQ(p.coreKind(t.core) == CoreKind::kCube, matmul) << "tile " << t.id;
    if (!matmul) continue;
    cubeCores.insert(t.core);
    EXPECT_LE(t.l0aBytes, p.profile.l0aBytes);
    EXPECT_LE(t.l0bBytes, p.profile.l0bBytes);
    EXPECT_LE(t.l0cBytes, p.profile.l0cBytes);
    EXPECT_TRUE(doubleBuffered(p, t)) << "half of each L0 buffer: ping-pong";
    EXPECT_GT(t.cubeMacs, 0u);
  }
  EXPECT_GT(cubeCores.size(), 1u);
  EXPECT_EQ(p.coreName(0), "AIC 0");
  EXPECT_EQ(p.coreName(p.cubeLanes + 2), "AIV 2");
}

TEST(CubeStrategy, TheSlideFollowsCannsTableByScale) {
  auto slideOf = [](int64_t in, int64_t out) {
    const RunResult r = run(upsample2d(1, 1, in, in, out, out, "cube"));
    const Plan& p = *r.plan;
    for (const PlanBuffer& b : p.buffers) {
      if (b.name == "A_W slides") return b.shape.back();
    }
    return int64_t{-1};
  };
  EXPECT_EQ(slideOf(20, 100), 64);   // 5x
  EXPECT_EQ(slideOf(10, 80), 48);    // 8x
  EXPECT_EQ(slideOf(5, 100), 32);    // 20x
  EXPECT_EQ(slideOf(2, 90), 16);     // 45x
}

TEST(CubeStrategy, IsRunToRunIdenticalWhateverTheScheduleAndBitExactWhereItsOrderIsTheReferences) {
  RunRequest r = upsample2d(2, 3, 17, 23, 40, 61, "cube");
  r.seed = 9;
  const RunResult first = checked(r);
  r.schedule = AtomicSchedule::fromSeed(5);
  const RunResult second = checked(r);
  EXPECT_EQ(verify::digestOf(first), verify::digestOf(second));
  EXPECT_EQ(second.plan->schedule, AtomicSchedule::host()) << "no atomic adds: nothing for a schedule to order";
  // 1-D: the W pass alone, each row's terms left to right: exactly the reference's association.
  RunRequest oneD;
  oneD.op = OpKind::kUpsampleNearestExact1dBackward;
  oneD.shape.N = 2, oneD.shape.C = 5, oneD.shape.in[kW] = 37, oneD.shape.out[kW] = 111;
  oneD.strategy = "cube";
  const RunResult one = run(oneD);
  ASSERT_TRUE(one.ok());
  EXPECT_LT(one.plan->intermediate, 0);
  std::vector<verify::Expected> want;
  std::string why;
  ASSERT_TRUE(verify::referenceOutputs(oneD, one, &want, &why)) << why;
  oneD.strategy = "gather";
  oneD.deterministic = true;
  EXPECT_EQ(verify::digestOf(run(oneD)), verify::digestOf(one)) << "1-D cube sums are the reference's, bit for bit";
}

TEST(CubeStrategy, AssociatesRowSumsDifferentlyFromTheReference) {
  // 2x2 into 1x1: gather adds ((a + b) + c) + d = ((1 + 1e-8) - 1) + 1e-8 = 1e-8, the cube the rows' sums
  // (a + b) + (c + d) = 1 + (-1) = 0 (1e-8 is below half an ulp of 1 either way; the exact sum is 2e-8).
  RunRequest r = upsample2d(1, 1, 1, 1, 2, 2, "cube");
  r.values = {1.0f, 1e-8f, -1.0f, 1e-8f};
  const RunResult cube = checked(r);
  r.strategy = "gather";
  const RunResult gather = checked(r);
  EXPECT_EQ(cube.output("gradInput")->values[0], 0.0f);
  EXPECT_EQ(gather.output("gradInput")->values[0], 1e-8f);
}

TEST(CubeStrategy, AnInfinityMakesNaNAcrossTheSlideItIsMultipliedInto) {
  RunRequest r = upsample2d(1, 1, 4, 4, 8, 8, "cube");
  r.values.assign(64, 1.0f);
  r.values[0] = std::numeric_limits<float>::infinity();
  const RunResult cube = checked(r);  // the judge's dense-matmul reference agrees cell by cell
  const Cells<float>& g = cube.output("gradInput")->values;
  EXPECT_TRUE(std::isinf(g[0])) << "the cell the infinity lands in";
  EXPECT_TRUE(std::isnan(g[1])) << "0 x inf in the same row of T";
  EXPECT_TRUE(std::isnan(g[4])) << "and down the H pass";
  r.strategy = "gather";
  const RunResult gather = checked(r);
  EXPECT_EQ(gather.output("gradInput")->values[1], 4.0f) << "the vector strategies add only where values land";
}

TEST(CubeStrategy, HalfTypesAreTheFp32ResultRoundedOnce) {
  RunRequest r = upsample2d(2, 2, 9, 11, 23, 30, "cube");
  r.dtype = ACL_FLOAT16;
  r.seed = 4;
  const RunResult half = checked(r);
  EXPECT_EQ(half.plan->phases.front().kind, PhaseKind::kCast);
  EXPECT_EQ(half.plan->phases.back().kind, PhaseKind::kRound);
  EXPECT_GT(half.workspaceBytes, 0u);
}

TEST(CubeStrategy, ItsTraceHopsThroughTheIntermediateAndReplays) {
  RunRequest r = upsample2d(1, 2, 3, 5, 7, 11, "cube");
  r.trace = true;
  const RunResult result = checked(r);
  ASSERT_TRUE(result.trace);
  const verify::CaseResult replay = verify::judgeTrace(r, result);
  EXPECT_TRUE(replay.passed) << replay.detail;
  std::set<Hop> hops;
  std::set<Pipe> pipes;
  for (const CellMove& m : result.trace->moves) hops.insert(m.hop);
  for (const TraceEvent& e : result.trace->events) pipes.insert(e.pipe);
  EXPECT_EQ(hops, (std::set<Hop>{Hop::kIntoIntermediate, Hop::kOutOfIntermediate}));
  for (Pipe p : {Pipe::kMte2, Pipe::kMte1, Pipe::kCube, Pipe::kFixPipe, Pipe::kMte3}) EXPECT_TRUE(pipes.count(p));
  // The trace file keeps it all.
  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(traceMovesJson(*result.trace), &back, &error)) << error;
  EXPECT_EQ(back.plan.cubeLanes, result.plan->cubeLanes);
  EXPECT_EQ(back.plan.buffers.size(), result.plan->buffers.size());
  EXPECT_EQ(back.plan.strategyName, "cube");
  EXPECT_EQ(back.plan.phases[1].selects, SelectAxis::kColumns);
  EXPECT_EQ(back.moves.size(), result.trace->moves.size());
  EXPECT_EQ(back.moves.back().hop, result.trace->moves.back().hop);
  const std::string chrome = chromeTraceJson(*result.trace);
  EXPECT_NE(chrome.find("AIC 0 / CUBE"), std::string::npos);
  EXPECT_NE(chrome.find("AIC 0 / FIXPIPE"), std::string::npos);
}

TEST(Strategies, TheThreeUpsampleStrategiesTakeDifferentModelledTimes) {
  auto modelled = [](int64_t c, int64_t in, int64_t out, const char* s) {
    const RunResult r = run(upsample2d(1, c, in, 64, out, 128, s));
    EXPECT_TRUE(r.ok()) << r.message;
    return r.ok() ? modelledTime(*r.plan).totalUs() : 0.0;
  };
  // Scatter gives each of 48 cores gradOutput rows: 6 rows of 2 gradInput rows take atomic adds where gather's
  // two owners need none. (On big calls scatter's cuts fall between gradInput rows where that costs nothing,
  // and the two tie.)
  EXPECT_NE(modelled(1, 2, 6, "scatter"), modelled(1, 2, 6, "gather"));
  EXPECT_GT(modelled(128, 64, 127, "cube"), 1.5 * modelled(128, 64, 127, "gather"))
      << "the cube moves T through the HBM and back: more bytes";
}

TEST(LanesStrategy, GroupsSixtyFourPlanesAndBlockZeroZeroesEverything) {
  const RunResult r = checked(pool(130, 10, 13, 4, 5, "lanes"));  // windows overlap: 10 % 4, 13 % 5
  const Plan& p = *r.plan;
  ASSERT_EQ(p.phases.size(), 2u) << "zero, compute (fp32 sums in gradInput itself; each index checked as it is added)";
  EXPECT_EQ(p.phases[0].kind, PhaseKind::kZero);
  const auto [z0, z1] = p.phaseTiles(0);
  ASSERT_EQ(z1 - z0, 1u);
  EXPECT_EQ(p.tiles[z0].core, 0);
  const auto [c0, c1] = p.phaseTiles(1);
  std::set<int32_t> cores;
  for (size_t i = c0; i < c1; ++i) {
    const Tile& t = p.tiles[i];
    EXPECT_TRUE(t.atomic);
    EXPECT_EQ(t.src.row1 - t.src.row0, 1) << "one output row per tile";
    EXPECT_EQ(t.src.plane0 / 64, (t.src.plane1 - 1) / 64) << "within one group of 64 planes";
    EXPECT_EQ(t.core, static_cast<int32_t>(t.src.plane0 / 64 % 3));
    cores.insert(t.core);
  }
  EXPECT_EQ(cores.size(), 3u) << "130 planes: 3 groups on 3 cores";
  const RunResult divides = checked(pool(4, 12, 15, 4, 5, "lanes"));
  for (const Tile& t : divides.plan->tiles) EXPECT_FALSE(t.atomic) << "windows that do not overlap are copied plainly";
  EXPECT_NE(divides.plan->cannWhy.find("MaxPool3DGradWithArgmax"), std::string::npos);
}

TEST(DeviceProfile, ModelsCubeCores) {
  const DeviceProfile a2 = testing::profileOf("atlas-a2");
  EXPECT_EQ(a2.cubeCores * 2, a2.vectorCores);
  EXPECT_EQ(a2.l0cBytes, 128u * 1024);
  const DeviceProfile eight = testing::profileOf("atlas-a2:cores=8");
  EXPECT_EQ(eight.cubeCores, 4) << "one cube core per two vector cores";
  EXPECT_EQ(testing::profileOf("atlas-a2:cores=8,cubes=1").cubeCores, 1);
  DeviceProfile bad = a2;
  bad.l0aBytes = 100;
  EXPECT_NE(profileProblem(bad).find("l0aBytes = 100"), std::string::npos) << profileProblem(bad);
}

}  // namespace
}  // namespace gradlab
