#include "ops/nearest_engine/tiling.h"

#include <algorithm>
#include <array>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "ops/common/linear_partition.h"
#include "ops/common/tile_runner.h"
#include "runtime/error.h"
#include "runtime/prose.h"
#include "runtime/tensor.h"

namespace gradlab::ops::nearest {
namespace {

constexpr uint64_t kUbAlign = 64;

// Double buffering, as Ascend C kernels do it: every tile plans with half the UB, so the next tile's
// copy-in can land beside it while it computes (plan.h doubleBuffered).
uint64_t ubBudget(const DeviceProfile& profile) { return profile.ubBytes / 2 / kUbAlign * kUbAlign; }

// Greedy blocks of dst columns, each as wide as the UB allows for one accumulator row plus the staged
// src span. A single dst column whose src span alone does not fit is staged in chunks.
template <typename SrcRange>
std::vector<ColumnBlock> columnBlocks(int64_t dstCount, SrcRange srcRange, uint64_t budget, uint64_t vb) {
  auto fits = [&](int64_t width, int64_t span) { return alignUb(width * vb) + alignUb(span * vb) <= budget; };
  std::vector<ColumnBlock> blocks;
  for (int64_t d0 = 0; d0 < dstCount;) {
    auto [s0, s1] = srcRange(d0, d0 + 1);
    int64_t d1 = d0 + 1;
    if (!fits(1, s1 - s0)) {
      blocks.push_back({d0, d1, s0, s1, static_cast<int64_t>((budget - 2 * kUbAlign) / vb)});
      d0 = d1;
      continue;
    }
    // The widest block that fits: width and span only grow with d1, so binary search (a 2^20-column
    // axis would otherwise cost a million probes per call).
    for (int64_t hi = dstCount; d1 < hi;) {
      const int64_t mid = d1 + (hi - d1 + 1) / 2;
      auto [a, b] = srcRange(d0, mid);
      if (fits(mid - d0, b - a)) d1 = mid;
      else hi = mid - 1;
    }
    std::tie(s0, s1) = srcRange(d0, d1);
    blocks.push_back({d0, d1, s0, s1, s1 - s0});
    d0 = d1;
  }
  return blocks;
}

// Accumulator rows of `block` that fit beside its staged span.
int64_t capacityRows(const ColumnBlock& block, uint64_t budget, uint64_t vb) {
  uint64_t left = budget - alignUb(block.stage * vb);
  return std::max<int64_t>(1, static_cast<int64_t>(left / (block.width() * vb)));
}

// Work units are numbered plane-major, then block, then row: u = plane * Q + block * rows + row, with
// Q = blocks * rows. `prefix` (Q + 1 entries) holds the summed cost of one plane's first q units.
// Returns boundaries 0 = b[0] < b[1] < ... < b[k] = planes * Q, k <= parts: the contiguous runs whose
// costliest run is as cheap as any split's (linear_partition.h).
// `rowsPerBlock` and `clean(row)` (a cut before row `row` of a block costs nothing extra): see balancedRuns.
std::vector<int64_t> splitUnits(int64_t planes, const std::vector<int64_t>& prefix, int64_t parts, int64_t rowsPerBlock = 0,
                                const std::function<bool(int64_t)>& clean = {}) {
  const int64_t perPlane = static_cast<int64_t>(prefix.size()) - 1;
  if (perPlane <= 0 || planes <= 0) return {0, 0};
  const __int128 planeCost = prefix.back();
  auto cum = [&](int64_t u) -> __int128 { return planeCost * (u / perPlane) + prefix[static_cast<size_t>(u % perPlane)]; };
  if (!clean) return balancedRuns(planes * perPlane, parts, cum);
  return balancedRuns(planes * perPlane, parts, cum, [&](int64_t u) { return clean(u % perPlane % rowsPerBlock); });
}

// Splits units [uA, uB) into runs: whole planes (only with one column block) or rows [a, b) of one
// (plane, block). fn(plane0, plane1, block, a, b).
template <typename Fn>
void forEachRun(int64_t uA, int64_t uB, int64_t rows, int64_t blocks, Fn fn) {
  const int64_t perPlane = rows * blocks;
  for (int64_t u = uA; u < uB;) {
    const int64_t p = u / perPlane, q = u % perPlane, block = q / rows, r = q % rows;
    if (blocks == 1 && r == 0 && uB - u >= rows) {
      const int64_t n = (uB - u) / rows;
      fn(p, p + n, int64_t{0}, int64_t{0}, rows);
      u += n * rows;
      continue;
    }
    const int64_t end = std::min(rows, r + (uB - u));
    fn(p, p + 1, block, r, end);
    u += end - r;
  }
}

struct Emitted {
  Tile tile;
  PhaseKind phase;
};

// The list a plan's tiles are emitted into, kept for the next plan (one list for the process, up to
// kKeptEmitted tiles' room). Grown afresh every call, a large call's list (1 557 tiles, about 340 KB by
// doubling) was new pages every call, and on a VM whose page faults are slow those faults took 0.6-2.4 ms of a
// GetWorkspaceSize that otherwise plans in 0.04-0.2 ms. No thread_local: the library's threads hold none with
// a destructor (runtime/thread_scratch.h).
constexpr size_t kKeptEmitted = 16384;
struct KeptEmitted {
  std::mutex mutex;
  std::vector<Emitted> list;
};
KeptEmitted& keptEmitted() {
  static KeptEmitted* kept = new KeptEmitted();  // never destroyed: plans may run while the process exits
  return *kept;
}
std::vector<Emitted> emptyEmitted() {
  KeptEmitted& kept = keptEmitted();
  std::lock_guard lock(kept.mutex);
  std::vector<Emitted> list = std::move(kept.list);
  list.clear();
  return list;
}
void keepEmitted(std::vector<Emitted>&& list) {
  KeptEmitted& kept = keptEmitted();
  std::lock_guard lock(kept.mutex);
  if (list.capacity() <= kKeptEmitted && list.capacity() > kept.list.capacity()) kept.list = std::move(list);
}

Tile makeTile(int32_t core, Box src, Box dst, uint64_t ubBytes, uint64_t elem) {
  Tile t;
  t.core = core;
  t.src = src;
  t.dst = dst;
  t.ubBytes = ubBytes;
  t.bytesIn = static_cast<uint64_t>(src.cells()) * elem;
  t.bytesOut = static_cast<uint64_t>(dst.cells()) * elem;
  t.vectorElems = static_cast<uint64_t>(src.cells() + dst.cells());
  return t;
}

// Emits tiles of whole planes [p0, p1) x dst rows [0, dstRows): as many planes per tile as fit, or
// rows of each plane when one plane does not fit. `srcRowsOf(ra, rb)` gives the src rows of dst rows.
template <typename SrcRows>
void emitPlanes(std::vector<Emitted>& out, int32_t core, int64_t p0, int64_t p1, int64_t dstRows,
                const ColumnBlock& block, int64_t cap, uint64_t elem, uint64_t vb, SrcRows srcRowsOf) {
  auto ub = [&](int64_t cells) { return alignUb(cells * vb) + alignUb(block.stage * vb); };
  if (cap >= dstRows) {
    const int64_t perTile = cap / dstRows;
    const auto [s0, s1] = srcRowsOf(0, dstRows);
    for (int64_t p = p0; p < p1; p += perTile) {
      const int64_t pe = std::min(p1, p + perTile);
      Box src{p, pe, s0, s1, block.src0, block.src1}, dst{p, pe, 0, dstRows, block.dst0, block.dst1};
      out.push_back({makeTile(core, src, dst, ub(dst.cells()), elem), PhaseKind::kCompute});
    }
    return;
  }
  for (int64_t p = p0; p < p1; ++p) {
    for (int64_t ra = 0; ra < dstRows; ra += cap) {
      const int64_t rb = std::min(dstRows, ra + cap);
      const auto [s0, s1] = srcRowsOf(ra, rb);
      Box src{p, p + 1, s0, s1, block.src0, block.src1}, dst{p, p + 1, ra, rb, block.dst0, block.dst1};
      out.push_back({makeTile(core, src, dst, ub(dst.cells()), elem), PhaseKind::kCompute});
    }
  }
}

// What fills a tile's UB (the kernels' layout: a block of the tile's dst cells, fp32 or fp64, then the
// staged src row piece), in words.
void describeUb(const Plan& plan, Emitted& e, UbUses& ub) {
  Tile& t = e.tile;
  const uint64_t block = std::min<uint64_t>(t.ubBytes, alignUb(t.dst.cells() * ubValueBytes(plan.dtype)));
  const char* fp = ubValueName(plan.dtype);
  const std::string dims = boxDims(t.dst);
  if (e.phase == PhaseKind::kZero) return ub.describe(t, rt::planProse("a zeroed {0} block of {1} cells ({2} B), copied out", fp, dims, t.ubBytes));
  if (e.phase == PhaseKind::kRound) {
    return ub.describe(t, rt::planProse("{0} fp32 workspace cells rounded to {1} ({2} B)", dims, rt::dtypeName(plan.dtype), t.ubBytes));
  }
  if (t.src.cells() == 0) return ub.describe(t, rt::planProse("a zeroed {0} block of {1} cells ({2} B)", fp, dims, t.ubBytes));
  const bool backward = opInfo(plan.op).backward;
  ub.describe(t, backward ? rt::planProse("{0} sums of {1} gradInput cells ({2} B) + one staged gradOutput row piece ({3} B)", fp,
                                      dims, block, t.ubBytes - block)
                         : rt::planProse("{0} output block of {1} cells ({2} B) + one staged input row piece ({3} B)", fp, dims,
                                      block, t.ubBytes - block));
}

// What each phase does, in words, for the plan's readers; by PhaseKind.
using PhaseTexts = std::array<std::string, 4>;

// What describeUb's text depends on: tiles with equal keys share one text, written once.
struct UbKey {
  PhaseKind phase;
  int64_t planes, rows, cols;
  uint64_t ubBytes;
  bool srcEmpty;
  bool operator==(const UbKey&) const = default;
};

UbKey ubKey(const Emitted& e) {
  const Box& d = e.tile.dst;
  return {e.phase, d.plane1 - d.plane0, d.row1 - d.row0, d.col1 - d.col0, e.tile.ubBytes, e.tile.src.cells() == 0};
}

// Numbers the phases that have tiles (in PhaseKind order) and each core's tiles within a phase.
UpsamplePlan finish(Plan base, std::vector<ColumnBlock> blocks, std::vector<Emitted> emitted, const PhaseTexts& texts) {
  auto byPhaseThenCore = [](const Emitted& a, const Emitted& b) {
    if (a.phase != b.phase) return a.phase < b.phase;
    return a.tile.core < b.tile.core;
  };
  // Most plans are emitted in order already; a stable sort would still copy every tile through a buffer.
  if (!std::is_sorted(emitted.begin(), emitted.end(), byPhaseThenCore)) {
    std::stable_sort(emitted.begin(), emitted.end(), byPhaseThenCore);
  }
  UpsamplePlan up;
  up.plan = std::move(base);
  up.blocks = std::move(blocks);
  up.plan.tiles.reserve(emitted.size());
  int32_t order = 0, core = -1;
  UbUses ub(up.plan);
  std::vector<std::pair<UbKey, int32_t>> described;  // a handful of distinct tile shapes in a plan
  for (size_t i = 0; i < emitted.size(); ++i) {
    Emitted& e = emitted[i];
    if (rt::describing()) {
      const UbKey key = ubKey(e);
      auto seen = std::find_if(described.begin(), described.end(), [&](const auto& d) { return d.first == key; });
      if (seen != described.end()) {
        e.tile.ubUse = seen->second;
      } else {
        describeUb(up.plan, e, ub);
        if (described.size() < 64) described.emplace_back(key, e.tile.ubUse);
      }
    }
    if (up.plan.phases.empty() || up.plan.phases.back().kind != e.phase) {
      up.plan.phases.push_back({e.phase, texts[static_cast<size_t>(e.phase)]});
      core = -1;
    }
    if (e.tile.core != core) core = e.tile.core, order = 0;
    e.tile.order = order++;
    e.tile.phase = static_cast<int32_t>(up.plan.phases.size()) - 1;
    up.plan.tiles.push_back(e.tile);
  }
  keepEmitted(std::move(emitted));
  finalizePlan(up.plan);
  return up;
}

std::vector<int64_t> unitPrefix(const std::vector<ColumnBlock>& blocks, int64_t rows,
                                const std::function<int64_t(const ColumnBlock&, int64_t)>& cost) {
  std::vector<int64_t> prefix{0};
  prefix.reserve(blocks.size() * rows + 1);
  for (const ColumnBlock& b : blocks) {
    for (int64_t r = 0; r < rows; ++r) prefix.push_back(prefix.back() + cost(b, r));
  }
  return prefix;
}

}  // namespace

uint64_t alignUb(uint64_t bytes) { return (bytes + kUbAlign - 1) / kUbAlign * kUbAlign; }

uint64_t ubValueBytes(aclDataType dtype) { return dtype == ACL_DOUBLE ? sizeof(double) : sizeof(float); }
const char* ubValueName(aclDataType dtype) { return dtype == ACL_DOUBLE ? "fp64" : "fp32"; }

// What a core's share is counted in: whole rows, or pieces of rows when the columns are split in blocks.
std::string rowsWord(int64_t columnBlocks) { return columnBlocks > 1 ? rt::planProse("row pieces") : rt::planProse("rows"); }
bool halfType(aclDataType dtype) { return dtype == ACL_FLOAT16 || dtype == ACL_BF16; }

uint64_t accumulatorBytes(const Tile& tile, aclDataType dtype) {
  return alignUb(static_cast<uint64_t>(tile.dst.cells()) * ubValueBytes(dtype));
}

const ColumnBlock& UpsamplePlan::blockAt(int64_t dst0) const {
  auto it =
      std::lower_bound(blocks.begin(), blocks.end(), dst0, [](const ColumnBlock& b, int64_t v) { return b.dst0 < v; });
  return *it;
}

UpsamplePlan planBackward(OpKind op, int64_t planes, const AxisMap& rows, const AxisMap& cols, aclDataType dtype,
                          bool gather, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                          std::vector<int64_t> dstShape, Accumulation accumulate) {
  const uint64_t budget = ubBudget(profile);
  const uint64_t elem = aclDataTypeSize(dtype), vb = ubValueBytes(dtype);
  const int64_t inH = rows.in, outH = rows.out;
  std::vector<ColumnBlock> blocks = columnBlocks(
      cols.in,
      [&](int64_t d0, int64_t d1) {
        return std::pair{cols.first[d0], cols.first[d1]};
      },
      budget, vb);
  const int64_t nBlocks = static_cast<int64_t>(blocks.size());
  std::vector<int64_t> caps;
  for (const ColumnBlock& b : blocks) caps.push_back(capacityRows(b, budget, vb));
  auto srcRowsOf = [&](int64_t ra, int64_t rb) { return std::pair{rows.first[ra], rows.first[rb]}; };

  Plan base = newPlan(op, profile, gather, dtype, planes, std::move(srcShape), std::move(dstShape));
  base.outRowOrder = rows.outRow;
  base.accumulate = halfType(dtype) ? accumulate : Accumulation::kFp32;  // FLOAT and DOUBLE sum in their own type
  const bool roundEach = base.accumulate == Accumulation::kDtype;
  const std::string sums = roundEach ? rt::planProse(", rounding every sum to {0}", rt::dtypeName(dtype)) : "";
  std::vector<Emitted> emitted = emptyEmitted();
  std::vector<int64_t> sharedRows;
  std::set<std::pair<int64_t, int64_t>> sharedSegments;  // (plane * inH + row, block)

  if (gather) {
    std::vector<int64_t> prefix =
        unitPrefix(blocks, inH, [&](const ColumnBlock& b, int64_t r) { return rows.count(r) * b.span() + b.width(); });
    std::vector<int64_t> bounds = splitUnits(planes, prefix, profile.vectorCores);
    for (size_t c = 0; c + 1 < bounds.size(); ++c) {
      const int32_t core = static_cast<int32_t>(c);
      forEachRun(bounds[c], bounds[c + 1], inH, nBlocks, [&](int64_t p0, int64_t p1, int64_t bi, int64_t a, int64_t b) {
        const ColumnBlock& block = blocks[bi];
        if (p1 - p0 > 1 || (a == 0 && b == inH)) {
          emitPlanes(emitted, core, p0, p1, inH, block, caps[bi], elem, vb, srcRowsOf);
          return;
        }
        for (int64_t ra = a; ra < b; ra += caps[bi]) {
          const int64_t rb = std::min(b, ra + caps[bi]);
          Box src{p0, p1, rows.first[ra], rows.first[rb], block.src0, block.src1};
          Box dst{p0, p1, ra, rb, block.dst0, block.dst1};
          uint64_t ub = alignUb(dst.cells() * vb) + alignUb(block.stage * vb);
          emitted.push_back({makeTile(core, src, dst, ub, elem), PhaseKind::kCompute});
        }
      });
    }
    base.strategy = rt::planProse(
        "gather: every gradInput row has one owner core that sums its gradOutput rows in order ({0} rows x {1} "
        "column block(s) balanced by cost over {2} cores, {3} per core {4}); bit-identical run to run, no workspace",
        planes * inH, nBlocks, bounds.size() - 1, rowsWord(nBlocks), unitsPerCoreText(bounds));
    base.coreChoice = coreChoiceText(static_cast<int32_t>(bounds.size() - 1), profile, planes * inH * nBlocks,
                                     nBlocks > 1 ? rt::planProse("gradInput row pieces") : rt::planProse("gradInput rows"));
  } else {
    std::vector<int64_t> prefix = unitPrefix(blocks, outH, [&](const ColumnBlock& b, int64_t) { return b.span() + 1; });
    // A cut between two gradOutput rows of one gradInput row shares that row between cores: avoided where
    // it costs the busiest core nothing.
    std::vector<int64_t> bounds = splitUnits(planes, prefix, profile.vectorCores, outH,
                                             [&](int64_t h) { return h == 0 || rows.src[h - 1] != rows.src[h]; });
    for (size_t c = 0; c + 1 < bounds.size(); ++c) {
      const int32_t core = static_cast<int32_t>(c);
      forEachRun(
          bounds[c], bounds[c + 1], outH, nBlocks, [&](int64_t p0, int64_t p1, int64_t bi, int64_t hA, int64_t hB) {
            const ColumnBlock& block = blocks[bi];
            if (p1 - p0 > 1 || (hA == 0 && hB == outH)) {
              emitPlanes(emitted, core, p0, p1, inH, block, caps[bi], elem, vb, srcRowsOf);
              return;
            }
            // gradInput rows of gradOutput rows [hA, hB): rows nobody maps to go to the run after them.
            const int64_t r0 = hA == 0 ? 0 : std::min(rows.src[hA - 1] + 1, rows.src[hA]);
            const int64_t r1 = hB == outH ? inH : rows.src[hB - 1] + 1;
            for (int64_t ra = r0; ra < r1; ra += caps[bi]) {
              const int64_t rb = std::min(r1, ra + caps[bi]);
              Box src{p0, p1, std::max(hA, rows.first[ra]), std::min(hB, rows.first[rb]), block.src0, block.src1};
              Box dst{p0, p1, ra, rb, block.dst0, block.dst1};
              uint64_t ub = alignUb(dst.cells() * vb) + alignUb(block.stage * vb);
              Tile t = makeTile(core, src, dst, ub, elem);
              if (rows.first[ra] < src.row0) sharedSegments.insert({p0 * inH + ra, bi});
              if (rows.first[rb] > src.row1) sharedSegments.insert({p0 * inH + rb - 1, bi});
              t.atomic = rows.first[ra] < src.row0 || rows.first[rb] > src.row1;
              emitted.push_back({t, PhaseKind::kCompute});
            }
          });
    }
    // Shared rows: zeroed first, atomically combined, and (fp16/bf16) rounded from the workspace last.
    int32_t cores = 0;
    for (const Emitted& e : emitted) cores = std::max(cores, e.tile.core + 1);
    const bool viaWorkspace = halfType(dtype) && !roundEach;
    int32_t next = 0;
    for (const auto& [key, bi] : sharedSegments) {
      if (sharedRows.empty() || sharedRows.back() != key) sharedRows.push_back(key);
      const ColumnBlock& block = blocks[bi];
      const int64_t p = key / inH, r = key % inH;
      Box dst{p, p + 1, r, r + 1, block.dst0, block.dst1};
      const uint64_t ub = alignUb(block.width() * (viaWorkspace ? sizeof(float) : vb));
      const uint64_t width = static_cast<uint64_t>(block.width());
      Tile zero = makeTile(next++ % cores, Box{}, dst, ub, elem);
      zero.bytesOut = width * (viaWorkspace ? sizeof(float) : elem);
      zero.vectorElems = width;
      emitted.push_back({zero, PhaseKind::kZero});
      if (viaWorkspace) {
        Tile convert = makeTile(next++ % cores, Box{}, dst, ub, elem);
        convert.bytesIn = width * sizeof(float);
        convert.vectorElems = width;
        emitted.push_back({convert, PhaseKind::kRound});
      }
    }
    const std::string sharing =
        sharedRows.empty()
            ? rt::planProse("no gradInput row is shared between cores, so no atomic adds are needed")
            : viaWorkspace
                ? rt::planProse("{0} gradInput row(s) shared between cores are zeroed first and combined with atomic adds "
                            "in an fp32 workspace, then rounded once", sharedRows.size())
                : roundEach ? rt::planProse("{0} gradInput row(s) shared between cores are zeroed first and combined with "
                                        "atomic adds in {1} into gradInput itself", sharedRows.size(), rt::dtypeName(dtype))
                            : rt::planProse("{0} gradInput row(s) shared between cores are zeroed first and combined with "
                                        "atomic adds", sharedRows.size());
    base.strategy = rt::planProse("scatter: gradOutput rows split over {0} cores ({1} column block(s), {2} per core {3}); {4}",
                              bounds.size() - 1, nBlocks, rowsWord(nBlocks), unitsPerCoreText(bounds), sharing);
    base.coreChoice = coreChoiceText(static_cast<int32_t>(bounds.size() - 1), profile, planes * outH * nBlocks,
                                     nBlocks > 1 ? rt::planProse("gradOutput row pieces") : rt::planProse("gradOutput rows"));
  }
  const size_t shared = sharedRows.size();
  const PhaseTexts texts = {"",
                            rt::planProse("zero the {0} cells of the {1} gradInput row(s) shared between cores",
                                      halfType(dtype) ? (roundEach ? rt::dtypeName(dtype) : "fp32") : ubValueName(dtype), shared),
                            gather ? rt::planProse("each core sums the gradOutput rows of the gradInput rows it owns, in order, "
                                               "in UB{0}, and stores them", sums)
                                   : rt::planProse("each core sums its gradOutput rows in UB{0}: rows it alone feeds are stored, "
                                               "shared rows take atomic adds", sums),
                            rt::planProse("round the {0} shared row(s) from the fp32 workspace into gradInput once", shared)};
  UpsamplePlan up = finish(std::move(base), std::move(blocks), std::move(emitted), texts);
  up.sharedRows = std::move(sharedRows);
  up.plan.workspaceBytes = roundEach ? 0 : sharedWorkspaceBytes(up, cols.in, dtype);
  if (roundEach) up.plan.strategy += rt::planProse("; every sum is rounded to {0} after its add (accumulate=dtype)", rt::dtypeName(dtype));
  return up;
}

UpsamplePlan planForward(OpKind op, int64_t planes, const AxisMap& rows, const AxisMap& cols, aclDataType dtype,
                         const DeviceProfile& profile, std::vector<int64_t> srcShape, std::vector<int64_t> dstShape) {
  const uint64_t budget = ubBudget(profile);
  const uint64_t elem = aclDataTypeSize(dtype), vb = ubValueBytes(dtype);
  const int64_t outH = rows.out;
  std::vector<ColumnBlock> blocks = columnBlocks(
      cols.out,
      [&](int64_t d0, int64_t d1) {
        return std::pair{cols.src[d0], cols.src[d1 - 1] + 1};
      },
      budget, vb);
  const int64_t nBlocks = static_cast<int64_t>(blocks.size());
  auto srcRowsOf = [&](int64_t ra, int64_t rb) { return std::pair{rows.src[ra], rows.src[rb - 1] + 1}; };
  std::vector<int64_t> prefix =
      unitPrefix(blocks, outH, [](const ColumnBlock& b, int64_t) { return b.width() + b.span(); });
  std::vector<int64_t> bounds = splitUnits(planes, prefix, profile.vectorCores);
  std::vector<Emitted> emitted = emptyEmitted();
  for (size_t c = 0; c + 1 < bounds.size(); ++c) {
    const int32_t core = static_cast<int32_t>(c);
    forEachRun(bounds[c], bounds[c + 1], outH, nBlocks, [&](int64_t p0, int64_t p1, int64_t bi, int64_t a, int64_t b) {
      const ColumnBlock& block = blocks[bi];
      const int64_t cap = capacityRows(block, budget, vb);
      if (p1 - p0 > 1 || (a == 0 && b == outH)) {
        emitPlanes(emitted, core, p0, p1, outH, block, cap, elem, vb, srcRowsOf);
        return;
      }
      for (int64_t ra = a; ra < b; ra += cap) {
        const int64_t rb = std::min(b, ra + cap);
        const auto [s0, s1] = srcRowsOf(ra, rb);
        Box src{p0, p1, s0, s1, block.src0, block.src1}, dst{p0, p1, ra, rb, block.dst0, block.dst1};
        uint64_t ub = alignUb(dst.cells() * vb) + alignUb(block.stage * vb);
        emitted.push_back({makeTile(core, src, dst, ub, elem), PhaseKind::kCompute});
      }
    });
  }
  Plan base = newPlan(op, profile, true, dtype, planes, std::move(srcShape), std::move(dstShape));
  base.outRowOrder = rows.outRow;
  base.strategy = rt::planProse("gather: output rows split over {0} cores ({1} column block(s), {2} per core {3}); each core "
                            "copies the source row into UB and gathers its columns",
                            bounds.size() - 1, nBlocks, rowsWord(nBlocks), unitsPerCoreText(bounds));
  base.coreChoice = coreChoiceText(static_cast<int32_t>(bounds.size() - 1), profile, planes * outH * nBlocks,
                                   nBlocks > 1 ? rt::planProse("output row pieces") : rt::planProse("output rows"));
  return finish(std::move(base), std::move(blocks), std::move(emitted),
                {"", "", rt::planProse("each core copies the source rows of its output rows into UB and gathers its columns"), ""});
}

UpsamplePlan planZeroOut(OpKind op, const std::vector<int64_t>& srcShape, const std::vector<int64_t>& outDims, aclDataType dtype,
                         bool deterministic, const DeviceProfile& profile) {
  const uint64_t budget = ubBudget(profile);
  const uint64_t elem = aclDataTypeSize(dtype), vb = ubValueBytes(dtype);
  int64_t numel = 1;
  for (int64_t d : outDims) numel *= d;
  const bool planar = outDims.size() == 4;
  const int64_t planes = planar ? outDims[0] * outDims[1] : 1;
  Plan base =
      newPlan(op, profile, deterministic, dtype, planes, srcShape, outDims);
  std::vector<Emitted> emitted = emptyEmitted();
  std::vector<ColumnBlock> blocks;
  if (numel > 0 && !planar) {
    Box dst{0, 1, 0, 1, 0, numel};
    emitted.push_back({makeTile(0, Box{}, dst, std::min(budget, alignUb(numel * vb)), elem), PhaseKind::kCompute});
    base.strategy = rt::planProse("empty gradOutput: one core zeroes out");
  } else if (numel > 0) {
    const int64_t H = outDims[2], W = outDims[3];
    blocks = columnBlocks(
        W,
        [](int64_t, int64_t) {
          return std::pair<int64_t, int64_t>{0, 0};
        },
        budget, vb);
    const int64_t nBlocks = static_cast<int64_t>(blocks.size());
    std::vector<int64_t> prefix = unitPrefix(blocks, H, [](const ColumnBlock& b, int64_t) { return b.width(); });
    std::vector<int64_t> bounds = splitUnits(planes, prefix, profile.vectorCores);
    for (size_t c = 0; c + 1 < bounds.size(); ++c) {
      const int32_t core = static_cast<int32_t>(c);
      forEachRun(bounds[c], bounds[c + 1], H, nBlocks, [&](int64_t p0, int64_t p1, int64_t bi, int64_t a, int64_t b) {
        const ColumnBlock& block = blocks[bi];
        if (p1 - p0 > 1 || (a == 0 && b == H)) {
          emitPlanes(emitted, core, p0, p1, H, block, capacityRows(block, budget, vb), elem, vb, [](int64_t, int64_t) {
            return std::pair<int64_t, int64_t>{0, 0};
          });
          return;
        }
        Box dst{p0, p1, a, b, block.dst0, block.dst1};
        emitted.push_back({makeTile(core, Box{}, dst, alignUb(dst.cells() * vb), elem), PhaseKind::kCompute});
      });
    }
    for (Emitted& e : emitted) {  // nothing is read: a zeroed UB block is copied out
      e.tile.src = Box{};
      e.tile.bytesIn = 0;
      e.tile.vectorElems = static_cast<uint64_t>(e.tile.dst.cells());
    }
    base.strategy = rt::planProse("empty gradOutput: out's rows split over {0} cores and zeroed", bounds.size() - 1);
    base.coreChoice = coreChoiceText(static_cast<int32_t>(bounds.size() - 1), profile, planes * H * nBlocks,
                                     nBlocks > 1 ? rt::planProse("out row pieces") : rt::planProse("out rows"));
  } else {
    base.strategy = rt::planProse("empty gradOutput and out: nothing to do");
  }
  for (Emitted& e : emitted) e.phase = PhaseKind::kZero;
  return finish(std::move(base), std::move(blocks), std::move(emitted), {"", rt::planProse("zero out (gradOutput is empty)"), "", ""});
}

UpsamplePlan planNothing(OpKind op, const std::vector<int64_t>& srcShape, const std::vector<int64_t>& dstShape,
                         aclDataType dtype, const DeviceProfile& profile, const char* why) {
  Plan base = newPlan(op, profile, false, dtype, 0, srcShape, dstShape);
  base.strategy = rt::planProse(why);  // "empty self or out: nothing to do"
  return finish(std::move(base), {}, {}, {"", "", "", ""});
}

uint64_t sharedWorkspaceBytes(const UpsamplePlan& plan, int64_t inW, aclDataType dtype) {
  if (!halfType(dtype)) return 0;
  return static_cast<uint64_t>(plan.sharedRows.size()) * static_cast<uint64_t>(inW) * sizeof(float);
}

}  // namespace gradlab::ops::nearest
