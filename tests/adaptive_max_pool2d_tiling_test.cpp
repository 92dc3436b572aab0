// Host-side pieces of the adaptive max pool ops: the window formula and the tiling plans, checked
// directly (no device run) over many shapes and device profiles.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "gradlab/profile.h"
#include "gradlab/recycled_allocator.h"
#include "runtime/prose.h"
#include "ops/adaptive_max_pool/tiling.h"
#include "ops/adaptive_max_pool/windows.h"
#include "verify/adaptive_pool_harness.h"

namespace gradlab::ops::adaptive {
namespace {

TEST(AdaptiveWindows, MatchPytorchFloorAndCeil) {
  for (int64_t in = 1; in <= 40; ++in) {
    for (int64_t out = 1; out <= 40; ++out) {
      for (int64_t a = 0; a < out; ++a) {
        EXPECT_EQ(windowStart(a, in, out), static_cast<int64_t>(std::floor(double(a) * in / out)));
        EXPECT_EQ(windowEnd(a, in, out), static_cast<int64_t>(std::ceil(double(a + 1) * in / out)));
      }
    }
  }
}

TEST(AdaptiveWindows, CoverTheAxisWithNonEmptyOrderedWindows) {
  for (int64_t in : {1, 2, 5, 7, 64, 1000}) {
    for (int64_t out : {1, 2, 3, 4, 7, 41, 999, 2500}) {
      const AxisWindows w(in, out);
      EXPECT_EQ(w.start.front(), 0);
      EXPECT_EQ(w.end.back(), in);
      for (int64_t a = 0; a < out; ++a) {
        EXPECT_LT(w.start[a], w.end[a]) << in << " -> " << out << " window " << a;
        if (a > 0) {
          EXPECT_LE(w.start[a - 1], w.start[a]);
          EXPECT_LE(w.end[a - 1], w.end[a]);
          EXPECT_GE(w.end[a - 1], w.start[a]) << "gap between windows";
        }
      }
    }
  }
}

TEST(AdaptiveWindows, HugeSizesDoNotOverflow) {
  const int64_t in = 2147483647, out = int64_t{1} << 40;
  EXPECT_EQ(windowStart(out - 1, in, out), in - 1);
  EXPECT_EQ(windowEnd(out - 1, in, out), in);
  EXPECT_EQ(windowEnd(0, in, out), 1);
}

DeviceProfile profile(const char* spec) { return verify::adaptive::namedProfile(spec); }

TEST(AdaptiveTiling, BackwardPlansHoldTheirInvariantsEverywhere) {
  std::mt19937_64 rng(99);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  for (const char* spec : {"atlas-a2", "classroom", "atlas-a2:cores=3,ub=1k", "atlas-a2:cores=1", "atlas-a2:cores=200"}) {
    for (int i = 0; i < 40; ++i) {
      Extents s;
      s.N = pick(1, 3), s.C = pick(1, 20), s.in[kH] = pick(1, 60), s.in[kW] = pick(1, 60), s.out[kH] = pick(1, 70), s.out[kW] = pick(1, 700);
      for (bool deterministic : {true, false}) {
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
          const BackwardTiling t = planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, dtype, ACL_INT64, true, deterministic, profile(spec));
          ASSERT_EQ(verify::adaptive::verifyBackwardPlan(t.plan, s.planes(), s.in[kH], s.in[kW], s.out[kH], s.out[kW]), "")
              << spec << " " << s.N << "x" << s.C << "x" << s.in[kH] << "x" << s.in[kW] << " <- " << s.out[kH] << "x" << s.out[kW]
              << (deterministic ? " deterministic" : " default");
          // Sums live in UB when a plane fits there, else in gradInput (dense fp32) or the workspace;
          // planes split between cores cannot use UB.
          const uint64_t planeBytes = uint64_t(s.in[kH] * s.in[kW]) * 4, ub = t.plan.profile.ubBytes;
          const Accumulator gm = dtype == ACL_FLOAT ? Accumulator::kGradInput : Accumulator::kWorkspace;
          EXPECT_EQ(t.sharedAcc, gm);
          if (t.ownerAcc == Accumulator::kUb) {
            EXPECT_GE(t.accBytes, planeBytes);
            EXPECT_LE(t.accBytes + BackwardTiling::footprint(std::min<int64_t>(64, s.out[kH] * s.out[kW])), ub);
          } else {
            EXPECT_EQ(t.ownerAcc, gm);
            EXPECT_GT(align64(planeBytes) + BackwardTiling::footprint(std::min<int64_t>(64, s.out[kH] * s.out[kW])), ub);
          }
          const uint64_t workspacePlanes = t.ownerAcc == Accumulator::kWorkspace ? s.planes()
                                           : t.sharedAcc == Accumulator::kWorkspace ? t.sharedPlanes.size()
                                                                                    : 0;
          EXPECT_EQ(t.plan.workspaceBytes, workspacePlanes * planeBytes);
          for (const Tile& tile : t.plan.tiles) EXPECT_LE(tile.ubBytes, ub);
          for (const Tile& tile : t.plan.tiles) EXPECT_LE(tile.src.cells(), t.chunkCells);
        }
      }
    }
  }
}

TEST(AdaptiveTiling, ForwardPlansHoldTheirInvariantsEverywhere) {
  std::mt19937_64 rng(98);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  for (const char* spec : {"atlas-a2", "classroom", "atlas-a2:cores=3,ub=1k"}) {
    for (int i = 0; i < 40; ++i) {
      Extents s;
      s.N = pick(1, 3), s.C = pick(1, 20), s.in[kH] = pick(1, 60), s.in[kW] = pick(1, 3000), s.out[kH] = pick(1, 70), s.out[kW] = pick(1, 900);
      const ForwardTiling t = planForward(OpKind::kAdaptiveMaxPool2d, s, ACL_FLOAT, ACL_INT64, profile(spec));
      ASSERT_EQ(verify::adaptive::verifyForwardPlan(t.plan, s.planes(), s.in[kH], s.in[kW], s.out[kH], s.out[kW]), "") << spec;
      for (const Tile& tile : t.plan.tiles) EXPECT_LE(tile.dst.col1 - tile.dst.col0, t.segmentCols);
    }
  }
}

TEST(AdaptiveTiling, DeterministicPlanSplitsPlanesEvenlyAndSaysWhenCoresIdle) {
  Extents s;
  s.N = 8, s.C = 64, s.in[kH] = 128, s.in[kW] = 128, s.out[kH] = 50, s.out[kW] = 70;
  rt::DescribeScope describe;  // the core choice is prose
  const BackwardTiling t = planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, true, profile("atlas-a2"));
  EXPECT_EQ(t.plan.coresUsed, 48);
  EXPECT_EQ(t.plan.tiles.size(), 512u);  // 3500 cells per plane: one UB step each, its indices checked as they are added
  EXPECT_LT(t.plan.imbalance(), 1.05);
  EXPECT_EQ(t.plan.coreChoice.find("idle"), std::string::npos) << t.plan.coreChoice;

  s.N = 1, s.C = 3;
  const BackwardTiling few = planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, true, profile("atlas-a2"));
  EXPECT_EQ(few.plan.coresUsed, 3);
  EXPECT_EQ(few.plan.coreChoice, "3 gradInput planes over 48 cores: only 3 get work, the rest stay idle");
}

// A large plan's tiles (512 here, 119 KB) come back to the next plan instead of to the system, which a plain
// program's heap would hand back and fault in again at every call (gradlab/recycled_allocator.h).
TEST(AdaptiveTiling, ALargePlanTakesTheTilesOfTheOneBefore) {
  Extents s;
  s.N = 8, s.C = 64, s.in[kH] = 128, s.in[kW] = 128, s.out[kH] = 50, s.out[kW] = 70;
  auto plan = [&] { return planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, true, profile("atlas-a2")); };
  { const BackwardTiling first = plan(); }
  const size_t kept = recycledBytesKept();
  ASSERT_GE(kept, 512 * sizeof(Tile));
  const BackwardTiling again = plan();
  EXPECT_EQ(again.plan.tiles.size(), 512u);
  EXPECT_LT(recycledBytesKept(), kept);
}

TEST(AdaptiveTiling, SmallUbMeansMoreTiles) {
  Extents s;
  s.N = 1, s.C = 4, s.in[kH] = 128, s.in[kW] = 128, s.out[kH] = 50, s.out[kW] = 70;
  const BackwardTiling big = planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, true, profile("atlas-a2"));
  const BackwardTiling small = planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, true, profile("classroom"));
  EXPECT_EQ(big.plan.tiles.size(), 4u);  // a compute tile per plane (no check phase: each index is checked as it is added)
  EXPECT_GE(small.plan.tiles.size(), 4u * 3);
  for (const Tile& tile : small.plan.tiles) EXPECT_LE(tile.ubBytes, 16u * 1024);
}

TEST(AdaptiveTiling, EmptyShapes) {
  Extents s;
  s.N = 2, s.C = 3, s.in[kH] = 5, s.in[kW] = 5, s.out[kH] = 0, s.out[kW] = 4;
  const BackwardTiling zero = planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, true, profile("atlas-a2"));
  EXPECT_EQ(zero.mode, BackwardMode::kZeroOnly);
  EXPECT_EQ(zero.plan.workspaceBytes, 0u);
  int64_t zeroed = 0;
  for (const Tile& tile : zero.plan.tiles) zeroed += tile.dst.cells();
  EXPECT_EQ(zeroed, 2 * 3 * 5 * 5);
  s.in[kH] = 0, s.out[kH] = 2;
  EXPECT_EQ(planBackward(OpKind::kAdaptiveMaxPool2dBackward, s, ACL_FLOAT, ACL_INT64, true, false, profile("atlas-a2")).mode, BackwardMode::kNothing);
}

}  // namespace
}  // namespace gradlab::ops::adaptive
