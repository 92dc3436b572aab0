// Per-core timeline: bars from the trace's events (or the plan's estimates), geometry and hit testing.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "app/viz_fixtures.h"
#include "viz/model/timeline.h"

namespace gradlab::viz {
namespace {

TEST(VizTimeline, BarsFromTraceEvents) {
  auto trace = testing::twoCoreTrace();
  TimelineModel m = buildTimeline(trace->plan, trace.get());
  EXPECT_TRUE(m.fromTrace);
  EXPECT_EQ(m.cores, 2);
  ASSERT_EQ(m.bars.size(), 6u);
  EXPECT_DOUBLE_EQ(m.totalUs, 3.0);
  EXPECT_EQ(m.bars[3].core, 1);
  EXPECT_EQ(m.bars[3].kind, EventKind::kCopyIn);
  ASSERT_EQ(m.loadUs.size(), 2u);
  EXPECT_DOUBLE_EQ(m.loadUs[0], 1.0);
  EXPECT_DOUBLE_EQ(m.loadUs[1], 3.0);
  EXPECT_DOUBLE_EQ(m.imbalance, 1.5);  // max 3 / mean 2
}

TEST(VizTimeline, EstimatedFromThePlanWithoutATrace) {
  Plan plan = testing::twoCorePlan();
  plan.profile.mteBandwidthGBps = 1.0;  // 1 byte per ns
  plan.profile.vectorElemsPerNs = 1.0;
  TimelineModel m = buildTimeline(plan, nullptr);
  EXPECT_FALSE(m.fromTrace);
  ASSERT_EQ(m.bars.size(), 6u);
  // Tile 0: 32 bytes in, 10 vector elements, 8 bytes out, one after the other.
  EXPECT_NEAR(m.bars[0].endUs, 0.032, 1e-12);
  EXPECT_NEAR(m.bars[1].endUs, 0.042, 1e-12);
  EXPECT_NEAR(m.bars[2].endUs, 0.050, 1e-12);
  EXPECT_EQ(m.bars[2].kind, EventKind::kCopyOut);
}

TEST(VizTimeline, GeometryScalesTimeToTheWidth) {
  auto trace = testing::twoCoreTrace();
  TimelineModel m = buildTimeline(trace->plan, trace.get());
  TimelineGeometry g = layoutTimeline(m, Rect{10, 20, 410, 200}, 100, 20, 4);
  ASSERT_EQ(g.lanes.size(), 2u);
  EXPECT_FLOAT_EQ(g.pxPerUs, 100.0f);  // 300 px for 3 us
  EXPECT_FLOAT_EQ(g.lanes[1].y0, 44.0f);
  EXPECT_FLOAT_EQ(g.lanes[1].y1, 64.0f);
  // Core 1's compute bar: 1.2 .. 2.4 us, on the middle (vector) third of its lane.
  const Rect& bar = g.bars[4];
  EXPECT_FLOAT_EQ(bar.x0, 110.0f + 120.0f);
  EXPECT_FLOAT_EQ(bar.x1, 110.0f + 240.0f);
  EXPECT_FLOAT_EQ(bar.y0, 44.0f + 20.0f / 3.0f);
  EXPECT_FLOAT_EQ(g.bars[3].y0, 44.0f);  // copy-in on top
  EXPECT_FLOAT_EQ(g.bars[5].y1, 64.0f);  // copy-out at the bottom
  EXPECT_EQ(hitTestTimeline(g, 300.0f, 54.0f), 4);
  EXPECT_EQ(hitTestTimeline(g, 300.0f, 41.0f), -1);  // the gap between lanes
  EXPECT_EQ(hitTestTimeline(g, 300.0f, 46.0f), -1);  // core 1's copy-in row, after its copy-in ended
}

TEST(VizTimeline, LaunchOverheadComesFirst) {
  Plan plan = testing::twoCorePlan();
  plan.profile.launchOverheadUs = 2.0;
  TimelineModel m = buildTimeline(plan, nullptr);
  ASSERT_FALSE(m.bars.empty());
  EXPECT_DOUBLE_EQ(m.launchUs, 2.0);
  for (const TimelineBar& b : m.bars) EXPECT_GE(b.startUs, 2.0);
  TimelineGeometry g = layoutTimeline(m, Rect{0, 0, 400, 100}, 0, 20, 4);
  EXPECT_FLOAT_EQ(g.launch.x0, 0.0f);
  EXPECT_FLOAT_EQ(g.launch.x1, static_cast<float>(2.0 / m.totalUs * 400.0));
  EXPECT_FLOAT_EQ(g.launch.y1, g.lanes.back().y1);
}

// The Code tab's axis over a small call read "3 µs … 3 µs … 3.01 µs": no two of its three ticks may read alike.
TEST(VizTimeline, TheAxisTicksNeverReadAlike) {
  const double start = 3.0, end = 3.0142;
  const std::string a = timeTickText(start, start, end), b = timeTickText((start + end) / 2, start, end),
                    c = timeTickText(end, start, end);
  EXPECT_NE(a, b);
  EXPECT_NE(b, c);
  EXPECT_EQ(a, "3.0000 µs");
  EXPECT_EQ(timeTickText(0.0, 0.0, 40.0), "0 µs") << "a wide span stays compact";
  EXPECT_EQ(timeTickText(20.0, 0.0, 40.0), "20 µs");
}

}  // namespace
}  // namespace gradlab::viz
#endif
