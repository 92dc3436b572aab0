// The scene model: grid shapes, placement, tile ownership and the per-cell move index, from a hand-built run.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "app/viz_fixtures.h"
#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

TEST(VizGridDims, FollowThePlanConvention) {
  EXPECT_EQ(gridDims(OpKind::kUpsampleNearestExact2dBackward, {2, 3, 4, 5}).planes, 6);
  EXPECT_EQ(gridDims(OpKind::kUpsampleNearestExact2dBackward, {2, 3, 4, 5}).rows, 4);
  GridDims oneD = gridDims(OpKind::kUpsampleNearestExact1dBackward, {2, 3, 7});
  EXPECT_EQ(oneD.planes, 6);
  EXPECT_EQ(oneD.rows, 1);
  EXPECT_EQ(oneD.cols, 7);
  GridDims unbatched = gridDims(OpKind::kAdaptiveMaxPool2dBackward, {3, 5, 6});
  EXPECT_EQ(unbatched.planes, 3);
  EXPECT_EQ(unbatched.rows, 5);
  EXPECT_EQ(unbatched.cols, 6);
}

TEST(VizScene, PlacesSourceLeftAndDestinationRightCentred) {
  Scene s = buildScene(sceneSourceOf(testing::twoCoreResult(), OpKind::kUpsampleNearestExact2dBackward), 0);
  ASSERT_EQ(s.grids.size(), 2u);
  const SceneGrid& src = s.grids[s.src];
  const SceneGrid& dst = s.grids[s.dst];
  EXPECT_EQ(src.grid.name, "gradOutput");
  EXPECT_EQ(dst.grid.name, "gradInput");
  EXPECT_EQ(src.grid.label(), "gradOutput [1, 1, 4, 4] float32");
  EXPECT_FLOAT_EQ(src.x, 0.0f);
  EXPECT_FLOAT_EQ(dst.x, 4.0f + 3.0f);  // src width + the minimum gap
  EXPECT_FLOAT_EQ(dst.y, 1.0f);          // centred on the 4-row src
  EXPECT_FLOAT_EQ(s.boundsMax.x, 9.0f);
  EXPECT_FLOAT_EQ(s.boundsMax.y, 4.0f);
  Point c = src.cellCentre(2, 3);
  EXPECT_FLOAT_EQ(c.x, 3.5f);
  EXPECT_FLOAT_EQ(c.y, 2.5f);
}

TEST(VizScene, CellAtFindsGridAndCell) {
  Scene s = buildScene(sceneSourceOf(testing::twoCoreResult(), OpKind::kUpsampleNearestExact2dBackward), 0);
  auto a = s.cellAt({3.2f, 1.7f});
  ASSERT_TRUE(a);
  EXPECT_EQ(a->grid, s.src);
  EXPECT_EQ(a->row, 1);
  EXPECT_EQ(a->col, 3);
  auto b = s.cellAt({8.5f, 2.2f});
  ASSERT_TRUE(b);
  EXPECT_EQ(b->grid, s.dst);
  EXPECT_EQ(b->row, 1);
  EXPECT_EQ(b->col, 1);
  EXPECT_FALSE(s.cellAt({5.0f, 1.0f}));  // the gap
}

TEST(VizScene, TileOwnershipFromThePlanBoxes) {
  Scene s = buildScene(sceneSourceOf(testing::twoCoreResult(), OpKind::kUpsampleNearestExact2dBackward), 0);
  const SceneGrid& src = s.grids[s.src];
  const SceneGrid& dst = s.grids[s.dst];
  EXPECT_EQ(src.tileOf[0], 0);
  EXPECT_EQ(src.tileOf[1 * 4 + 3], 0);
  EXPECT_EQ(src.tileOf[2 * 4 + 0], 1);
  EXPECT_EQ(dst.tileOf[0], 0);
  EXPECT_EQ(dst.tileOf[3], 1);
  EXPECT_EQ(dst.tileCount[3], 1);
}

TEST(VizScene, ZeroingTilesNeitherOwnNorShareWorkedCells) {
  RunResult r = testing::twoCoreResult();
  Plan plan = *r.plan;
  Tile zero = plan.tiles[0];
  zero.id = 2;
  zero.src = {};  // reads nothing: the phase that zeroes shared cells
  zero.dst = {0, 1, 0, 2, 0, 2};
  plan.phases.insert(plan.phases.begin(), PlanPhase{PhaseKind::kZero, "zero shared cells"});
  for (Tile& t : plan.tiles) t.phase = 1;
  plan.tiles.insert(plan.tiles.begin(), zero);
  r.plan = std::make_shared<const Plan>(plan);
  Scene s = buildScene(sceneSourceOf(r, OpKind::kUpsampleNearestExact2dBackward), 0);
  const SceneGrid& dst = s.grids[s.dst];
  EXPECT_EQ(dst.tileOf[0], 0);
  EXPECT_EQ(dst.tileCount[0], 1);
}

TEST(VizScene, MovesIndexedBySourceAndDestinationCell) {
  Scene s = buildScene(sceneSourceOf(testing::twoCoreResult(), OpKind::kUpsampleNearestExact2dBackward), 0);
  EXPECT_EQ(s.planeMoves.size(), 16u);
  ASSERT_EQ(s.movesToDst.size(), 4u);
  for (const auto& list : s.movesToDst) EXPECT_EQ(list.size(), 4u);
  // gradInput[1][1] receives gradOutput (2,2) (2,3) (3,2) (3,3), in recorded order.
  const auto& into = s.movesToDst[3];
  std::vector<int64_t> srcs;
  for (uint32_t i : into) srcs.push_back(s.trace->moves[i].src);
  EXPECT_EQ(srcs, (std::vector<int64_t>{10, 11, 14, 15}));
  ASSERT_EQ(s.movesFromSrc[5].size(), 1u);
  CellRef to = s.dstCellOf(s.trace->moves[s.movesFromSrc[5][0]]);
  EXPECT_EQ(to.row, 0);
  EXPECT_EQ(to.col, 0);
}

TEST(VizScene, UpsampleOutIsShownAsGradInput) {
  RunResult r = testing::twoCoreResult();
  r.outputs[0].name = "out";
  Scene s = buildScene(sceneSourceOf(r, OpKind::kUpsampleNearestExact2dBackward), 0);
  EXPECT_EQ(s.grids[s.dst].grid.name, "gradInput");
}

TEST(VizScene, OneDimensionalGridsStackVertically) {
  RunResult r;
  r.inputs.push_back({"gradOutput", {1, 1, 13}, ACL_FLOAT, std::vector<float>(13, 1.0f), {}});
  r.outputs.push_back({"gradInput", {1, 1, 5}, ACL_FLOAT, std::vector<float>(5, 0.0f), {}});
  Scene s = buildScene(sceneSourceOf(r, OpKind::kUpsampleNearestExact1dBackward), 0);
  const SceneGrid& src = s.grids[s.src];
  const SceneGrid& dst = s.grids[s.dst];
  EXPECT_EQ(src.grid.dims.rows, 1);
  EXPECT_GT(dst.y, src.y + 1.0f);
  EXPECT_FLOAT_EQ(dst.x, 4.0f);  // (13 - 5) / 2: centred under the src row
}

TEST(VizScene, AdaptiveBackwardShowsForwardInputAndIndices) {
  RunResult r;
  r.inputs.push_back({"gradOutput", {1, 1, 2, 2}, ACL_FLOAT, {1, 2, 3, 4}, {}});
  r.inputs.push_back({"self", {1, 1, 3, 3}, ACL_FLOAT, std::vector<float>(9, 0.5f), {}});
  r.inputs.push_back({"indices", {1, 1, 2, 2}, ACL_INT64, {0, 2, 6, 8}, {0, 2, 6, 8}});
  r.outputs.push_back({"gradInput", {1, 1, 3, 3}, ACL_FLOAT, std::vector<float>(9, 0.0f), {}});
  Scene s = buildScene(sceneSourceOf(r, OpKind::kAdaptiveMaxPool2dBackward), 0);
  ASSERT_EQ(s.grids.size(), 4u);
  ASSERT_GE(s.indices, 0);
  ASSERT_GE(s.forwardInput, 0);
  EXPECT_TRUE(s.grids[s.indices].grid.isInteger());
  EXPECT_FLOAT_EQ(s.grids[s.indices].x, s.grids[s.src].x);        // under gradOutput
  EXPECT_FLOAT_EQ(s.grids[s.forwardInput].x, s.grids[s.dst].x);  // under gradInput
  EXPECT_GT(s.grids[s.indices].y, 2.0f);
  EXPECT_FLOAT_EQ(s.boundsMax.y, s.grids[s.forwardInput].y + 3.0f) << "self, under gradInput, is the lowest";

  // Hidden, the extra grids leave the bounds and the hit test; their data stays for the inspector.
  const Point fullMax = s.boundsMax;
  showSecondaryGrids(s, false);
  EXPECT_FLOAT_EQ(s.boundsMax.y, 3.0f) << "only gradOutput (2x2) and gradInput (3x3) remain";
  EXPECT_LT(s.boundsMax.y, fullMax.y);
  const SceneGrid& ix = s.grids[s.indices];
  EXPECT_FALSE(s.cellAt({ix.x + 0.5f, ix.y + 0.5f}).has_value());
  EXPECT_EQ(ix.grid.ints.size(), 4u);
  showSecondaryGrids(s, true);
  EXPECT_FLOAT_EQ(s.boundsMax.y, fullMax.y);
}

TEST(VizScene, PlaneIsClampedAndPlanesCounted) {
  RunResult r = testing::twoCoreResult();
  Scene s = buildScene(sceneSourceOf(r, OpKind::kUpsampleNearestExact2dBackward), 7);
  EXPECT_EQ(s.planes, 1);
  EXPECT_EQ(s.plane, 0);
}

}  // namespace
}  // namespace gradlab::viz
#endif
