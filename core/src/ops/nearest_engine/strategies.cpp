#include "ops/nearest_engine/strategies.h"

#include "gradlab/ops.h"
#include "gradlab/profile.h"
#include "ops/nearest_engine/launch.h"
#include "ops/nearest_engine/simt_tiling.h"
#include "runtime/prose.h"

namespace gradlab::ops::nearest {
namespace {

constexpr BackwardEngine kScatterEngine{{}, &publishScatter};
constexpr BackwardEngine kGatherEngine{{}, &publishGather};
constexpr BackwardEngine kCubeEngine{{}, &publishCube};
constexpr BackwardEngine kSimtEngine{{}, &publishSimt};

const char* cubeCannotRun(const StrategyCall& call) {
  if (call.dtype == ACL_DOUBLE) return "the cube has no fp64";
  if (call.profile->cubeCores < 1) return "the device profile has no cube cores";
  if (call.op && opInfo(*call.op).spatialRank == 3) {
    return "a 3-D call needs a third matrix product, over D, which this strategy does not model";
  }
  return nullptr;
}

const char* simtCannotRun(const StrategyCall& call) {
  if (!call.profile->hasSimt()) return "the device has no SIMT threads (the Ascend 950's vector cores do: --device ascend950)";
  if (call.dtype != ACL_FLOAT && call.dtype != ACL_FLOAT16 && call.dtype != ACL_BF16) {
    return "CANN's SIMT kernel takes FLOAT, FLOAT16 and BF16";
  }
  if (call.op && opInfo(*call.op).rule != IndexRule::kNearestExact) {
    return "it models UpsampleNearestExact2dGrad, the nearest-exact kernel; the legacy nearest backward's is not modelled";
  }
  if (call.op && opInfo(*call.op).spatialRank == 3) {
    return "CANN's 3-D backward on the 950 (UpsampleNearest3dGrad's SIMT schedules) is not modelled";
  }
  return nullptr;
}

}  // namespace

const StrategyInfo kBackwardStrategies[4] = {
    {.name = "scatter",
     .title = "vector scatter",
     .how = "gradOutput rows are split evenly over the vector cores; each core sums its rows into UB, and a gradInput row "
      "whose gradOutput rows fall to several cores is zeroed first and takes atomic adds from each of them",
     .order = "row-major within each core; where cores share a cell, their atomic adds land in the order the cores reach it "
      "(the atomic schedule)",
     .numerics = "bit-exact where no cell is shared; a shared cell is within the summation bound of the reference "
      "((1 + u)^(n - 1) - 1) x sum |g|, u = 2^-24",
     .atomic = true,
     .deterministicTwin = "gather",
     .engine = &kScatterEngine},
    {.name = "gather",
     .title = "vector gather",
     .how = "every gradInput row has one owner vector core, which reads the gradOutput rows that map to it and sums them "
      "in order in UB; no atomic adds, no workspace",
     .order = "row-major: each cell adds its terms row by row, left to right, as the reference does",
     .numerics = "bit-exact with the reference (fp32); FLOAT16/BF16 are the fp32 sums rounded once",
     .engine = &kGatherEngine},
    {.name = "cube",
     .title = "cube matmul (CANN's A2 kernel)",
     .how = "two matrix products on the cube cores against 0/1 selection matrices that the vector cores build: the W pass "
      "T = gradOutput x A_W, then the H pass gradInput = A_H^T x T, each cut into slides of gradInput columns or "
      "rows; FLOAT16/BF16 are cast to fp32 before and rounded once after, as CANN's Cast kernels do",
     .order = "each row's terms are summed left to right into T, then the rows' sums top to bottom: (g00 + g01) + (g10 + g11) "
      "where the reference adds ((g00 + g01) + g10) + g11; a product adds in K order into an fp32 L0C that starts "
      "at +0",
     .numerics = "deterministic and identical run to run; bit-exact where a gradInput cell sums one row or one column of "
      "gradOutput (1-D calls, one pass), else within the summation bound of the reference; an infinity or NaN in "
      "gradOutput also makes NaN in every cell its matrix slide multiplies by 0 (0 x inf = NaN)",
     .cube = true,
     .referenceOrder = false,
     .needs = "a device with cube cores, FLOAT, FLOAT16 or BF16 (the cube has no fp64), and a 1-D or 2-D call",
     .cannotRun = &cubeCannotRun,
     .engine = &kCubeEngine},
    {.name = "simt",
     .title = "SIMT gather (CANN's 950 kernel)",
     .how = "CANN's arch35 UpsampleNearestExact2dGrad: one SIMT thread per gradInput cell, 2048 threads on each vector "
      "core, the cells dealt to the cores in equal runs over H x W, C x H x W or N x C x H x W by CANN's thresholds "
      "(or a plain copy when nothing changes); FLOAT16/BF16 are read and written natively",
     .order = "row-major: each cell's thread adds its window's rows top to bottom, each left to right, into an fp32 "
      "register that starts at 0, and stores it once",
     .numerics = "bit-exact with a reference that takes CANN's windows, ceil(i x scale - 0.5) in fp32 (fp16/bf16: the "
      "fp32 sum rounded once); where those windows agree with PyTorch's map, bit-exact with PyTorch; where they "
      "do not (a few sizes, e.g. 2 -> 41), a value lands in the neighbouring cell, as on the chip",
     .cannWindows = true,
     .cellsOffMap = &simtCellsOffMap,
     .threadOf = &simtThreadOf,
     .needs = "a device with SIMT threads (ascend950), FLOAT, FLOAT16 or BF16, and a 1-D or 2-D nearest-exact call",
     .cannotRun = &simtCannotRun,
     .engine = &kSimtEngine},
};

const StrategyInfo kForwardStrategies[1] = {
    {.name = "gather",
     .title = "vector gather",
     .how = "output rows are split over the vector cores; each copies the source row into UB and gathers its columns "
      "(CANN's UpsampleNearest kernel gathers whole channel vectors after transposing to NHWC)",
     .order = "no sums: every output cell is a copy",
     .numerics = "bit-exact in every dtype"},
};

CannChoice cannDouble() {
  return {kGather, rt::planProse("CANN runs DOUBLE on the AI CPU (the cube has no fp64): the nearest vector strategy here "
                                 "is gather")};
}

CannChoice cannSimt(const StrategyCall& call, const Extents& shape) {
  const int rank = call.op ? opInfo(*call.op).spatialRank : 2;
  const SimtCall c = simtCallOf(call.dtype, shape, rank);
  const Arch35Tiling t = arch35Tiling(c, *call.profile);
  return {kSimt, rt::planProse("CANN runs UpsampleNearestExact2dGrad on the Ascend 950 as SIMT threads{0}: its arch35 "
                               "tiling picks {1}, tiling key {2}, {3} of {4} vector cores",
                               rank == 1 ? rt::planProse(" (a 1-D call as a 2-D one with H = 1)") : std::string(),
                               scheduleText(t, c), t.tilingKey(), t.realCoreNum, t.coreNum)};
}

CannChoice cannForward(const StrategyCall&, const Extents&) {
  return {kGather, rt::planProse("CANN's UpsampleNearest kernel gathers on the vector cores (it first transposes to NHWC "
                                 "and copies whole channel vectors)")};
}

}  // namespace gradlab::ops::nearest
