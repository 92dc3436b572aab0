// The modelled device time of a call (gradlab/plan.h modelledTime): a large call on the Atlas A2 profile
// takes about its bytes over the HBM bandwidth plus the launch overhead; a tiny call is all launch.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "gradlab/plan.h"
#include "gradlab/runner.h"
#include "gradlab/trace.h"
#include "profile_spec.h"

namespace gradlab {
namespace {

RunRequest upsample(int64_t n, int64_t c, int64_t in, int64_t out) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.N = n, r.shape.C = c;
  r.shape.in[kH] = r.shape.in[kW] = in;
  r.shape.out[kH] = r.shape.out[kW] = out;
  r.profile = testing::profileOf("atlas-a2");
  return r;
}

TEST(ModelledTime, ALargeCallIsBoundByHbmBandwidth) {
  RunRequest r = upsample(8, 32, 64, 128);  // 16 MiB of gradOutput, 4 MiB of gradInput
  r.deterministic = true;                    // (default mode also zeroes the rows cores share)
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const ModelledTime m = modelledTime(*result.plan);
  const DeviceProfile& a2 = result.plan->profile;
  const double bytes = 8.0 * 32 * (128 * 128 + 64 * 64) * 4;
  EXPECT_EQ(static_cast<double>(m.bytes), bytes) << "every byte read and written once";
  const double ideal = bytes / (a2.gmBandwidthGBps * 1e3) + a2.launchOverheadUs;
  EXPECT_GE(m.totalUs(), ideal) << "no call beats the HBM";
  EXPECT_LE(m.totalUs(), 2.0 * ideal);
  EXPECT_GT(m.bandwidthBound(), 0.5);
  EXPECT_DOUBLE_EQ(m.launchUs, a2.launchOverheadUs);
}

// The 950's SIMT tiles: bytes at each core's share of the HBM (no copy engine in the way), work at a warp of 32
// threads a cycle (57.6 per ns); a large call is still bound by the HBM.
TEST(ModelledTime, SimtTilesMoveAtTheCoresShareAndIssueAWarpACycle) {
  RunRequest r = upsample(8, 32, 64, 128);
  r.profile = testing::profileOf("ascend950");
  r.strategy = "simt";
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Plan& plan = *result.plan;
  ASSERT_GT(plan.simtThreads, 0);
  const Tile& t = plan.tiles.front();
  const TileCost c = tileCost(plan, t);
  const double share = 1600.0 / plan.phases[0].cores * 1e3;  // bytes per us
  EXPECT_DOUBLE_EQ(c.copyInUs, static_cast<double>(t.bytesIn) / share);
  EXPECT_DOUBLE_EQ(c.copyOutUs, static_cast<double>(t.bytesOut) / share);
  EXPECT_DOUBLE_EQ(c.computeUs, static_cast<double>(t.vectorElems) / (57.6 * 1e3));
  const ModelledTime m = modelledTime(plan);
  EXPECT_GT(m.bandwidthBound(), 0.9) << "memory-bound, as on the A2";
  // The threads' loads, adds and stores overlap: each core's first tile starts them together, the loads and
  // stores splitting the core's HBM share while both run.
  const std::vector<TraceEvent> events = planEvents(plan);
  int checked = 0;
  for (const TraceEvent& e : events) {
    if (e.tile != plan.tiles.front().id) continue;
    EXPECT_DOUBLE_EQ(e.startUs, plan.profile.launchOverheadUs) << eventKindName(e.kind);
    ++checked;
  }
  EXPECT_EQ(checked, 3) << "a load, an add and a store event";
}

TEST(ModelledTime, ATinyCallIsLaunchOverhead) {
  const RunResult result = run(upsample(1, 1, 3, 7));
  ASSERT_TRUE(result.ok()) << result.message;
  const ModelledTime m = modelledTime(*result.plan);
  EXPECT_GT(m.launchUs / m.totalUs(), 0.9);
  EXPECT_LT(m.effectiveGBps(), 0.01 * result.plan->profile.gmBandwidthGBps);
}

TEST(ModelledTime, PhasesTakeBetweenTheirBusiestPipeAndTheirTilesOneAfterAnother) {
  RunRequest r = upsample(1, 2, 12, 64);
  r.profile = testing::profileOf("classroom:cores=5");  // 26 rows a core: four cuts split a gradInput row's rows
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Plan& p = *result.plan;
  double serial = 0.0, busiestPipe = 0.0;
  for (int32_t phase = 0; phase < static_cast<int32_t>(p.phases.size()); ++phase) {
    std::vector<double> busy(static_cast<size_t>(p.coresUsed), 0.0), pipeMax(busy.size(), 0.0);
    std::vector<std::array<double, 3>> pipes(busy.size(), {0.0, 0.0, 0.0});
    const auto [first, last] = p.phaseTiles(phase);
    for (size_t i = first; i < last; ++i) {
      const size_t core = static_cast<size_t>(p.tiles[i].core);
      const TileCost c = tileCost(p, p.tiles[i]);
      busy[core] += c.totalUs();
      pipes[core][0] += c.copyInUs, pipes[core][1] += c.computeUs, pipes[core][2] += c.copyOutUs;
      pipeMax[core] = std::max({pipes[core][0], pipes[core][1], pipes[core][2]});
    }
    serial += *std::max_element(busy.begin(), busy.end());
    busiestPipe += *std::max_element(pipeMax.begin(), pipeMax.end());
  }
  const ModelledTime m = modelledTime(p);
  EXPECT_LE(m.kernelUs, serial + 1e-9);
  EXPECT_GE(m.kernelUs, busiestPipe - 1e-9);
  EXPECT_GE(p.phases.size(), 2u) << "rows shared between cores add a zero phase";
}

// One core, three tiles of 100 bytes in, 10 elements, 100 bytes out: 1 byte/ns copies, 1 element/ns.
Plan threeTiles(uint64_t ubBytesPerTile) {
  Plan p;
  p.profile.vectorCores = 1;
  p.profile.ubBytes = 1024;
  p.profile.mteBandwidthGBps = 1.0;
  p.profile.gmBandwidthGBps = 1000.0;
  p.profile.vectorElemsPerNs = 1.0;
  p.profile.launchOverheadUs = 1.0;
  p.coresUsed = 1;
  p.phases = {{PhaseKind::kCompute, "compute"}};
  for (int32_t i = 0; i < 3; ++i) {
    Tile t;
    t.id = i, t.order = i, t.ubBytes = ubBytesPerTile, t.bytesIn = 100, t.bytesOut = 100, t.vectorElems = 10;
    p.tiles.push_back(t);
  }
  return p;
}

TEST(ModelledTime, DoubleBufferedTilesOverlapCopiesWithCompute) {
  const Plan p = threeTiles(512);  // two fit in the UB
  ASSERT_TRUE(doubleBuffered(p, p.tiles[0]));
  const std::vector<TraceEvent> e = planEvents(p);
  ASSERT_EQ(e.size(), 9u);
  EXPECT_DOUBLE_EQ(e[0].startUs, 1.0) << "the kernel starts after the launch overhead";
  EXPECT_DOUBLE_EQ(e[3].startUs, e[0].endUs) << "tile 1 copies in while tile 0 computes";
  EXPECT_LT(e[3].startUs, e[2].endUs);
  EXPECT_GE(e[6].startUs, e[2].endUs) << "tile 2 waits for tile 0's buffer";
  for (size_t i = 3; i < 9; ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (e[i].pipe == e[j].pipe) {
        EXPECT_GE(e[i].startUs, e[j].endUs - 1e-12) << "a pipe runs one event at a time";
      }
    }
  }
  // Both copy engines of the core share its bandwidth: 0.1 us per 100 bytes each way at 1 GB/s.
  EXPECT_NEAR(e[0].endUs - e[0].startUs, 0.1, 1e-12);
  EXPECT_LT(modelledTime(p).kernelUs, 3 * (0.1 + 0.01 + 0.1));
}

TEST(ModelledTime, OverlappingCopiesShareTheCoresHbmShare) {
  Plan p = threeTiles(512);
  p.profile.gmBandwidthGBps = 1.0;  // the HBM, not the engines, limits the one core
  const ModelledTime m = modelledTime(p);
  EXPECT_GE(m.kernelUs, 600.0 / 1e3 - 1e-12) << "600 bytes at 1 GB/s, however they overlap";
  EXPECT_LE(m.effectiveGBps(), p.profile.gmBandwidthGBps);
}

TEST(ModelledTime, TilesOverHalfTheUbRunAlone) {
  const Plan p = threeTiles(600);
  ASSERT_FALSE(doubleBuffered(p, p.tiles[0]));
  const std::vector<TraceEvent> e = planEvents(p);
  ASSERT_EQ(e.size(), 9u);
  for (size_t i = 1; i < 9; ++i) EXPECT_DOUBLE_EQ(e[i].startUs, e[i - 1].endUs);
  EXPECT_NEAR(modelledTime(p).kernelUs, 3 * (0.1 + 0.01 + 0.1), 1e-12);
}

TEST(ModelledTime, AtomicAddsCostMoreThanStores) {
  Plan p = threeTiles(600);
  const double plain = modelledTime(p).kernelUs;
  for (Tile& t : p.tiles) t.atomic = true;
  p.profile.atomicAddCost = 3.0;
  EXPECT_NEAR(modelledTime(p).kernelUs, plain + 3 * 0.2, 1e-12);
}

TEST(ModelledTime, TracedEventsFollowTheSameClock) {
  RunRequest r = upsample(1, 2, 12, 64);
  r.profile = testing::profileOf("classroom:cores=5");  // 26 rows a core: four cuts split a gradInput row's rows
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok() && result.trace) << result.message;
  const double launch = result.plan->profile.launchOverheadUs;
  double end = 0.0;
  for (const TraceEvent& e : result.trace->events) {
    EXPECT_GE(e.startUs, launch);
    end = std::max(end, e.endUs);
  }
  for (size_t i = 0; i < result.trace->events.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      const TraceEvent &a = result.trace->events[j], &b = result.trace->events[i];
      if (a.core == b.core && a.pipe == b.pipe) {
        EXPECT_GE(b.startUs, a.endUs - 1e-9);
      }
    }
  }
  // The plan estimates what the kernels move (an atomic tile's adds are counted per gradInput cell, the
  // kernel adds per run of gradients), so the recorded run ends near the modelled one.
  const ModelledTime m = modelledTime(*result.plan);
  EXPECT_NEAR(end - launch, m.kernelUs, 0.25 * m.kernelUs);
}

}  // namespace
}  // namespace gradlab
