// CANN's arch35 tiling of UpsampleNearestExact2dGrad as gradlab computes it (ops/nearest_engine/simt_tiling.h):
// the schedule, the tiling key, the cores launched and the cells each takes, against what CANN's own tiling
// unit tests expect (hicann/ops-cv image/upsample_nearest_exact2d_grad/tests/ut/op_host: cases 005-008, run
// there on 48 vector cores with a 256 KiB UB) and on the 950 profile's own 64 cores; and the windows of its
// SIMT threads against PyTorch's map.
#include <gtest/gtest.h>

#include <cstring>
#include <optional>

#include "gradlab/ops.h"
#include "gradlab/runner.h"
#include "ops/nearest_engine/simt_tiling.h"
#include "profile_spec.h"
#include "verify/reference_cann950.h"

namespace gradlab {
namespace {

using ops::nearest::arch35Tiling;
using ops::nearest::Arch35Tiling;
using ops::nearest::SimtCall;

SimtCall call(aclDataType dtype, int64_t N, int64_t C, int64_t goH, int64_t goW, int64_t giH, int64_t giW,
              double scalesH = 0.0, double scalesW = 0.0) {
  return {dtype, N, C, goH, goW, giH, giW, scalesH, scalesW};
}

uint32_t floatBits(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

struct Expect {
  const char* name;
  SimtCall call;
  const char* chip;
  uint64_t key;
  int32_t schId, realCoreNum;
  int64_t blkProcessNum;
  int32_t tailBlockNum, ubFactor;
};

TEST(SimtTiling, MatchesCannsOwnTilingTests) {
  const Expect cases[] = {
      // CANN's cases: tiling data "24 1 2 3 4 3 4 32760 ..." (a copy), "1 1 1 2 64 1 32 0 ..." (key 259),
      // "2500 1 2 100 200 300 200 0 ..." (key 258), "2500 1 1 100 200 300 400 0 ..." (key 257).
      {"cann_005_copy", call(ACL_FLOAT, 1, 2, 3, 4, 3, 4, 1.0, 1.0), "ascend950:cores=48", 0, 0, 1, 24, 0, 32760},
      {"cann_006_nchw", call(ACL_FLOAT, 1, 1, 2, 64, 1, 32, 2.0, 2.0), "ascend950:cores=48", 259, 3, 32, 1, 0, 0},
      {"cann_007_chw", call(ACL_FLOAT, 1, 2, 100, 200, 300, 200), "ascend950:cores=48", 258, 2, 48, 2500, 0, 0},
      {"cann_008_hw", call(ACL_FLOAT, 1, 1, 100, 200, 300, 400), "ascend950:cores=48", 257, 1, 48, 2500, 0, 0},
      // The 950 profile: 64 cores x 2048 threads = 131072 cells is the threshold.
      {"issue_64_to_128", call(ACL_FLOAT, 1, 1, 128, 128, 64, 64), "ascend950", 259, 3, 64, 64, 0, 0},
      {"ragged_tail", call(ACL_FLOAT16, 2, 3, 29, 17, 13, 9, 2.3, 1.9), "ascend950", 259, 3, 64, 10, 62, 0},
      {"few_cells", call(ACL_BF16, 1, 1, 7, 11, 3, 5), "ascend950", 259, 3, 15, 1, 0, 0},
      {"plane_at_threshold", call(ACL_FLOAT, 2, 3, 512, 512, 256, 512), "ascend950", 257, 1, 64, 2048, 0, 0},
      {"batch_item_at_threshold", call(ACL_FLOAT, 4, 2, 512, 256, 256, 256), "ascend950", 258, 2, 64, 2048, 0, 0},
      {"fp16_copy_ub", call(ACL_FLOAT16, 1, 1, 5, 5, 5, 5), "ascend950", 0, 0, 1, 25, 0, 65520},
      {"past_uint32", call(ACL_FLOAT, 1, 1, 70000, 70000, 70000, 65536, 0.0, 0.0), "ascend950", 1, 1, 64, 71680000, 0, 0},
  };
  for (const Expect& e : cases) {
    SCOPED_TRACE(e.name);
    const DeviceProfile profile = testing::profileOf(e.chip);
    const Arch35Tiling t = arch35Tiling(e.call, profile);
    EXPECT_EQ(t.tilingKey(), e.key);
    EXPECT_EQ(t.schId, e.schId);
    EXPECT_EQ(t.realCoreNum, e.realCoreNum);
    EXPECT_EQ(t.blkProcessNum, e.blkProcessNum);
    EXPECT_EQ(t.tailBlockNum, e.tailBlockNum);
    if (e.schId == 0) {
      EXPECT_EQ(t.ubFactor, e.ubFactor);
    }
    EXPECT_EQ(t.workspaceBytes, 16u << 20) << "CANN asks for 16 MiB of workspace";
    EXPECT_EQ(t.threads, e.schId == 0 ? 0 : t.isUint32 ? 2048 : 1024);
    // Every cell is some core's, once: the runs tile [0, allNum).
    int64_t next = 0;
    for (int32_t core = 0; core < t.realCoreNum; ++core) {
      EXPECT_EQ(t.startOf(core), next);
      next += t.cellsOf(core);
    }
    EXPECT_EQ(next, t.allNum);
  }
}

TEST(SimtTiling, ScalesAreTheCallsOrGradOutputOverGradInputInFp32) {
  const DeviceProfile profile = testing::profileOf("ascend950");
  // CANN's tests pack (scaleH, scaleW) as 4575657222459796139 for 100 -> 300 by 200 -> 200 and
  // 4539628425440832171 for 100 -> 300 by 200 -> 400.
  Arch35Tiling t = arch35Tiling(call(ACL_FLOAT, 1, 2, 100, 200, 300, 200), profile);
  EXPECT_EQ(uint64_t{floatBits(t.scaleH)} | uint64_t{floatBits(t.scaleW)} << 32, 4575657222459796139u);
  t = arch35Tiling(call(ACL_FLOAT, 1, 1, 100, 200, 300, 400), profile);
  EXPECT_EQ(uint64_t{floatBits(t.scaleH)} | uint64_t{floatBits(t.scaleW)} << 32, 4539628425440832171u);
  t = arch35Tiling(call(ACL_FLOAT, 1, 1, 2, 64, 1, 32, 2.0, 2.0), profile);
  EXPECT_EQ(uint64_t{floatBits(t.scaleH)} | uint64_t{floatBits(t.scaleW)} << 32, 4611686019501129728u);
}

TEST(SimtTiling, WindowsDifferFromPyTorchsMapWhereTheFp32RoundingDoes) {
  using ops::nearest::simtWindowsDiffer;
  EXPECT_EQ(simtWindowsDiffer(2, 41, 0.0), 20) << "the SPEC's example: PyTorch sends o = 20 to 0, CANN's windows to 1";
  EXPECT_EQ(simtWindowsDiffer(6, 37, 0.0), 18);
  EXPECT_EQ(simtWindowsDiffer(10, 15, 0.5), 5) << "a scale that disagrees with the sizes: positions 5.. are in no window";
  EXPECT_EQ(simtWindowsDiffer(4, 8, 0.0), -1);
  EXPECT_EQ(simtWindowsDiffer(64, 128, 0.0), -1);
  EXPECT_EQ(simtWindowsDiffer(7, 7, 0.0), -1);
  // The library's windows and the reference's (written apart, from CANN's kernel) agree on where they differ.
  int differing = 0;
  for (int64_t gi = 1; gi <= 48; ++gi) {
    for (int64_t go = 1; go <= 48; ++go) {
      const Extents s{.in = {1, 1, gi}, .out = {1, 1, go}};
      const bool library = simtWindowsDiffer(gi, go, 0.0) >= 0;
      EXPECT_EQ(library, !reference::cann950WindowsDiffer(s, 1).empty()) << gi << " <- " << go;
      differing += library;
    }
  }
  EXPECT_GT(differing, 0);
  EXPECT_LT(differing, 48 * 48 / 10) << "most sizes agree";
}

// --strategy cann follows the chip: the cube's matrix products on the A2, SIMT threads on the 950.
TEST(SimtTiling, CannsChoiceFollowsTheChip) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape = {.in = {1, 64, 64}, .out = {1, 128, 128}};
  r.strategy = "cann";
  r.profile = testing::profileOf("atlas-a2");
  RunResult a2 = run(r);
  ASSERT_TRUE(a2.ok()) << a2.message;
  EXPECT_EQ(a2.plan->strategyName, "cube");
  EXPECT_EQ(a2.plan->simtThreads, 0);
  r.profile = testing::profileOf("ascend950");
  RunResult simt = run(r);
  ASSERT_TRUE(simt.ok()) << simt.message;
  EXPECT_EQ(simt.plan->strategyName, "simt");
  EXPECT_EQ(simt.plan->simtThreads, 2048);
  EXPECT_EQ(simt.plan->coresUsed, 64);
  EXPECT_EQ(simt.plan->workspaceBytes, 16u << 20);
  // The SIMT gather sums in the reference's order with the same windows here: the same bits as gather.
  r.strategy = "gather";
  RunResult gather = run(r);
  ASSERT_TRUE(gather.ok());
  EXPECT_EQ(simt.output("gradInput")->values.size(), gather.output("gradInput")->values.size());
  for (size_t i = 0; i < gather.output("gradInput")->values.size(); ++i) {
    ASSERT_EQ(floatBits(simt.output("gradInput")->values[i]), floatBits(gather.output("gradInput")->values[i])) << i;
  }
}

// Which thread writes a cell: the core whose run holds it (the plan's tile agrees), its place in that run modulo
// the threads, its warp and lane, and the pass; schedule 1's threads do the same (h, w) of every plane.
TEST(SimtTiling, EveryCellHasTheThreadThePlanGivesIt) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape = {.C = 2, .in = {1, 96, 96}, .out = {1, 192, 192}};
  r.strategy = "simt";
  r.profile = testing::profileOf("ascend950:cores=4");
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Plan& plan = *result.plan;
  const StrategyInfo* s = plan.strategyInfo();
  ASSERT_TRUE(s != nullptr && s->threadOf != nullptr);
  std::optional<SimtThread> t = s->threadOf(plan, 1, 50, 7);  // (h, w) 4807 of a plane: core 2's run starts at 4608
  ASSERT_TRUE(t);
  EXPECT_EQ(t->core, 2);
  EXPECT_EQ(t->thread, 199);
  EXPECT_EQ(t->pass, 0);
  EXPECT_EQ(t->warp, 6);
  EXPECT_EQ(t->lane, 7);
  EXPECT_EQ(t->planeLoop, 2);
  EXPECT_FALSE(t->batchLoop);
  t = s->threadOf(plan, 0, 21, 84);  // 2100 cells into core 0's run of 2304: past its 2048 threads
  ASSERT_TRUE(t);
  EXPECT_EQ(t->core, 0);
  EXPECT_EQ(t->thread, 52);
  EXPECT_EQ(t->pass, 1);
  EXPECT_FALSE(s->threadOf(plan, 2, 0, 0)) << "no third plane";
  // Every cell's core is the core of the plan's tile that writes it.
  for (int64_t p = 0; p < 2; ++p) {
    for (int64_t h = 0; h < 96; h += 7) {
      for (int64_t w = 0; w < 96; w += 5) {
        const std::optional<SimtThread> th = s->threadOf(plan, p, h, w);
        ASSERT_TRUE(th);
        int32_t tileCore = -1;
        for (const Tile& tile : plan.tiles) {
          const Box& b = tile.dst;
          if (p >= b.plane0 && p < b.plane1 && h >= b.row0 && h < b.row1 && w >= b.col0 && w < b.col1) tileCore = tile.core;
        }
        ASSERT_EQ(th->core, tileCore) << p << " " << h << " " << w;
      }
    }
  }
}

// On a chip without SIMT threads the strategy gives way to the default and says why.
TEST(SimtTiling, ChipsWithoutThreadsRunTheDefaultAndSaySo) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact1dBackward;
  r.shape = {.in = {1, 1, 5}, .out = {1, 1, 11}};
  r.strategy = "simt";
  r.profile = testing::profileOf("atlas-a2");
  RunResult result = run(r);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.plan->strategyName, "scatter");
  EXPECT_NE(result.plan->strategyNote.find("no SIMT threads"), std::string::npos) << result.plan->strategyNote;
  r.profile = testing::profileOf("ascend950:threads=0");
  EXPECT_EQ(run(r).plan->strategyName, "scatter");
}

}  // namespace
}  // namespace gradlab
