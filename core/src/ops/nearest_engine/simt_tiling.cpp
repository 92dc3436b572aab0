#include "ops/nearest_engine/simt_tiling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "gradlab/ops.h"
#include "ops/common/tile_runner.h"
#include "runtime/prose.h"
#include "runtime/tensor.h"

namespace gradlab::ops::nearest {
namespace {

// CANN's constants (upsample_nearest_exact2d_grad_tiling_arch35.cpp): the cache line, the threads its
// thresholds count per core, the 16 MiB system workspace, the UB block, and the scale test of the copy.
constexpr int64_t kCacheLine = 128;
constexpr int64_t kUbBlock = 32;
constexpr float kEpsilon = 1e-8f;

// Per gradOutput position of an axis: the gradInput position whose CANN window holds it, or -1 (in none).
std::vector<int64_t> cannOwners(int64_t gi, int64_t go, double scale) {
  const std::vector<int64_t> edges = simtWindowEdges(gi, go, cann950Step(scale, gi, go));
  std::vector<int64_t> owner(static_cast<size_t>(go), -1);
  int64_t i = 0;
  for (int64_t o = 0; o < go; ++o) {
    while (i < gi && edges[static_cast<size_t>(i) + 1] <= o) ++i;
    // Past the last window (i == gi), or before this one: in no window at all.
    if (i < gi && edges[static_cast<size_t>(i)] <= o) owner[static_cast<size_t>(o)] = i;
  }
  return owner;
}

// Cuts the flat cells [s, e) of planes of H x W into boxes: a piece of a row, whole rows, whole planes,
// whole rows, a piece of a row. fn(Box) with planes counted in the range's own index space.
template <typename Fn>
void rangeBoxes(int64_t s, int64_t e, int64_t H, int64_t W, Fn fn) {
  const int64_t planeCells = H * W;
  while (s < e) {
    const int64_t p = s / planeCells, r = (s % planeCells) / W, c = s % W;
    if (c != 0 || e - s < W) {  // a piece of one row
      const int64_t c1 = std::min(W, c + (e - s));
      fn(Box{p, p + 1, r, r + 1, c, c1});
      s += c1 - c;
    } else if (r != 0 || e - s < planeCells) {  // whole rows of one plane
      const int64_t r1 = std::min(H, r + (e - s) / W);
      fn(Box{p, p + 1, r, r1, 0, W});
      s += (r1 - r) * W;
    } else {  // whole planes
      const int64_t p1 = p + (e - s) / planeCells;
      fn(Box{p, p1, 0, H, 0, W});
      s += (p1 - p) * planeCells;
    }
  }
}

Tile simtTile(int32_t core, int32_t order, const Box& dst, const std::vector<int64_t>& rowEdges,
              const std::vector<int64_t>& colEdges, uint64_t elem) {
  Tile t;
  t.core = core;
  t.order = order;
  t.dst = dst;
  t.src = Box{dst.plane0, dst.plane1, rowEdges[dst.row0], rowEdges[dst.row1], colEdges[dst.col0], colEdges[dst.col1]};
  t.bytesIn = static_cast<uint64_t>(t.src.cells()) * elem;
  t.bytesOut = static_cast<uint64_t>(dst.cells()) * elem;
  t.vectorElems = static_cast<uint64_t>(t.src.cells() + dst.cells());
  return t;
}

}  // namespace

int64_t Arch35Tiling::startOf(int32_t core) const {
  return blkProcessNum * core + std::min<int64_t>(core, tailBlockNum);
}

SimtCall simtCallOf(aclDataType dtype, const Extents& g, int spatialRank) {
  SimtCall c;
  c.dtype = dtype;
  c.N = g.N;
  c.C = g.C;
  c.goW = g.out[kW];
  c.giW = g.in[kW];
  c.scalesW = g.scales[kW];
  if (spatialRank >= 2) {
    c.goH = g.out[kH];
    c.giH = g.in[kH];
    c.scalesH = g.scales[kH];
  } else {
    c.scalesH = 1.0;  // CANN's 1-D op_api passes scale_h = 1
  }
  return c;
}

Arch35Tiling arch35Tiling(const SimtCall& call, const DeviceProfile& profile) {
  Arch35Tiling t;
  const int64_t dtypeSize = static_cast<int64_t>(aclDataTypeSize(call.dtype));
  const int64_t inSize = call.N * call.C * call.goH * call.goW, outSize = call.N * call.C * call.giH * call.giW;
  constexpr int64_t kUint32Max = std::numeric_limits<uint32_t>::max();
  t.isUint32 = inSize <= kUint32Max && outSize <= kUint32Max ? 1 : 0;
  t.coreNum = profile.vectorCores;
  t.workspaceBytes = profile.workspaceBytes;
  t.scaleH = cann950Step(call.scalesH, call.giH, call.goH);  // ComputeScales: the call's, or gradOutput / gradInput
  t.scaleW = cann950Step(call.scalesW, call.giW, call.goW);
  t.realCoreNum = t.coreNum;
  t.cacheLineNum = static_cast<int32_t>(kCacheLine / dtypeSize);
  const bool copies = call.giH == call.goH && call.giW == call.goW && std::abs(t.scaleH - 1.0f) <= kEpsilon &&
                      std::abs(t.scaleW - 1.0f) <= kEpsilon;
  if (copies) {  // ComputeDataCopy
    t.schId = 0;
    t.isUint32 = 0;
    t.allNum = outSize;
    if (outSize <= static_cast<int64_t>(t.cacheLineNum) * t.coreNum) t.realCoreNum = static_cast<int32_t>(outSize / t.cacheLineNum);
    t.realCoreNum = std::max(t.realCoreNum, 1);
    t.blkProcessNum = outSize / t.realCoreNum;
    t.tailBlockNum = static_cast<int32_t>(outSize % t.realCoreNum);
    const int64_t oneBlockNum = kUbBlock / dtypeSize, ub = static_cast<int64_t>(profile.ubBytes);
    const int64_t factor = (ub - oneBlockNum * dtypeSize) / (2 * dtypeSize);
    t.ubFactor = static_cast<int32_t>(factor / oneBlockNum * oneBlockNum);
    return t;
  }
  const int64_t outHW = call.giH * call.giW, outCHW = call.C * outHW, outNCHW = call.N * outCHW;
  const int64_t maxNum = static_cast<int64_t>(t.coreNum) * profile.simtThreads;
  if (outHW >= maxNum) {
    t.schId = 1;
    t.allNum = outHW;
    t.planeLoop = call.N * call.C;
  } else if (outCHW >= maxNum) {
    t.schId = 2;
    t.allNum = outCHW;
    t.planeLoop = call.N;
  } else {
    t.schId = 3;
    t.allNum = outNCHW;
    if (outNCHW < t.coreNum) t.realCoreNum = static_cast<int32_t>(outNCHW);
  }
  t.realCoreNum = std::max(t.realCoreNum, 1);
  t.blkProcessNum = t.allNum / t.realCoreNum;
  t.tailBlockNum = static_cast<int32_t>(t.allNum % t.realCoreNum);
  t.threads = t.isUint32 ? profile.simtThreads : std::max(profile.simtThreads / 2, 1);
  return t;
}

std::string scheduleText(const Arch35Tiling& t, const SimtCall& call) {
  switch (t.schId) {
    case 0:
      return rt::planProse("schedule 0 (a plain copy: gradInput has gradOutput's sizes and the scales are 1)");
    case 1:
      return rt::planProse("schedule 1 (SIMT over H x W: a plane's {0} gradInput cells are at least {1} core(s) x {2} "
                           "threads, so each thread takes one (h, w) and loops over all {3} planes)",
                           call.giH * call.giW, t.coreNum, t.threads * (t.isUint32 ? 1 : 2), t.planeLoop);
    case 2:
      return rt::planProse("schedule 2 (SIMT over C x H x W: a batch item's {0} gradInput cells are at least {1} "
                           "core(s) x {2} threads, a plane's are fewer, so each thread takes one (c, h, w) and loops "
                           "over N = {3})",
                           call.C * call.giH * call.giW, t.coreNum, t.threads * (t.isUint32 ? 1 : 2), t.planeLoop);
    default:
      return rt::planProse("schedule 3 (SIMT over N x C x H x W: a batch item's {0} gradInput cells are fewer than {1} "
                           "core(s) x {2} threads, so each thread takes one cell)",
                           call.C * call.giH * call.giW, t.coreNum, t.threads * (t.isUint32 ? 1 : 2));
  }
}

std::vector<int64_t> simtWindowEdges(int64_t gi, int64_t go, float scale) {
  std::vector<int64_t> edges(static_cast<size_t>(gi) + 1);
  for (int64_t i = 0; i <= gi; ++i) edges[static_cast<size_t>(i)] = cann950Edge(i, go, scale);  // ComputeOrig<isExact>
  return edges;
}

int64_t simtWindowsDiffer(int64_t gi, int64_t go, double scale) {
  const std::vector<int64_t> owner = cannOwners(gi, go, scale);
  const float s = sourceStep(scale, gi, go);
  for (int64_t o = 0; o < go; ++o) {
    if (owner[static_cast<size_t>(o)] != sourceIndex(IndexRule::kNearestExact, o, gi, go, s)) return o;
  }
  return -1;
}

std::vector<uint8_t> simtCellsOffMap(OpKind op, const Extents& shape) {
  const int rank = opInfo(op).spatialRank;
  const SimtCall c = simtCallOf(ACL_FLOAT, shape, rank);
  // Per axis: the gradInput positions whose window differs, from where each gradOutput position goes.
  auto offAxis = [](int64_t gi, int64_t go, double scale) {
    std::vector<uint8_t> off(static_cast<size_t>(gi), 0);
    const std::vector<int64_t> owner = cannOwners(gi, go, scale);
    const float s = sourceStep(scale, gi, go);
    for (int64_t o = 0; o < go; ++o) {
      const int64_t cann = owner[static_cast<size_t>(o)];
      const int64_t torch = sourceIndex(IndexRule::kNearestExact, o, gi, go, s);
      if (cann == torch) continue;
      if (cann >= 0) off[static_cast<size_t>(cann)] = 1;
      off[static_cast<size_t>(torch)] = 1;
    }
    return off;
  };
  const std::vector<uint8_t> rows = offAxis(c.giH, c.goH, c.scalesH), cols = offAxis(c.giW, c.goW, c.scalesW);
  std::vector<uint8_t> cells(static_cast<size_t>(c.N * c.C * c.giH * c.giW), 0);
  for (int64_t p = 0; p < c.N * c.C; ++p) {
    for (int64_t h = 0; h < c.giH; ++h) {
      for (int64_t w = 0; w < c.giW; ++w) {
        cells[static_cast<size_t>((p * c.giH + h) * c.giW + w)] = rows[static_cast<size_t>(h)] | cols[static_cast<size_t>(w)];
      }
    }
  }
  return cells;
}

std::optional<SimtThread> simtThreadOf(const Plan& plan, int64_t plane, int64_t row, int64_t col) {
  if (plan.simtThreads <= 0 || plan.srcShape.size() < 3 || plan.dstShape.size() != plan.srcShape.size()) return std::nullopt;
  // The call back from the plan's shapes: [N, C, L] (1-D) or [N, C, H, W]; the scales only decide the copy, which
  // has no threads.
  const bool oneD = plan.dstShape.size() == 3;
  SimtCall c;
  c.dtype = plan.dtype;
  c.N = plan.dstShape[0], c.C = plan.dstShape[1];
  c.goH = oneD ? 1 : plan.srcShape[2], c.goW = plan.srcShape.back();
  c.giH = oneD ? 1 : plan.dstShape[2], c.giW = plan.dstShape.back();
  if (plane < 0 || plane >= c.N * c.C || row < 0 || row >= c.giH || col < 0 || col >= c.giW) return std::nullopt;
  const Arch35Tiling t = arch35Tiling(c, plan.profile);
  if (t.schId == 0 || t.threads <= 0) return std::nullopt;
  const int64_t hw = row * c.giW + col;
  const int64_t idx = t.schId == 1 ? hw : t.schId == 2 ? (plane % c.C) * c.giH * c.giW + hw : plane * c.giH * c.giW + hw;
  // The first tailBlockNum cores take blkProcessNum + 1 cells, the rest blkProcessNum.
  const int64_t longRuns = static_cast<int64_t>(t.tailBlockNum) * (t.blkProcessNum + 1);
  const int64_t core = idx < longRuns ? idx / (t.blkProcessNum + 1)
                                      : t.tailBlockNum + (idx - longRuns) / std::max<int64_t>(t.blkProcessNum, 1);
  const int64_t local = idx - t.startOf(static_cast<int32_t>(core));
  SimtThread th;
  th.core = static_cast<int32_t>(core);
  th.thread = local % t.threads;
  th.pass = local / t.threads;
  const int64_t warp = std::max<int32_t>(plan.profile.simtWarp, 1);
  th.warp = th.thread / warp;
  th.lane = th.thread % warp;
  th.planeLoop = t.planeLoop;
  th.batchLoop = t.schId == 2;
  return th;
}

SimtPlan planSimt(OpKind op, const SimtCall& call, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                  std::vector<int64_t> dstShape) {
  SimtPlan sp;
  Arch35Tiling& t = sp.tiling;
  t = arch35Tiling(call, profile);
  sp.rowEdges = simtWindowEdges(call.giH, call.goH, t.scaleH);
  sp.colEdges = simtWindowEdges(call.giW, call.goW, t.scaleW);
  Plan& plan = sp.plan;
  plan = newPlan(op, profile, false, call.dtype, call.N * call.C, std::move(srcShape), std::move(dstShape));
  const uint64_t elem = aclDataTypeSize(call.dtype);
  plan.workspaceBytes = t.workspaceBytes;
  plan.phases.push_back({PhaseKind::kCompute, "", 0, SelectAxis::kNone});
  UbUses ub(plan);
  const int64_t H = call.giH, W = call.giW, C = call.C;
  for (int32_t core = 0; core < t.realCoreNum; ++core) {
    const int64_t s = t.startOf(core), e = s + t.cellsOf(core);
    int32_t order = 0;
    auto emit = [&](const Box& dst) {
      Tile tile = simtTile(core, order++, dst, sp.rowEdges, sp.colEdges, elem);
      if (t.schId == 0) {
        tile.ubBytes = (static_cast<uint64_t>(dst.cells()) * elem + 63) / 64 * 64;
        ub.describe(tile, rt::planProse("{0} gradOutput elements, copied in and out unchanged", dst.cells()));
      } else {
        ub.describe(tile, rt::planProse("nothing staged: each thread loads its window's gradOutput cells from GM "
                                        "through the data cache ({0} KiB of the UB) and sums them in a register",
                                        profile.simtDataCacheBytes / 1024));
      }
      plan.tiles.push_back(tile);
    };
    if (t.schId == 0) {
      for (int64_t a = s; a < e; a += t.ubFactor) rangeBoxes(a, std::min(e, a + t.ubFactor), H, W, emit);
    } else if (t.schId == 1) {  // each (h, w) of every plane
      rangeBoxes(s, e, H, W, [&](Box b) {
        b.plane0 = 0;
        b.plane1 = call.N * C;
        emit(b);
      });
    } else if (t.schId == 2) {  // each (c, h, w) of every batch item
      for (int64_t n = 0; n < call.N; ++n) {
        rangeBoxes(s, e, H, W, [&](Box b) {
          b.plane0 += n * C;
          b.plane1 += n * C;
          emit(b);
        });
      }
    } else {
      rangeBoxes(s, e, H, W, emit);
    }
  }
  for (Tile& tile : plan.tiles) tile.phase = 0;
  finalizePlan(plan);
  plan.simtThreads = t.threads;
  plan.branches = {rt::planProse("schedule 0: a copy"), rt::planProse("schedule 1: one (h, w)"),
                   rt::planProse("schedule 2: one (c, h, w)"), rt::planProse("schedule 3: one cell")};
  plan.branch = t.schId;
  const int64_t lanes = int64_t{t.coreNum} * t.threads * (t.isUint32 ? 1 : 2);
  plan.branchHints = {
      rt::planProse("Count gradInput's cells: one plane holds {0}, one batch item {1}, the call {2}; the chip runs {3} "
                    "vector core(s) x {4} threads = {5} threads at once.",
                    call.giH * call.giW, call.C * call.giH * call.giW, call.N * call.C * call.giH * call.giW, t.coreNum,
                    t.threads * (t.isUint32 ? 1 : 2), lanes),
      rt::planProse("CANN's tiling copies when the sizes do not change; otherwise it gives each thread one (h, w) when one "
                    "plane alone has a cell for every thread, one (c, h, w) when a batch item has, else one cell.")};
  const std::string schedule = scheduleText(t, call);
  if (t.schId == 0) {
    plan.phases[0].what = rt::planProse("copy gradOutput into gradInput, {0} elements per UB piece", t.ubFactor);
    plan.strategy = rt::planProse(
        "simt: CANN's arch35 tiling picks {0}; tiling key {1}; {3} elements on each of {2} vector cores{4}, {5} per UB piece",
        schedule, t.tilingKey(), t.realCoreNum, t.blkProcessNum,
        t.tailBlockNum > 0 ? rt::planProse(" (the first {0} take one more)", t.tailBlockNum) : std::string(),
        t.ubFactor);
  } else {
    plan.phases[0].what = rt::planProse("{0} threads per core, each sums the window of its gradInput cell", t.threads);
    plan.strategy = rt::planProse(
        "simt: CANN's arch35 tiling picks {0}; tiling key {1} ({2}-bit indices); {3}{4}, {5} threads a core; every "
        "thread sums its cell's window of gradOutput in fp32 (rows top to bottom, each left to right, from 0) and "
        "stores it once: no atomic adds; its workspace is only the {6} MiB CANN reserves for the system on every 950 call",
        schedule, t.tilingKey(), t.isUint32 ? 32 : 64,
        t.realCoreNum == 1 ? rt::planProse("{0} cells on one vector core", t.blkProcessNum)
                           : rt::planProse("{1} cells on each of {0} vector cores", t.realCoreNum, t.blkProcessNum),
        t.tailBlockNum > 0 ? rt::planProse(" (the first {0} take one more)", t.tailBlockNum) : std::string(),
        t.threads, t.workspaceBytes >> 20);
  }
  const int64_t units = t.allNum;
  plan.coreChoice = t.realCoreNum < t.coreNum
                        ? rt::planProse("CANN launches {0} of the {1} vector cores for {2} cells", t.realCoreNum,
                                        t.coreNum, units)
                        : t.coreNum == 1 ? rt::planProse("{0} cells on the chip's one vector core", units)
                        : rt::planProse("{0} cells over all {1} vector cores, {2} each{3}", units, t.coreNum,
                                        t.blkProcessNum,
                                        t.tailBlockNum > 0 ? rt::planProse(" (the first {0} take one more)", t.tailBlockNum)
                                                           : std::string());
  return sp;
}

}  // namespace gradlab::ops::nearest
