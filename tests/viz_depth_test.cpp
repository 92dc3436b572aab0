// A 3-D run in the app's model: its planes are depth slices one under another, the tiles of the out side
// colour the rows they really read, the inspector and the hints work in (d, h, w), presets keep depth, and a
// pooling window is a box in every slice it spans.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "gradlab/runner.h"
#include "profile_spec.h"
#include "viz/model/exercise.h"
#include "viz/model/explain.h"
#include "viz/model/pool_window.h"
#include "viz/model/preset_json.h"
#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

// gradInput [1, 1, 2, 3, 3] <- gradOutput [1, 1, 3, 6, 6] on the classroom chip's 4 cores, traced.
RunRequest depthRun(bool deterministic) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact3dBackward;
  r.shape = {.N = 1, .C = 1, .in = {2, 3, 3}, .out = {3, 6, 6}};
  r.deterministic = deterministic;
  r.profile = ::gradlab::testing::profileOf("classroom");
  r.trace = true;
  return r;
}

std::string joinedLines(const Explanation& e) {
  std::string all;
  for (const std::string& line : e.lines) all += line + "\n";
  return all;
}

TEST(VizDepth, APlaneIsItsDepthSlicesOneUnderAnother) {
  const GridDims d = gridDims(OpKind::kUpsampleNearestExact3dBackward, {2, 3, 4, 5, 6});
  EXPECT_EQ(d.planes, 6);
  EXPECT_EQ(d.rows, 20);  // D x H
  EXPECT_EQ(d.cols, 6);
}

// The scatter strategy deals gradOutput's rows in the order they land in gradInput, so a tile's box is a run of
// mapped rows, not of the tensor's: every move must leave a cell coloured by the tile that made it.
TEST(VizDepth, TileColoursFollowTheRowsEachTileReallyReads) {
  for (bool det : {false, true}) {
    const RunRequest r = depthRun(det);
    const RunResult result = run(r);
    ASSERT_TRUE(result.ok()) << result.message;
    ASSERT_FALSE(result.plan->outRowOrder.empty());
    const Scene s = buildScene(sceneSourceOf(result, r.op), 0);
    const SceneGrid& src = s.grids[static_cast<size_t>(s.src)];
    int checked = 0;
    for (uint32_t m : s.planeMoves) {
      const CellMove& move = result.trace->moves[m];
      const CellRef cell = s.srcCellOf(move);
      const size_t i = static_cast<size_t>(cell.row * src.grid.dims.cols + cell.col);
      EXPECT_EQ(src.tileOf[i], move.tile) << (det ? "gather" : "scatter") << " row " << cell.row << " col " << cell.col;
      ++checked;
    }
    EXPECT_EQ(checked, 108);
  }
}

TEST(VizDepth, TheInspectorWorksOutAllThreeAxes) {
  const RunRequest r = depthRun(true);
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Scene s = buildScene(sceneSourceOf(result, r.op), 0);
  // gradOutput row 14 is (d 2, h 2): src_d = 1, src_h = 1; column 4: src_w = 2.
  const CellRef out{s.src, 14, 4};
  EXPECT_EQ(cellName(s, out), "gradOutput[0, 0, 2, 2, 4]");
  const std::string lines = joinedLines(explainCell(s, r, out));
  EXPECT_NE(lines.find("s_d = in/out = 2/3"), std::string::npos) << lines;
  EXPECT_NE(lines.find("so gradInput[1, 1, 2] += this value"), std::string::npos) << lines;
  // gradInput row 3 is (d 1, h 0): fed by slices [1, 3), rows [0, 2), cols [2, 4) of gradOutput.
  const CellRef in{s.dst, 3, 1};
  EXPECT_EQ(cellName(s, in), "gradInput[0, 0, 1, 0, 1]");
  const std::string back = joinedLines(explainCell(s, r, in));
  EXPECT_NE(back.find("slices of gradOutput with src_d = 1: [1, 3)"), std::string::npos) << back;
  EXPECT_NE(back.find("rows of gradOutput with src_h = 0: [0, 2)"), std::string::npos) << back;
  EXPECT_NE(back.find("8 cell(s) summed here"), std::string::npos) << back;
}

TEST(VizDepth, AFeedsHintNamesTheCellsSliceAndRow) {
  const RunRequest r = depthRun(true);
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Scene s = buildScene(sceneSourceOf(result, r.op), 0);
  const Exercise e = buildExercise({.kind = ExerciseKind::kFeeds, .row = 3, .col = 1, .hint = ""}, s, r, result);
  ASSERT_TRUE(e.error.empty()) << e.error;
  EXPECT_EQ(e.cells.size(), 8u);
  ASSERT_FALSE(e.hints.empty());
  EXPECT_NE(e.hints[0].find("src_d(o_d) = 1 and src_h(o_h) = 0 and src_w(o_w) = 1"), std::string::npos) << e.hints[0];
}

TEST(VizDepth, PresetsKeepDepthAndTwoDimensionalOnesHaveNone) {
  const nlohmann::json three = {{"op", "UpsampleNearestExact3dBackward"}, {"inD", 2}, {"inH", 3}, {"inW", 3},
                                {"outD", 5}, {"outH", 6}, {"outW", 6}, {"scaleD", 2.5}, {"scaleH", 2}, {"scaleW", 2}};
  const RequestSpec spec = parseRequest(three);
  EXPECT_EQ(spec.request.shape.in[kD], 2);
  EXPECT_EQ(spec.request.shape.out[kD], 5);
  EXPECT_EQ(spec.request.shape.scales[kD], 2.5);
  const nlohmann::json back = requestJson(spec);
  EXPECT_EQ(back.at("inD"), 2);
  EXPECT_EQ(back.at("outD"), 5);
  EXPECT_EQ(back.at("scaleD"), 2.5);
  EXPECT_EQ(parseRequest(back).request.shape, spec.request.shape);
  const RequestSpec two = parseRequest({{"op", "UpsampleNearestExact2dBackward"}, {"inD", 4}, {"outD", 7}, {"scaleD", 2}});
  EXPECT_EQ(two.request.shape.in[kD], 1);
  EXPECT_EQ(two.request.shape.out[kD], 1);
  EXPECT_EQ(two.request.shape.scales[kD], 0.0);
  EXPECT_FALSE(requestJson(two).contains("inD"));
}

TEST(VizDepth, APoolWindowIsABoxInEverySliceItSpans) {
  const Extents s{.in = {3, 4, 4}, .out = {2, 2, 2}};
  const PoolWindow w = poolWindow(s, 3, 0);  // slice 1 of 2 (input slices [1, 3)), row 1 (rows [2, 4)), col 0
  ASSERT_EQ(w.rows.size(), 2u);
  EXPECT_EQ(w.rows[0].row0, 6);
  EXPECT_EQ(w.rows[0].row1, 8);
  EXPECT_EQ(w.rows[1].row0, 10);
  EXPECT_EQ(w.rows[1].row1, 12);
  EXPECT_EQ(w.col0, 0);
  EXPECT_EQ(w.col1, 2);
  EXPECT_TRUE(w.contains(7, 1));
  EXPECT_FALSE(w.contains(8, 1));
  const PoolWindow flat = poolWindow(Extents{.in = {1, 5, 7}, .out = {1, 3, 4}}, 1, 2);  // a 2-D window: one box
  ASSERT_EQ(flat.rows.size(), 1u);
  EXPECT_EQ(flat.rows[0].row0, windowStart(1, 5, 3));
  EXPECT_EQ(flat.rows[0].row1, windowEnd(1, 5, 3));
}

TEST(VizDepth, TheInspectorOfA3dPoolNamesSliceRowAndColumn) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool3dBackward;
  r.shape = {.N = 1, .C = 1, .in = {3, 4, 4}, .out = {2, 2, 2}};
  r.deterministic = true;
  r.valueSource = ValueSource::kRamp;
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Scene s = buildScene(sceneSourceOf(result, r.op), 0);
  // gradOutput (1, 1, 1): slices [1, 3), rows [2, 4), cols [2, 4); on a ramp the max is the window's last cell.
  const CellRef pooled{s.src, 3, 1};
  EXPECT_EQ(cellName(s, pooled), "gradOutput[0, 0, 1, 1, 1]");
  const std::string lines = joinedLines(explainCell(s, r, pooled));
  EXPECT_NE(lines.find("slices: start = floor(1·3/2) = 1, end = ceil(2·3/2) = 3"), std::string::npos) << lines;
  EXPECT_NE(lines.find("argmax index = 47 = (2·4 + 3)·4 + 3  ->  (2, 3, 3)"), std::string::npos) << lines;
  EXPECT_NE(lines.find("so gradInput[2, 3, 3] += gradOutput here"), std::string::npos) << lines;
  // gradInput (1, 3, 3), row 7: in the windows of slices 0 and 1 (D 3 -> 2 overlaps at d = 1), the max of slice 0's.
  const std::string in = joinedLines(explainCell(s, r, CellRef{s.dst, 7, 3}));
  EXPECT_NE(in.find("flat index (d·H + h)·W + w = (1·4 + 3)·4 + 3 = 31"), std::string::npos) << in;
  EXPECT_NE(in.find("inside 2 window(s); argmax of 1: (0,1,1)"), std::string::npos) << in;
  const Grid& gi = s.grids[static_cast<size_t>(s.dst)].grid;
  EXPECT_EQ(poolExtents(r.op, gi, s.grids[static_cast<size_t>(s.src)].grid).in, (SpatialSizes{3, 4, 4}));
}

TEST(VizDepth, AnUnbatched3dTensorIsItsChannelsDepthSlices) {
  const GridDims d = gridDims(OpKind::kAdaptiveMaxPool3d, {3, 4, 5, 6});  // (C, D, H, W)
  EXPECT_EQ(d.planes, 3);
  EXPECT_EQ(d.rows, 20);
  EXPECT_EQ(d.cols, 6);
  SceneGrid g;
  g.grid.name = "self";
  g.grid.shape = {3, 4, 5, 6};
  g.grid.dims = d;
  EXPECT_EQ(cellName(g, 2, 13, 1), "self[2, 2, 3, 1]");
}

// The depth lesson's pooling question asked with clicks: the question, the first hint and the verdicts name the
// window and the cells as (d, h, w), never as the stacked grid's rows.
TEST(VizDepth, AnArgmaxQuestionOfA3dPoolSpeaksInSlicesRowsAndColumns) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool3d;
  r.shape = {.N = 1, .C = 1, .in = {3, 4, 4}, .out = {2, 2, 2}};
  r.valueSource = ValueSource::kRamp;
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Scene s = buildScene(sceneSourceOf(result, r.op), 0);
  const Exercise e = buildExercise({.kind = ExerciseKind::kArgmax, .row = 3, .col = 1, .hint = ""}, s, r, result);
  ASSERT_TRUE(e.error.empty()) << e.error;
  EXPECT_NE(e.question.find("window (1, 1, 1) picks"), std::string::npos) << e.question;
  ASSERT_FALSE(e.hints.empty());
  EXPECT_NE(e.hints[0].find("Window (1, 1, 1) covers slices: start = floor(1·3/2) = 1"), std::string::npos) << e.hints[0];
  ASSERT_EQ(e.cells.size(), 1u);
  EXPECT_EQ(e.cells[0].row, 11);  // on a ramp the window's last cell: slice 2, row 3
  EXPECT_EQ(e.cells[0].col, 3);
  Answer wrong, right;
  wrong.cells = {{e.answerGrid, 6, 1}};
  right.cells = {e.cells[0]};
  EXPECT_NE(retryVerdict(e, wrong).headline.find("(1, 2, 1)"), std::string::npos) << retryVerdict(e, wrong).headline;
  EXPECT_EQ(checkAnswer(e, right, s).headline, "Right: cell (2, 3, 3).");
}

// A grid drawn as depth slices carries "d0", "d1", ... at its left: the scene's bounds leave them room, so the
// leftmost grid's tags are not cut to "0", "1" at the canvas's edge (the 3-D pool's indices grid was).
TEST(VizDepth, TheSliceTagsOfTheLeftmostGridLieInsideTheScene) {
  Grid three;
  three.shape = {1, 1, 3, 2, 2};
  three.dims = gridDims(OpKind::kAdaptiveMaxPool3dBackward, three.shape);
  EXPECT_EQ(three.depthSlices(), 3);
  Grid flat;
  flat.shape = {1, 3, 4, 4};  // a 2-D call's C is no depth
  flat.dims = gridDims(OpKind::kAdaptiveMaxPool2dBackward, flat.shape);
  EXPECT_EQ(flat.depthSlices(), 1);
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool3dBackward;
  r.shape = {.N = 1, .C = 1, .in = {2, 4, 4}, .out = {3, 2, 2}};
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Scene s = buildScene(sceneSourceOf(result, r.op), 0);
  float left = 1e30f;
  for (const SceneGrid& g : s.grids)
    if (g.shown) left = std::min(left, g.x);
  EXPECT_LE(s.boundsMin.x, left - 2.0f);
}

}  // namespace
}  // namespace gradlab::viz
#endif
