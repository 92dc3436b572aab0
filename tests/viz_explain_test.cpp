// Hover explanations: the index formulas with the numbers filled in, float32 semantics included.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <algorithm>

#include "app/viz_fixtures.h"
#include "viz/model/exercise.h"
#include "viz/model/exercise_hints.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

TEST(VizExplain, UpsampleAxisFormulaWithNumbers) {
  auto lines = explainUpsampleAxis(IndexRule::kNearestExact, "h", 5, 4, 8, 0.0);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "s_h = in/out = 4/8 = 0.5");
  EXPECT_EQ(lines[1], "src_h = min(floor((o+0.5)·s), in−1) = min(floor((5+0.5)·0.5), 3) = min(floor(2.75), 3) = 2");
  auto scaled = explainUpsampleAxis(IndexRule::kNearestExact, "w", 3, 4, 8, 2.0);
  EXPECT_EQ(scaled[0], "s_w = 1/scale = 1/2 = 0.5");
}

TEST(VizExplain, LegacyNearestFormulaAndShortcuts) {
  auto lines = explainUpsampleAxis(IndexRule::kNearest, "w", 5, 4, 10, 0.0);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], "src_w = min(floor(o·s), in−1) = min(floor(5·0.4), 3) = min(floor(2), 3) = 2");
  auto twice = explainUpsampleAxis(IndexRule::kNearest, "w", 5, 4, 8, 3.0);  // the scale is ignored
  EXPECT_EQ(twice[1], "src_w: out == 2·in, so src = o >> 1 = 2");
}

// The explanation is the kernels' index math: a scale near 0 saturates at the last cell instead of
// overflowing (undefined behaviour in a copy of the formula without the saturation).
TEST(VizExplain, HugeProductSaturatesLikeTheKernels) {
  auto lines = explainUpsampleAxis(IndexRule::kNearestExact, "w", 3, 4, 8, 1e-30);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[1].find(") = 3"), std::string::npos) << lines[1];
}

TEST(VizExplain, AdaptiveWindows) {
  EXPECT_EQ(explainAdaptiveAxis("rows", 2, 7, 3),
            "rows: start = floor(2·7/3) = 4, end = ceil(3·7/3) = 7  ->  [4, 7)");
}

TEST(VizExplain, FormatNumber) {
  EXPECT_EQ(formatNumber(3.0), "3");
  EXPECT_EQ(formatNumber(-0.25), "-0.25");
  EXPECT_EQ(formatNumber(static_cast<double>(2.0f / 41.0f)), "0.048780486");  // shortest text of the float
  EXPECT_EQ(formatNumber(0.1), "0.1");
}

TEST(VizExplain, CellExplanationsOnBothSides) {
  Scene s = buildScene(sceneSourceOf(testing::twoCoreResult(), OpKind::kUpsampleNearestExact2dBackward), 0);
  RunRequest r;
  r.shape.in[kH] = r.shape.in[kW] = 2;
  r.shape.out[kH] = r.shape.out[kW] = 4;
  Explanation out = explainCell(s, r, CellRef{s.src, 3, 2});
  EXPECT_EQ(out.title, "gradOutput[0, 0, 3, 2] = 15");
  ASSERT_EQ(out.lines.size(), 5u);
  EXPECT_EQ(out.lines.back(), "so gradInput[1, 1] += this value");
  Explanation in = explainCell(s, r, CellRef{s.dst, 1, 0});
  EXPECT_EQ(in.title, "gradInput[0, 0, 1, 0] = 46");
  EXPECT_EQ(in.lines[0], "rows of gradOutput with src_h = 1: [2, 4)");
  EXPECT_EQ(in.lines[1], "cols of gradOutput with src_w = 0: [0, 2)");
  EXPECT_EQ(in.lines[2], "4 cell(s) summed here, in row-major order");
}

// On the Ascend 950 (the simt strategy) a gradInput cell sums CANN's window, and for 2 <- 41 rows that is not
// PyTorch's preimage: the lines say the window the run summed, and every claim matches the run's own moves.
TEST(VizExplain, TheAscend950SaysTheWindowItsThreadSummed) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape = {.in = {1, 2, 3}, .out = {1, 41, 5}};
  r.strategy = "simt";
  r.profile = builtinProfiles()[2];
  r.trace = true;
  ASSERT_EQ(r.profile->name, "ascend950");
  const RunResult res = run(r);
  ASSERT_TRUE(res.ok()) << res.message;
  Scene s = buildScene(sceneSourceOf(res, r.op), 0);
  const Explanation top = explainCell(s, r, CellRef{s.dst, 0, 1});
  EXPECT_EQ(top.lines[0], "rows of gradOutput in CANN's 950 window of 0: [ceil(0·20.5 − 0.5), ceil(1·20.5 − 0.5)) = "
                          "[0, 20) (PyTorch's map: [0, 21))");
  EXPECT_EQ(top.lines[2], "20 cell(s) summed here, in row-major order");
  EXPECT_EQ(top.lines[3], "thread 0 of AIV 1 (warp 0, lane 0) sums it") << "6 cells on 6 cores, one each";
  const Explanation moved = explainCell(s, r, CellRef{s.src, 20, 1});
  EXPECT_EQ(moved.lines.back(), "so gradInput[1, 0] += this value");
  EXPECT_NE(std::find(moved.lines.begin(), moved.lines.end(), "but on the Ascend 950 CANN's windows send it to (1, 0) instead"),
            moved.lines.end());
  // The run's moves agree: gradOutput row 20 went to gradInput row 1, and row 0 took 20 rows' values.
  int64_t intoTop = 0;
  for (const CellMove& m : res.trace->moves) {
    const int64_t srcRow = (m.src / 5) % 41, dstRow = (m.dst / 3) % 2;
    if (srcRow == 20) {
      EXPECT_EQ(dstRow, 1);
    }
    intoTop += dstRow == 0 && m.dst % 3 == 1;
  }
  EXPECT_EQ(intoTop, 20) << "20 rows x the one gradOutput column (2) of gradInput column 1";
}

// A question on a 950 run hints at the windows the run used, not PyTorch's rule (three-ways 4's first hint gave
// src = min(floor((o+0.5)·s), in−1), which is not how the 950 sums).
TEST(VizExplain, TheAscend950sHintsGiveItsWindows) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact1dBackward;
  r.shape = {.in = {1, 1, 2}, .out = {1, 1, 41}};
  r.strategy = "simt";
  r.profile = builtinProfiles()[2];
  r.trace = true;
  r.valueSource = ValueSource::kOnes;
  const RunResult res = run(r);
  ASSERT_TRUE(res.ok()) << res.message;
  Scene s = buildScene(sceneSourceOf(res, r.op), 0);
  for (ExerciseKind kind : {ExerciseKind::kValue, ExerciseKind::kFeeds, ExerciseKind::kLandsIn}) {
    const Exercise e = buildExercise({kind, 0, kind == ExerciseKind::kLandsIn ? 20 : 0, ""}, s, r, res);
    ASSERT_TRUE(e.error.empty()) << e.error;
    const std::vector<std::string> hints = exerciseHints(e, s, r, *res.plan);
    ASSERT_FALSE(hints.empty());
    EXPECT_NE(hints[0].find("ceil(i·k − 0.5)"), std::string::npos) << hints[0];
    EXPECT_NE(hints[0].find("k_l = 41/2 = 20.5"), std::string::npos) << hints[0];
    EXPECT_EQ(hints[0].find("floor("), std::string::npos) << hints[0];
    if (kind == ExerciseKind::kValue) {
      EXPECT_EQ(e.number, 20.0) << "CANN's window of position 0 is [0, 20)";
    }
  }
}

TEST(VizExplain, AdaptiveCellNamesTheArgmaxAndTies) {
  RunResult res;
  res.inputs.push_back({"gradOutput", {1, 1, 2, 2}, ACL_FLOAT, {1, 2, 3, 4}, {}});
  // self: a plateau of 1s in the top-left window, so index 0 wins a 4-way tie.
  res.inputs.push_back({"self", {1, 1, 3, 3}, ACL_FLOAT, {1, 1, 0, 1, 1, 0, 0, 0, 5}, {}});
  res.inputs.push_back({"indices", {1, 1, 2, 2}, ACL_INT64, {0, 1, 3, 8}, {0, 1, 3, 8}});
  res.outputs.push_back({"gradInput", {1, 1, 3, 3}, ACL_FLOAT, {1, 2, 0, 3, 0, 0, 0, 0, 4}, {}});
  Scene s = buildScene(sceneSourceOf(res, OpKind::kAdaptiveMaxPool2dBackward), 0);
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 3;
  r.shape.out[kH] = r.shape.out[kW] = 2;
  Explanation e = explainCell(s, r, CellRef{s.src, 0, 0});
  ASSERT_GE(e.lines.size(), 5u);
  EXPECT_EQ(e.lines[0], "rows: start = floor(0·3/2) = 0, end = ceil(1·3/2) = 2  ->  [0, 2)");
  EXPECT_EQ(e.lines[2], "argmax index = 0 = 0·3 + 0  ->  (0, 0)");
  EXPECT_EQ(e.lines[3], "window max = 1 (4 cells tie: the first in row-major order wins)");
  EXPECT_EQ(e.lines[4], "so gradInput[0, 0] += gradOutput here");
  Explanation full = explainCell(s, r, CellRef{s.dst, 2, 2});
  EXPECT_EQ(full.lines[1], "inside 1 window(s); argmax of 1: (1,1)");
}

}  // namespace
}  // namespace gradlab::viz
#endif
