// Seeing SIMT (the Ascend 950's threads): which thread of which core gathers each gradInput cell, the warps of 32
// they form and where a core's last warp leaves lanes idle, drawn on the Tiling and Scatter tabs' grids and said
// under the core legend; the Pipeline tab's lanes are the threads' loads, adds and stores, which start together;
// none of it while a question that hides the plan is open.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "panels_harness.h"
#include "spoiler_rule.h"
#include "viz/model/simt_threads.h"
#include "viz/model/timeline.h"

namespace gradlab::viz {
namespace {

RunResult simtRun(int64_t in, int64_t out, int32_t cores) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = in;
  r.shape.out[kH] = r.shape.out[kW] = out;
  r.strategy = "simt";
  DeviceProfile p;
  for (const DeviceProfile& b : builtinProfiles())
    if (b.name == "ascend950") p = b;
  p.vectorCores = cores;
  r.profile = p;
  return run(r);
}

// 6 x 6 gradInput cells on one core: 36 threads, warp 0 takes rows 0-4 and two cells of row 5, warp 1 the other
// four (28 of its lanes idle).
TEST(SimtThreads, EachCellHasItsThreadAndTheWarpsMeetWhereTheThreadsPass32) {
  const RunResult r = simtRun(6, 9, 1);
  ASSERT_TRUE(r.ok()) << r.message;
  const std::optional<ThreadPlane> t = simtThreadsOf(*r.plan, 0, 6, 6);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->at(0, 0).thread, 0);
  EXPECT_EQ(t->at(5, 1).thread, 31);
  EXPECT_EQ(t->at(5, 2).thread, 32);
  EXPECT_EQ(t->at(5, 2).warp, 1);
  EXPECT_EQ(t->at(5, 2).lane, 0);
  EXPECT_TRUE(t->warpEdgeRight(5, 1));
  EXPECT_FALSE(t->warpEdgeRight(5, 2));
  EXPECT_TRUE(t->warpEdgeBelow(4, 2)) << "row 4's cells are warp 0, the cells under them warp 1";
  EXPECT_FALSE(t->warpEdgeBelow(4, 1));
  EXPECT_EQ(simtCoreLines(*r.plan), std::vector<std::string>{"AIV 0: 36 cells each, 36 threads in 2 warps of 32 (28 lanes of the last one idle)"});
}

// A core's run longer than its 2048 threads takes passes; cores that take one cell more (CANN's tail) get their
// own line.
TEST(SimtThreads, TheCoreLinesSayPassesAndTheTailCores) {
  const RunResult r = simtRun(65, 130, 2);  // 4225 cells: 2113 and 2112
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(simtCoreLines(*r.plan),
            (std::vector<std::string>{"AIV 0: 2113 cells each, 2048 threads in 64 warps of 32, 2 passes (the last takes 65 cells)",
                                      "AIV 1: 2112 cells each, 2048 threads in 64 warps of 32, 2 passes (the last takes 64 cells)"}));
  const RunResult a2 = [] {
    RunRequest q;
    q.shape.in[kH] = q.shape.in[kW] = 4;
    q.shape.out[kH] = q.shape.out[kW] = 8;
    return run(q);
  }();
  ASSERT_TRUE(a2.ok());
  EXPECT_TRUE(simtCoreLines(*a2.plan).empty()) << "no threads on the vector and cube kernels";
  EXPECT_FALSE(simtThreadsOf(*a2.plan, 0, 4, 4));
}

class VizSimtViews : public PanelsHarness {};

TEST_F(VizSimtViews, TheTilingAndScatterTabsOutlineTheWarpsAndSayWhatEachCoresThreadsDo) {
  AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = 3;
  s.controls.request.shape.out[kH] = 5;
  s.controls.request.shape.out[kW] = 7;
  s.controls.request.shape.in[kW] = 4;
  s.controls.request.strategy = "cann";
  s.controls.device = "ascend950";
  s.controls.cores = 2;
  runControls(s);
  ASSERT_TRUE(s.run.ok()) << s.run.result.message;
  for (const Tab tab : {Tab::kTiling, Tab::kScatter}) {
    s.view.tab = tab;
    s.view.selectTab = true;
    for (int i = 0; i < 3; ++i) frame(s);
    const std::string text = loggedFrame(s);
    EXPECT_NE(text.find("[simt warps of 32 outlined on gradInput"), std::string::npos) << text;
    if (tab == Tab::kScatter) {  // its cells are large enough to number the threads
      EXPECT_NE(text.find("[simt warps of 32 outlined on gradInput, threads numbered]"), std::string::npos) << text;
      EXPECT_NE(text.find("t5"), std::string::npos) << "each core's sixth thread";
    } else {
      EXPECT_NE(oneLine(text).find("AIV 0\u20131: 6 cells each, 6 threads in 1 warp of 32 (26 lanes idle)"), std::string::npos) << text;
    }
  }
}

TEST_F(VizSimtViews, ThePipelinesLanesAreTheThreadsLoadsAddsAndStoresStartingTogether) {
  AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = 48;
  s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = 96;
  s.controls.request.strategy = "cann";
  s.controls.device = "ascend950";
  s.controls.cores = 4;
  runControls(s);
  ASSERT_TRUE(s.run.ok()) << s.run.result.message;
  ASSERT_TRUE(s.run.timeline.simt);
  for (const TimelineBar& b : s.run.timeline.bars) {
    EXPECT_DOUBLE_EQ(b.startUs, s.run.timeline.launchUs) << "one tile a core: its loads, adds and stores start at once";
    EXPECT_EQ(b.buffer, -1) << "nothing staged, nothing double-buffered";
  }
  s.view.tab = Tab::kPipeline;
  s.view.selectTab = true;
  for (int i = 0; i < 3; ++i) frame(s);
  const std::string text = loggedFrame(s);
  for (const char* name : {"AIV 0 loads", "adds", "stores", "(a SIMT core's threads load, add and store at once)"})
    EXPECT_NE(text.find(name), std::string::npos) << name << "\n" << text;
  EXPECT_EQ(text.find("MTE2"), std::string::npos) << "no copy engine on a SIMT lane";
  EXPECT_EQ(text.find("pong buffer"), std::string::npos);
}

// three-ways step 2 asks which core's threads write gradInput[2, 1]: the warps' edges (each core's run of cells)
// and the core lines wait for the answer, then show.
TEST_F(VizSimtViews, AnOwnerQuestionHoldsTheThreadsBackUntilAnswered) {
  AppState s;
  ASSERT_TRUE(openShippedStep(s, "three-ways", 1));
  ASSERT_TRUE(s.exerciseOpen());
  for (const Tab tab : {Tab::kTiling, Tab::kScatter}) {
    s.view.tab = tab;
    s.view.selectTab = true;
    for (int i = 0; i < 2; ++i) frame(s);
    const std::string text = loggedFrame(s);
    EXPECT_EQ(text.find("simt warps"), std::string::npos);
    EXPECT_EQ(text.find("4 cells each"), std::string::npos);
  }
  revealExercise(s);
  s.view.tab = Tab::kTiling;
  s.view.selectTab = true;
  for (int i = 0; i < 2; ++i) frame(s);
  const std::string text = loggedFrame(s);
  EXPECT_NE(text.find("[simt warps of 32 outlined on gradInput"), std::string::npos);
  EXPECT_NE(oneLine(text).find("AIV 0\u20133: 4 cells each, 4 threads in 1 warp of 32 (28 lanes idle)"), std::string::npos) << text;
}

}  // namespace
}  // namespace gradlab::viz
#endif
