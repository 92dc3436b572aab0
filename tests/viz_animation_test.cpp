// The scatter animation generated from the trace: beats, flights, running sums at time t, stepping, player.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "app/viz_fixtures.h"
#include "viz/model/animation.h"
#include "viz/model/player.h"

namespace gradlab::viz {
namespace {

Scene fixtureScene() {
  return buildScene(sceneSourceOf(testing::twoCoreResult(), OpKind::kUpsampleNearestExact2dBackward), 0);
}

TEST(VizAnimation, OneAtATimeFollowsTheRecordedSequence) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);
  ASSERT_EQ(a.moves().size(), 16u);
  EXPECT_DOUBLE_EQ(a.duration(), 16.0);
  for (size_t i = 0; i < a.moves().size(); ++i) {
    EXPECT_DOUBLE_EQ(a.moves()[i].beat, static_cast<double>(i));
    EXPECT_EQ(s.trace->moves[a.moves()[i].move].sequence, i);
  }
  // The first move is gradOutput (0,0) -> gradInput (0,0); the second core 1's (2,0) -> (1,0).
  EXPECT_EQ(a.moves()[1].from.row, 2);
  EXPECT_EQ(a.moves()[1].to.row, 1);
  EXPECT_EQ(a.moves()[1].to.grid, s.dst);
}

TEST(VizAnimation, CoresInParallelIssueOneMoveEachPerBeat) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kCoresInParallel);
  EXPECT_DOUBLE_EQ(a.duration(), 8.0);
  EXPECT_EQ(a.flightsAt(0.5).size(), 2u);
}

TEST(VizAnimation, ParallelPacingNeverReordersAddsIntoOneCell) {
  RunResult r = testing::twoCoreResult();
  auto trace = std::make_shared<Trace>(*r.trace);
  // Core 1 adds into gradInput (0,0) right after core 0 did, then into (0,1).
  trace->moves = {{0, 0, 0, 0, 0, 0, 1.0f, 1.0f}, {1, 0, 1, 1, 1, 1, 2.0f, 3.0f}, {2, 1, 1, 1, 2, 0, 3.0f, 3.0f}};
  r.trace = trace;
  Scene s = buildScene(sceneSourceOf(r, OpKind::kUpsampleNearestExact2dBackward), 0);
  Animation a(s, Pacing::kCoresInParallel);
  ASSERT_EQ(a.moves().size(), 3u);
  EXPECT_DOUBLE_EQ(a.moves()[0].beat, 0.0);
  EXPECT_DOUBLE_EQ(a.moves()[1].beat, 1.0);  // waits for core 0's add into the same cell
  EXPECT_DOUBLE_EQ(a.moves()[2].beat, 2.0);  // core 1's next move
}

TEST(VizAnimation, FlightsAndLandingsAtTimeT) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);
  EXPECT_EQ(a.landedAt(0.79), 0u);
  EXPECT_EQ(a.landedAt(kTravel), 1u);
  auto flights = a.flightsAt(0.5);
  ASSERT_EQ(flights.size(), 1u);
  EXPECT_NEAR(flights[0].progress, 0.5 / kTravel, 1e-6);
  EXPECT_EQ(a.flightsAt(0.9).size(), 0u);  // the first landed, the second has not left
  EXPECT_EQ(a.flightsAt(1.0).size(), 1u);
}

TEST(VizAnimation, DestinationShowsTheLastLandedRunningSum) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);
  std::vector<float> values;
  std::vector<uint8_t> touched;
  a.dstValuesAt(2.0, s, &values, &touched);
  EXPECT_EQ(values, (std::vector<float>{1, 0, 9, 0}));
  EXPECT_EQ(touched, (std::vector<uint8_t>{1, 0, 1, 0}));
  a.dstValuesAt(4.0, s, &values, &touched);  // four moves landed
  EXPECT_EQ(values, (std::vector<float>{3, 0, 19, 0}));  // 1+2 and 9+10
  a.dstValuesAt(a.duration(), s, &values, &touched);
  EXPECT_EQ(values, (std::vector<float>{14, 22, 46, 54}));  // the run's output
}

TEST(VizAnimation, SourceCellsAreSentOnceAllTheirMovesLeft) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);
  std::vector<uint8_t> sent;
  a.srcSentAt(1.0, s, &sent);
  ASSERT_EQ(sent.size(), 16u);
  EXPECT_EQ(sent[0], 1);
  EXPECT_EQ(sent[8], 1);
  EXPECT_EQ(sent[1], 0);
}

TEST(VizAnimation, StopsAreBeatBoundaries) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);
  EXPECT_DOUBLE_EQ(a.nextStop(0.3), 1.0);
  EXPECT_DOUBLE_EQ(a.nextStop(1.0), 2.0);
  EXPECT_DOUBLE_EQ(a.nextStop(15.5), 16.0);
  EXPECT_DOUBLE_EQ(a.nextStop(16.0), 16.0);
  EXPECT_DOUBLE_EQ(a.previousStop(1.0), 0.0);
  EXPECT_DOUBLE_EQ(a.previousStop(1.5), 1.0);
  EXPECT_DOUBLE_EQ(a.previousStop(0.0), 0.0);
}

TEST(VizAnimation, StepsJumpToWhereTheNextTileCoreOrPhaseStarts) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);  // moves alternate: tile 0 on core 0 at beat 0, tile 1 on core 1 at beat 1
  EXPECT_DOUBLE_EQ(a.nextStart(0.0, StepUnit::kTile), 1.0);
  EXPECT_DOUBLE_EQ(a.nextStart(1.0, StepUnit::kTile), a.duration());
  EXPECT_DOUBLE_EQ(a.previousStart(9.0, StepUnit::kTile), 1.0);
  EXPECT_DOUBLE_EQ(a.previousStart(1.0, StepUnit::kCore), 0.0);
  EXPECT_DOUBLE_EQ(a.nextStart(0.0, StepUnit::kCore), 1.0);
  EXPECT_DOUBLE_EQ(a.nextStart(0.0, StepUnit::kPhase), a.duration());  // one phase: its start is the only stop
  EXPECT_DOUBLE_EQ(a.nextStart(0.3, StepUnit::kBeat), a.nextStop(0.3));
  Player p;
  p.reset(a.duration());
  p.stepForward(a, StepUnit::kTile);
  EXPECT_DOUBLE_EQ(p.t, 1.0);
  p.stepForward(a, StepUnit::kTile);
  EXPECT_DOUBLE_EQ(p.t, a.duration());
  p.stepBack(a, StepUnit::kTile);
  EXPECT_DOUBLE_EQ(p.t, 1.0);
}

TEST(VizAnimation, NoTraceMeansNoMoves) {
  RunResult r = testing::twoCoreResult();
  r.trace.reset();
  Scene s = buildScene(sceneSourceOf(r, OpKind::kUpsampleNearestExact2dBackward), 0);
  Animation a(s, Pacing::kOneAtATime);
  EXPECT_TRUE(a.empty());
  EXPECT_DOUBLE_EQ(a.duration(), 0.0);
}

TEST(VizPlayer, PlaysStopsLoopsAndSteps) {
  Scene s = fixtureScene();
  Animation a(s, Pacing::kOneAtATime);
  Player p;
  p.reset(a.duration());
  p.speed = 4.0;
  p.togglePlay();
  p.update(1.0);
  EXPECT_DOUBLE_EQ(p.t, 4.0);
  p.update(10.0);
  EXPECT_DOUBLE_EQ(p.t, 16.0);
  EXPECT_FALSE(p.playing);
  p.togglePlay();  // at the end: restarts
  EXPECT_DOUBLE_EQ(p.t, 0.0);
  EXPECT_TRUE(p.playing);
  p.loop = true;
  p.update(4.5);
  EXPECT_DOUBLE_EQ(p.t, 2.0);
  EXPECT_TRUE(p.playing);
  p.stepForward(a);
  EXPECT_FALSE(p.playing);
  EXPECT_DOUBLE_EQ(p.t, 3.0);
  p.stepBack(a);
  p.stepBack(a);
  EXPECT_DOUBLE_EQ(p.t, 1.0);
  p.scrub(99.0);
  EXPECT_DOUBLE_EQ(p.t, 16.0);
  EXPECT_TRUE(p.atEnd());
}

}  // namespace
}  // namespace gradlab::viz
#endif
