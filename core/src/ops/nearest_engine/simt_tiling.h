// CANN's UpsampleNearestExact2dGrad on the Ascend 950 (arch35): its host tiling, computed as CANN's
// upsample_nearest_exact2d_grad_tiling_arch35.cpp computes it, and gradlab's plan of the kernels it picks.
// The 1-D backward runs the same kernel with H = 1 and scale_h = 1 (CANN's op_api unsqueezes it).
//
// Schedules (CANN's schId): 0 copies gradOutput when the call changes nothing (same sizes, scales 1); the
// others run one SIMT thread per gradInput cell, which sums its window of gradOutput in fp32 and stores
// once: 1 threads over H x W (each thread loops over every plane), when a plane has at least cores x 2048
// cells; 2 over C x H x W (each loops over N), when a batch item has that many; 3 over N x C x H x W.
// The window of gradInput cell i along an axis is [orig(i), orig(i + 1)), orig(i) = min(ceil(i x scale -
// 0.5), gradOutput's size) in fp32, scale = the call's scale factor (or gradOutput / gradInput): not the
// inverse of PyTorch's floor((o + 0.5) x s), and for some sizes not the same windows (simtWindowsDiffer).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/extents.h"
#include "gradlab/profile.h"
#include "gradlab/strategy.h"
#include "gradlab/plan.h"

namespace gradlab::ops::nearest {

struct Arch35Tiling {
  int32_t schId = 0;     // 0 data copy, 1 SIMT over hw, 2 over chw, 3 over nchw
  int32_t isUint32 = 1;  // both tensors have at most 2^32 - 1 cells: 32-bit indices, 2048 threads a core
  int32_t coreNum = 0;      // the platform's vector cores (GetCoreNumAiv)
  int32_t realCoreNum = 0;  // the block dim: cores launched
  int64_t blkProcessNum = 0;  // cells (schedule 0: elements) per core; the first tailBlockNum cores take one more
  int32_t tailBlockNum = 0;
  int32_t ubFactor = 0;      // schedule 0: elements per UB copy
  int32_t cacheLineNum = 0;  // elements per 128-byte cache line
  float scaleH = 0.0f, scaleW = 0.0f;  // what the kernel's window formula multiplies by
  int64_t allNum = 0;       // the cells the schedule's index runs over (schedule 0: all of gradInput)
  int64_t planeLoop = 1;    // planes each thread loops over: N x C (schedule 1), N (2), 1 (3)
  int32_t threads = 0;      // SIMT threads a core launches: 2048 (uint32), 1024 (uint64); 0 for schedule 0
  uint64_t workspaceBytes = 0;
  uint64_t tilingKey() const { return static_cast<uint64_t>(schId) | static_cast<uint64_t>(isUint32) << 8; }
  int64_t cellsOf(int32_t core) const { return blkProcessNum + (core < tailBlockNum ? 1 : 0); }
  int64_t startOf(int32_t core) const;
};

// The call as CANN's kernel sees it: gradOutput [N, C, goH, goW] -> gradInput [N, C, giH, giW], the scales as
// the aclnn call gives them (0: from the sizes). A 1-D call is H = 1 with scale_h 1.
struct SimtCall {
  aclDataType dtype = ACL_FLOAT;
  int64_t N = 1, C = 1, goH = 1, goW = 1, giH = 1, giW = 1;
  double scalesH = 0.0, scalesW = 0.0;
};
SimtCall simtCallOf(aclDataType dtype, const Extents& g, int spatialRank);

Arch35Tiling arch35Tiling(const SimtCall& call, const DeviceProfile& profile);
// "schedule 1 (SIMT over H x W: a plane's 120000 gradInput cells >= 48 cores x 2048 threads)".
std::string scheduleText(const Arch35Tiling& tiling, const SimtCall& call);

// orig(i) for i in [0, gi]: the windows' edges along one axis as CANN's kernel computes them.
std::vector<int64_t> simtWindowEdges(int64_t gi, int64_t go, float scale);
// The first gradOutput position along an axis that CANN's windows send to a different gradInput cell than
// PyTorch's nearest-exact map (or to none), or -1 when they agree everywhere.
int64_t simtWindowsDiffer(int64_t gi, int64_t go, double scale);

// The gradInput cells (row-major, every plane) whose CANN windows hold other gradOutput cells than PyTorch's map.
std::vector<uint8_t> simtCellsOffMap(OpKind op, const Extents& shape);

// The thread of a simt plan that writes gradInput cell (plane, row, col) (StrategyInfo::threadOf).
std::optional<SimtThread> simtThreadOf(const Plan& plan, int64_t plane, int64_t row, int64_t col);

struct SimtPlan {
  Plan plan;  // plan.simtThreads > 0 for the SIMT schedules
  Arch35Tiling tiling;
  std::vector<int64_t> rowEdges, colEdges;  // simtWindowEdges of H and W
};

SimtPlan planSimt(OpKind op, const SimtCall& call, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                  std::vector<int64_t> dstShape);

}  // namespace gradlab::ops::nearest
