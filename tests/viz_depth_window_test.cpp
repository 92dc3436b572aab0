// A deep 3-D run shows a window of its destination's depth slices: up to four of them, fewer where the grids
// would pass 32 rows, from the slider's slice; the source's slices that feed exactly those; the animation's
// moves into them; and cells found where they are drawn.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

#include "gradlab/runner.h"
#include "profile_spec.h"
#include "viz/model/preset_json.h"
#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

RunResult traced(OpKind op, Extents shape) {
  RunRequest r;
  r.op = op;
  r.shape = shape;
  r.profile = ::gradlab::testing::profileOf("classroom");
  r.trace = true;
  RunResult result = run(r);
  EXPECT_TRUE(result.ok()) << result.message;
  return result;
}

// A pool backward's indices show gradOutput's slices, its self gradInput's.
void expectPoolGridsFollowTheirShape(const Scene& s) {
  ASSERT_GE(s.indices, 0);
  ASSERT_GE(s.forwardInput, 0);
  const SceneGrid& src = s.grids[static_cast<size_t>(s.src)];
  const SceneGrid& dst = s.grids[static_cast<size_t>(s.dst)];
  const SceneGrid& ix = s.grids[static_cast<size_t>(s.indices)];
  const SceneGrid& self = s.grids[static_cast<size_t>(s.forwardInput)];
  EXPECT_EQ(ix.rowFirst, src.rowFirst);
  EXPECT_EQ(ix.shownRowEnd(), src.shownRowEnd());
  EXPECT_EQ(self.rowFirst, dst.rowFirst);
  EXPECT_EQ(self.shownRowEnd(), dst.shownRowEnd());
}

// gradInput [1, 1, 16, 4, 4] <- gradOutput [1, 1, 32, 8, 8]: every gradInput slice d takes gradOutput's 2d, 2d + 1.
RunResult deepUpsample() {
  return traced(OpKind::kUpsampleNearestExact3dBackward, {.N = 1, .C = 1, .in = {16, 4, 4}, .out = {32, 8, 8}});
}

TEST(VizDepthWindow, ADeepDestinationShowsAWindowAndTheSourceSlicesThatFeedIt) {
  const RunResult result = deepUpsample();
  const Scene s = buildScene(sceneSourceOf(result, OpKind::kUpsampleNearestExact3dBackward), 0, 5);
  ASSERT_TRUE(depthWindowed(s));
  EXPECT_EQ(s.depthSlices, 16);
  EXPECT_EQ(s.depthFirst, 5);
  EXPECT_EQ(s.depthShown, 2);  // gradOutput's 16 rows per gradInput slice: two slices make 32 rows
  const SceneGrid& dst = s.grids[static_cast<size_t>(s.dst)];
  const SceneGrid& src = s.grids[static_cast<size_t>(s.src)];
  EXPECT_EQ(dst.rowFirst, 5 * 4);
  EXPECT_EQ(dst.shownRowEnd(), 7 * 4);
  EXPECT_EQ(src.rowFirst, 10 * 8);  // gradOutput slices 10..13
  EXPECT_EQ(src.shownRowEnd(), 14 * 8);
  EXPECT_FLOAT_EQ(dst.height(), 8.0f);
  EXPECT_FLOAT_EQ(src.height(), 32.0f);
  // The animation keeps the moves into the shown slices, every one of them, and only those.
  EXPECT_EQ(s.planeMoveTotal, 2048u);
  size_t into = 0;
  for (int64_t cell = dst.rowFirst * 4; cell < dst.shownRowEnd() * 4; ++cell) into += s.movesToDst[static_cast<size_t>(cell)].size();
  EXPECT_EQ(s.planeMoves.size(), into);
  EXPECT_EQ(into, 2u * 16u * 8u);
  for (uint32_t m : s.planeMoves) {
    const CellMove& move = result.trace->moves[m];
    EXPECT_TRUE(src.rowShown(s.srcCellOf(move).row));
    EXPECT_TRUE(dst.rowShown(s.dstCellOf(move).row));
  }
}

TEST(VizDepthWindow, ACellIsFoundWhereItIsDrawn) {
  const RunResult result = deepUpsample();
  const Scene s = buildScene(sceneSourceOf(result, OpKind::kUpsampleNearestExact3dBackward), 0, 8);
  for (int grid : {s.src, s.dst}) {
    const SceneGrid& g = s.grids[static_cast<size_t>(grid)];
    for (int64_t row : {g.rowFirst, g.shownRowEnd() - 1}) {
      const Point centre = g.cellCentre(row, 2);
      const std::optional<CellRef> at = s.cellAt(centre);
      ASSERT_TRUE(at.has_value()) << g.grid.name << " row " << row;
      EXPECT_EQ(*at, (CellRef{grid, row, 2}));
    }
    EXPECT_GE(g.cellCentre(g.rowFirst, 0).y, g.y);  // the first shown row at the grid's top
    EXPECT_LE(g.cellCentre(g.shownRowEnd() - 1, 0).y, g.y + g.height());
  }
}

TEST(VizDepthWindow, TheWindowStaysInsideTheTensor) {
  const RunResult result = deepUpsample();
  const SceneSource source = sceneSourceOf(result, OpKind::kUpsampleNearestExact3dBackward);
  EXPECT_EQ(buildScene(source, 0, 99).depthFirst, 14);
  EXPECT_EQ(buildScene(source, 0, -3).depthFirst, 0);
  const Scene last = buildScene(source, 0, 14);
  EXPECT_EQ(depthWindowText(last), "gradInput d14-d15 of 16 ← gradOutput d28-d31 of 32");
  EXPECT_EQ(last.grids[static_cast<size_t>(last.dst)].shownRowEnd(), 16 * 4);
  EXPECT_EQ(last.grids[static_cast<size_t>(last.src)].shownRowEnd(), 32 * 8);
}

// Presenter mode asks for half the rows: one gradInput slice and the two gradOutput slices that feed it.
TEST(VizDepthWindow, FewerRowsMeanFewerSlicesButNeverNone) {
  const RunResult result = deepUpsample();
  const SceneSource source = sceneSourceOf(result, OpKind::kUpsampleNearestExact3dBackward);
  const Scene presenter = buildScene(source, 0, 3, kDepthWindowRows / 2);
  EXPECT_EQ(presenter.depthShown, 1);
  EXPECT_FLOAT_EQ(presenter.grids[static_cast<size_t>(presenter.src)].height(), 16.0f);
  EXPECT_EQ(presenter.grids[static_cast<size_t>(presenter.src)].rowFirst, 6 * 8);
  EXPECT_EQ(depthWindowText(presenter), "gradInput d3 of 16 ← gradOutput d6-d7 of 32");
  EXPECT_EQ(buildScene(source, 0, 3, 1).depthShown, 1);
  EXPECT_EQ(buildScene(source, 0, 3, 1000).depthShown, kDepthWindowSlices);
}

TEST(VizDepthWindow, FourSlicesOrFewerAreShownWhole) {
  const RunResult result =
      traced(OpKind::kUpsampleNearestExact3dBackward, {.N = 1, .C = 1, .in = {4, 3, 3}, .out = {8, 6, 6}});
  const Scene s = buildScene(sceneSourceOf(result, OpKind::kUpsampleNearestExact3dBackward), 0, 2);
  EXPECT_FALSE(depthWindowed(s));
  EXPECT_EQ(s.depthFirst, 0);
  for (const SceneGrid& g : s.grids) {
    EXPECT_EQ(g.rowFirst, 0);
    EXPECT_EQ(g.shownRowEnd(), g.grid.dims.rows);
  }
  EXPECT_EQ(s.planeMoves.size(), s.planeMoveTotal);
}

// A pooling backward: indices share gradOutput's slices, self gradInput's; each shown gradInput cell's window
// lies in the gradOutput slices shown.
TEST(VizDepthWindow, APoolsIndicesAndSelfFollowTheGridsOfTheirShape) {
  const RunResult result =
      traced(OpKind::kAdaptiveMaxPool3dBackward, {.N = 1, .C = 1, .in = {12, 4, 4}, .out = {5, 2, 2}});
  const Scene s = buildScene(sceneSourceOf(result, OpKind::kAdaptiveMaxPool3dBackward), 0, 4);
  ASSERT_TRUE(depthWindowed(s));
  expectPoolGridsFollowTheirShape(s);
  const SceneGrid& src = s.grids[static_cast<size_t>(s.src)];
  const SceneGrid& dst = s.grids[static_cast<size_t>(s.dst)];
  EXPECT_EQ(s.depthShown, 4);  // 4 rows a gradInput slice
  EXPECT_EQ(dst.rowFirst, 4 * 4);
  EXPECT_EQ(dst.shownRowEnd(), 8 * 4);
  std::set<int64_t> fed;
  for (uint32_t m : s.planeMoves) fed.insert(s.srcCellOf(result.trace->moves[m]).row / 2);
  ASSERT_FALSE(fed.empty());
  EXPECT_EQ(src.rowFirst, *fed.begin() * 2);  // the gradOutput slices shown are those that feed, no more
  EXPECT_EQ(src.shownRowEnd(), (*fed.rbegin() + 1) * 2);
}

// A preset or a saved session keeps the window ("depth"); a view without one writes none.
TEST(VizDepthWindow, PresetsAndSessionsKeepTheWindow) {
  PresetView v;
  EXPECT_FALSE(viewJson(v).contains("depth"));
  v.depthFirst = 6;
  EXPECT_EQ(viewJson(v).at("depth"), 6);
  EXPECT_EQ(parseView(viewJson(v)).depthFirst, 6);
  EXPECT_EQ(parseView(nlohmann::json::object()).depthFirst, 0);
}

// gradInput 8 x 3 rows and gradOutput 6 x 4 rows are both 24: the indices still take gradOutput's slices.
TEST(VizDepthWindow, GridsFollowTheGridOfTheirShapeNotOfTheirRowCount) {
  const RunResult result =
      traced(OpKind::kAdaptiveMaxPool3dBackward, {.N = 1, .C = 1, .in = {8, 3, 3}, .out = {6, 4, 2}});
  const Scene s = buildScene(sceneSourceOf(result, OpKind::kAdaptiveMaxPool3dBackward), 0, 2);
  ASSERT_TRUE(depthWindowed(s));
  ASSERT_EQ(s.grids[static_cast<size_t>(s.src)].grid.dims.rows, s.grids[static_cast<size_t>(s.dst)].grid.dims.rows);
  expectPoolGridsFollowTheirShape(s);
}

}  // namespace
}  // namespace gradlab::viz
#endif
