#include "ops/adaptive_max_pool/kernel.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
#include <type_traits>
#include <vector>

#include "ops/adaptive_max_pool/forward_simd.h"
#include "ops/common/kernel_code.h"
#include "ops/common/stream_store.h"
#include "ops/common/tile_runner.h"
#include "runtime/error.h"

namespace gradlab::ops::adaptive {
namespace {

using rt::cat;

// ---- GM access by runs of row-major cells of one plane -------------------------------------------

bool denseRows(const PlaneTensor& t) {
  return t.rowOffsets == nullptr && (t.W == 1 || t.sW == 1) && (t.H == 1 || t.sH == t.W);
}

void loadIndexRun(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, int64_t* dst) {
  if (t.sW != 1 && count > 1) {
    loadIndexRow(t, plane, h, w0, count, dst);
    return;
  }
  const std::byte* src = t.address(plane, h, w0);
  if (t.dtype == ACL_INT64) {
    std::memcpy(dst, src, static_cast<size_t>(count) * sizeof(int64_t));
  } else {
    const auto* s32 = reinterpret_cast<const int32_t*>(src);
    for (int64_t i = 0; i < count; ++i) dst[i] = s32[i];
  }
}

void storeIndexRun(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const int64_t* src) {
  std::byte* dst = t.address(plane, h, w0);
  const int64_t s = t.sW;
  if (t.dtype == ACL_INT64) {
    auto* d = reinterpret_cast<int64_t*>(dst);
    if (s == 1) std::memcpy(d, src, static_cast<size_t>(count) * sizeof(int64_t));
    else for (int64_t i = 0; i < count; ++i) d[i * s] = src[i];
  } else {
    auto* d = reinterpret_cast<int32_t*>(dst);
    for (int64_t i = 0; i < count; ++i) d[i * s] = static_cast<int32_t>(src[i]);
  }
}

// A tensor's planes read and written as runs [f0, f0 + n) of row-major cells. Dense planes are one row
// of H*W cells, so a run is a single copy; other layouts are cut into row segments.
class PlaneRuns {
 public:
  PlaneRuns() = default;
  explicit PlaneRuns(const PlaneTensor& t) : t_(t), dense_(denseRows(t)), flat_(t) {
    flat_.W = t.H * t.W;
    flat_.H = 1;
    flat_.sW = 1;
    flat_.sH = 0;
  }
  const PlaneTensor& tensor() const { return t_; }

  void loadValues(int64_t p, int64_t f0, int64_t n, float* dst) const {
    segments(f0, n, [&](const PlaneTensor& t, int64_t h, int64_t w, int64_t k, int64_t at) { loadRow(t, p, h, w, k, dst + at); });
  }
  void loadIndices(int64_t p, int64_t f0, int64_t n, int64_t* dst) const {
    segments(f0, n, [&](const PlaneTensor& t, int64_t h, int64_t w, int64_t k, int64_t at) { loadIndexRun(t, p, h, w, k, dst + at); });
  }
  void storeValues(int64_t p, int64_t f0, int64_t n, const float* src, bool stream = false) const {
    segments(f0, n, [&](const PlaneTensor& t, int64_t h, int64_t w, int64_t k, int64_t at) {
      if (stream) streamRow(t, p, h, w, k, src + at);
      else storeRow(t, p, h, w, k, src + at);
    });
  }
  // The run's cells straight from GM when no cast or gather is needed (dense FLOAT / INT64), else nullptr.
  const float* directValues(int64_t p, int64_t f0) const {
    return dense_ && t_.dtype == ACL_FLOAT ? reinterpret_cast<const float*>(flat_.address(p, 0, f0)) : nullptr;
  }
  // A whole plane's cells in GM when they lie densely as FLOAT, else nullptr.
  float* directPlane(int64_t p) const { return dense_ && t_.dtype == ACL_FLOAT ? reinterpret_cast<float*>(flat_.address(p, 0, 0)) : nullptr; }
  // The run's indices straight from GM when they lie densely as I (int64_t: INT64, int32_t: INT32), else nullptr.
  template <typename I>
  const I* directIndices(int64_t p, int64_t f0) const {
    const aclDataType stored = sizeof(I) == sizeof(int64_t) ? ACL_INT64 : ACL_INT32;
    return dense_ && t_.dtype == stored ? reinterpret_cast<const I*>(flat_.address(p, 0, f0)) : nullptr;
  }
  void zero(int64_t p, int64_t f0, int64_t n) const {
    segments(f0, n, [&](const PlaneTensor& t, int64_t h, int64_t w, int64_t k, int64_t) { zeroRow(t, p, h, w, k); });
  }

 private:
  template <typename Fn>
  void segments(int64_t f0, int64_t n, Fn fn) const {
    if (dense_) {
      fn(flat_, 0, f0, n, 0);
      return;
    }
    int64_t h = f0 / t_.W, w = f0 - h * t_.W;  // one division per run, none per cell
    for (int64_t at = 0; at < n; ++h, w = 0) {
      const int64_t k = std::min(n - at, t_.W - w);
      fn(t_, h, w, k, at);
      at += k;
    }
  }

  PlaneTensor t_;
  bool dense_ = false;
  PlaneTensor flat_;
};

// ---- backward --------------------------------------------------------------------------------------

struct BackwardRun {
  const BackwardTiling& tiling;
  const Extents& shape;
  int64_t HW, HoWo;
  PlaneRuns gradOutput, indices, gradInput;
  float* workspace;
  bool streamOut = false;  // gradInput is large: planes go out with non-temporal stores
  aclDataType rounding = ACL_FLOAT;  // accumulate=dtype: every sum rounds to gradInput's FLOAT16 / BF16
  // The earliest gradOutput cell (flat over planes x Ho x Wo) whose index lies outside its plane: the adds check
  // each index as they read it (one pass over the indices), skip a bad one and keep the earliest here.
  std::atomic<int64_t>* firstBad = nullptr;
  uint64_t launch = 0;  // this launch's number (UbZeroed below)
  // Untraced, a plane split between cores takes each tile's adds in one go under its plane's lock (planes share
  // kPlaneLocks locks): one lock a tile where an atomic instruction an add waited on each cell's cache line. A
  // tile is what lands at once on the chip too (its atomic copy-out, gradlab/schedule.h).
  static constexpr int64_t kPlaneLocks = 64;
  std::mutex* planeLocks = nullptr;

  void noteBad(int64_t pos) const {
    int64_t seen = firstBad->load(std::memory_order_relaxed);
    while (pos < seen && !firstBad->compare_exchange_weak(seen, pos, std::memory_order_relaxed)) {
    }
  }

  // The GM accumulator of plane p (its owner's, or the shared one): in the workspace or gradInput itself.
  float* acc(int64_t p, bool shared) const {
    const Accumulator a = shared ? tiling.sharedAcc : tiling.ownerAcc;
    if (a == Accumulator::kWorkspace) return workspace + tiling.workspaceSlot(p) * HW;
    return reinterpret_cast<float*>(gradInput.tensor().address(p, 0, 0));
  }
  uint64_t inBytesPerCell() const { return gradOutput.tensor().elementSize + indices.tensor().elementSize; }
};

// Rounds one workspace plane into gradInput through UB (fp16/bf16 round once; strided fp32 just moves).
template <bool kTrace>
void storePlane(const BackwardRun& r, CoreContext& ctx, const Tile& tile, int64_t p, float* stage) {
  const int64_t step = r.tiling.stageCells;
  const float* acc = r.acc(p, false);
  for (int64_t f = 0; f < r.HW; f += step) {
    const int64_t n = std::min(step, r.HW - f);
    std::memcpy(stage, acc + f, static_cast<size_t>(n) * sizeof(float));
    r.gradInput.storeValues(p, f, n, stage, r.streamOut);
  }
  if constexpr (kTrace) {
    ctx.recorder->event(tile.id, EventKind::kCopyOut, r.HW * r.gradInput.tensor().elementSize, 0, code::kStorePlane);
  }
}

// accumulate=dtype: the adds of one plane's step, each sum rounded to r.rounding (kept in the fp32 cells).
// kAtomic: a traced tile of a plane split between cores, every add an atomic one in the trace (untraced, such a
// tile adds plainly under the plane's lock: BackwardRun::planeLocks).
template <bool kTrace, bool kAtomic>
void addRounded(const BackwardRun& r, CoreContext& ctx, const Tile& tile, float* acc, const float* v, const int64_t* k,
                int64_t count, int64_t srcBase, int64_t dstBase) {
  for (int64_t i = 0; i < count; ++i) {
    const int64_t at = k[i];
    if (static_cast<uint64_t>(at) >= static_cast<uint64_t>(r.HW)) [[unlikely]] {
      r.noteBad(srcBase + i);
      continue;
    }
    static_assert(kTrace || !kAtomic);
    if constexpr (kAtomic) {
      ctx.recorder->atomicAdd(tile.id, reinterpret_cast<std::byte*>(acc + at), ACL_FLOAT, r.rounding, v[i], srcBase + i,
                              dstBase + at, code::kAtomicAdd);
    } else {
      acc[at] = roundToDtype(r.rounding, acc[at] + v[i]);
      if constexpr (kTrace) ctx.recorder->move(tile.id, srcBase + i, dstBase + at, v[i], acc[at], code::kAdd);
    }
  }
}

// The plane accumulator a core's UB holds all zero, as its last plane's streaming store left it: the core's next
// plane skips its clearing (a second pass over 64 KiB of UB for every plane, an eighth of the kernel's time).
// The UB is the host thread's scratch, which other cores' and other launches' tiles use between one core's
// runs: the zeros count only for the same launch and core (a core's tiles of a phase run in one go).
struct UbZeroed {
  const float* acc = nullptr;
  uint64_t launch = 0;
  int32_t core = -1;
};
thread_local UbZeroed ubZeroed;
std::atomic<uint64_t> launches{0};

// Cells ahead of the add whose value and index are asked for (prefetched): a few cache lines.
constexpr int64_t kPrefetchAhead = 256;

// The adds of one plane's run (fp32 sums): each value into the cell its index names, every index checked as it
// is read. I: the indices as they lie in GM (INT64, or INT32 read in place: the 3-D pool's). kAtomic as in addRounded.
template <bool kTrace, bool kAtomic, typename I>
void addRun(const BackwardRun& r, CoreContext& ctx, const Tile& tile, float* acc, const float* v, const I* k, int64_t count,
            int64_t srcBase, int64_t dstBase) {
  const uint64_t hw = static_cast<uint64_t>(r.HW);
  static_assert(kTrace || !kAtomic);
  int64_t i = 0;
  if constexpr (!kTrace) {
    // Eight at a time: their indices checked together (no branch per add), the values and indices asked for
    // a few cache lines ahead so that their loads overlap the adds (the loop waited on each line's arrival:
    // half its time on the index compare and the value's add). A block with a bad index takes the loop below.
    for (; i + 8 <= count; i += 8) {
      const int64_t ahead = std::min(i + kPrefetchAhead, count - 1);  // a pointer past the run's end is not formed
      __builtin_prefetch(k + ahead, 0, 0);
      __builtin_prefetch(v + ahead, 0, 0);
      bool bad = false;
      for (int j = 0; j < 8; ++j) bad |= static_cast<uint64_t>(k[i + j]) >= hw;
      if (bad) [[unlikely]] break;
      for (int j = 0; j < 8; ++j) acc[k[i + j]] += v[i + j];
    }
  }
  for (; i < count; ++i) {
    const int64_t at = k[i];
    if (static_cast<uint64_t>(at) >= hw) [[unlikely]] {  // never written outside the plane: the launch fails
      r.noteBad(srcBase + i);
      continue;
    }
    if constexpr (kAtomic) {
      ctx.recorder->atomicAdd(tile.id, acc + at, v[i], srcBase + i, dstBase + at, code::kAtomicAdd);
    } else {
      acc[at] += v[i];
      if constexpr (kTrace) ctx.recorder->move(tile.id, srcBase + i, dstBase + at, v[i], acc[at], code::kAdd);
    }
  }
}

// One UB step: copy the tile's gradOutput values and indices in, then add each value into its plane's
// fp32 accumulator in row-major order. A tile whose planes have no other core (every tile in
// deterministic mode) also zeroes a plane's accumulator at the plane's first tile and rounds it into
// gradInput at its last (a UB accumulator right after its plane's adds, since it holds one plane);
// atomic tiles leave that to the passes around the tiles.
template <bool kTrace, bool kAtomic>
void scatterTile(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  const PlaneRun run = planeRun(tile.src, r.shape.out[kW]);
  const int64_t planes = tile.src.plane1 - tile.src.plane0;
  const BackwardTiling& t = r.tiling;
  const bool owner = !tile.atomic;
  const bool inUb = owner && t.ownerAcc == Accumulator::kUb;
  const uint64_t cells = static_cast<uint64_t>(planes * run.count);
  float* ubAcc = inUb ? ctx.ubAt<float>(0, static_cast<uint64_t>(r.HW)) : nullptr;
  // The step's values; an owner rounding a workspace plane at its last tile stages that plane here too.
  float* vals = ctx.ubAt<float>(t.accBytes, std::max<uint64_t>(cells, owner && t.ownerAcc == Accumulator::kWorkspace
                                                                            ? static_cast<uint64_t>(t.stageCells)
                                                                            : 0));
  int64_t* idx = ctx.ubAt<int64_t>(t.accBytes + BackwardTiling::indexOffset(static_cast<int64_t>(cells)), cells);
  // Dense fp32 values and int64 indices need no cast: the vector unit reads them where the copy-in
  // would have put them, which saves a pass over every input byte (the op is memory-bound).
  // Each tensor on its own: FLOAT16 / BF16 values are staged (widened) while INT64 indices are still read
  // in place.
  const bool directV = !kTrace && r.gradOutput.directValues(tile.src.plane0, run.first);
  const bool directK = !kTrace && r.indices.directIndices<int64_t>(tile.src.plane0, run.first);
  // Dense INT32 indices are read in place too, unless accumulate=dtype's adds (addRounded) take int64 ones.
  const bool directK32 = !kTrace && r.rounding == ACL_FLOAT && r.indices.directIndices<int32_t>(tile.src.plane0, run.first);
  for (int64_t q = 0; q < planes; ++q) {
    if (!directV) r.gradOutput.loadValues(tile.src.plane0 + q, run.first, run.count, vals + q * run.count);
    if (!directK && !directK32) r.indices.loadIndices(tile.src.plane0 + q, run.first, run.count, idx + q * run.count);
  }
  if constexpr (kTrace) {
    ctx.recorder->event(tile.id, EventKind::kCopyIn, planes * run.count * r.inBytesPerCell(), 0, code::kCopyIn);
  }

  const bool lastOfPlane = run.first + run.count == r.HoWo;
  for (int64_t q = 0; q < planes; ++q) {
    const int64_t p = tile.src.plane0 + q;
    float* acc = inUb ? ubAcc : r.acc(p, tile.atomic);
    if (owner && run.first == 0) {
      const bool zeroed = inUb && ubZeroed.acc == acc && ubZeroed.launch == r.launch && ubZeroed.core == ctx.core;
      if (!zeroed) std::memset(acc, 0, static_cast<size_t>(r.HW) * sizeof(float));
      if constexpr (kTrace) {
        if (!inUb) ctx.recorder->event(tile.id, EventKind::kCopyOut, r.HW * sizeof(float), 0, code::kZeroSums);
      }
    }
    const float* v = directV ? r.gradOutput.directValues(p, run.first) : vals + q * run.count;
    const int64_t* k = directK ? r.indices.directIndices<int64_t>(p, run.first) : idx + q * run.count;
    const int64_t srcBase = p * r.HoWo + run.first, dstBase = p * r.HW;
    // Traced, every add is an atomic one (the trace records each); untraced, the plane's lock is held instead.
    constexpr bool kAtomicAdds = kAtomic && kTrace;
    std::unique_lock<std::mutex> landing;
    if constexpr (kAtomic && !kTrace) landing = std::unique_lock(r.planeLocks[p % BackwardRun::kPlaneLocks]);
    if (r.rounding != ACL_FLOAT) addRounded<kTrace, kAtomicAdds>(r, ctx, tile, acc, v, k, run.count, srcBase, dstBase);
    const int64_t count = r.rounding == ACL_FLOAT ? run.count : 0;  // read once: the adds' stores may alias r
    if (directK32) addRun<kTrace, kAtomicAdds>(r, ctx, tile, acc, v, r.indices.directIndices<int32_t>(p, run.first), count, srcBase, dstBase);
    else addRun<kTrace, kAtomicAdds>(r, ctx, tile, acc, v, k, count, srcBase, dstBase);
    if (landing.owns_lock()) landing.unlock();
    if (inUb) ubZeroed = {};  // its adds are in it now
    if (inUb && lastOfPlane) {
      float* out = r.gradInput.directPlane(p);
      if (r.streamOut && out && r.rounding == ACL_FLOAT) {
        streamCopyAndZero(out, ubAcc, static_cast<size_t>(r.HW) * sizeof(float));
        ubZeroed = {ubAcc, r.launch, ctx.core};
      } else {
        r.gradInput.storeValues(p, 0, r.HW, ubAcc, r.streamOut);
      }
      if constexpr (kTrace) {
        ctx.recorder->event(tile.id, EventKind::kCopyOut, r.HW * r.gradInput.tensor().elementSize, 0, code::kStorePlane);
      }
    }
  }
  if constexpr (kTrace) {
    const int64_t cells = planes * run.count;
    if (kAtomic) ctx.recorder->event(tile.id, EventKind::kAtomicAdd, cells * sizeof(float), cells, code::kAtomicAdd);
    else ctx.recorder->event(tile.id, EventKind::kCompute, 0, cells, code::kAdd);
  }
  if (owner && t.ownerAcc == Accumulator::kWorkspace && lastOfPlane) {
    for (int64_t q = 0; q < planes; ++q) storePlane<kTrace>(r, ctx, tile, tile.src.plane0 + q, vals);
  }
  if (r.streamOut && owner && lastOfPlane) streamFence();
}

// The traced scatter stays out of line, so the untraced one is compiled (inlined) as in a build without
// tracing: with all four variants in one lambda GCC inlined differently and the untraced run was ~10% slower.
template <bool kAtomic>
[[gnu::noinline, gnu::cold]] void scatterTileTraced(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  scatterTile<true, kAtomic>(r, ctx, tile);
}

// The lanes strategy's compute tile: one output row of a group of planes. Every gradOutput cell writes its
// window region; the region's zeros add nothing, so the kernel adds the value at its index (into the sums
// vector core 0 zeroed), in row-major order per plane: the plane's only core. An index outside its window,
// which CANN's compare against the window would drop, lands where it points, as in every strategy here.
template <bool kTrace>
void lanesTile(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  const PlaneRun run = planeRun(tile.src, r.shape.out[kW]);
  const int64_t planes = tile.src.plane1 - tile.src.plane0;
  const uint64_t cells = static_cast<uint64_t>(planes * run.count);
  float* vals = ctx.ubAt<float>(0, cells);
  int64_t* idx = ctx.ubAt<int64_t>(BackwardTiling::indexOffset(static_cast<int64_t>(cells)), cells);
  for (int64_t q = 0; q < planes; ++q) {
    r.gradOutput.loadValues(tile.src.plane0 + q, run.first, run.count, vals + q * run.count);
    r.indices.loadIndices(tile.src.plane0 + q, run.first, run.count, idx + q * run.count);
  }
  const uint64_t hw = static_cast<uint64_t>(r.HW);
  for (int64_t q = 0; q < planes; ++q) {
    const int64_t p = tile.src.plane0 + q;
    float* acc = r.acc(p, false);
    const float* v = vals + q * run.count;
    const int64_t* k = idx + q * run.count;
    for (int64_t i = 0; i < run.count; ++i) {
      if (static_cast<uint64_t>(k[i]) >= hw) [[unlikely]] {  // never written outside the plane: the launch fails
        r.noteBad(p * r.HoWo + run.first + i);
        continue;
      }
      float& cell = acc[k[i]];
      cell = roundToDtype(r.rounding, cell + v[i]);
      if constexpr (kTrace) {
        ctx.recorder->move(tile.id, p * r.HoWo + run.first + i, p * r.HW + k[i], v[i], cell,
                           tile.atomic ? code::kAtomicAdd : code::kCopyOut);
      }
    }
  }
  if constexpr (kTrace) {
    ctx.recorder->event(tile.id, EventKind::kCopyIn, cells * r.inBytesPerCell(), 0, code::kCopyIn);
    ctx.recorder->event(tile.id, EventKind::kCompute, 0, tile.vectorElems, code::kCompute);
    ctx.recorder->event(tile.id, tile.atomic ? EventKind::kAtomicAdd : EventKind::kCopyOut, tile.bytesOut, 0,
                        tile.atomic ? code::kAtomicAdd : code::kCopyOut);
  }
}

// The lanes strategy's zero phase: vector core 0 zeroes every plane's fp32 sums.
void zeroLanesTile(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  for (int64_t p = tile.dst.plane0; p < tile.dst.plane1; ++p) {
    if (r.tiling.ownerAcc == Accumulator::kWorkspace) std::memset(r.acc(p, false), 0, static_cast<size_t>(r.HW) * sizeof(float));
    else r.gradInput.zero(p, 0, r.HW);
  }
  if (ctx.traced()) ctx.recorder->event(tile.id, EventKind::kCopyOut, tile.bytesOut, 0, code::kInitGlobal);
}

void zeroTile(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  for (int64_t p = tile.dst.plane0; p < tile.dst.plane1; ++p) r.gradInput.zero(p, 0, r.HW);
  if (ctx.traced()) ctx.recorder->event(tile.id, EventKind::kCopyOut, tile.bytesOut, 0, code::kZero);
}

rt::TaskResult badIndex(const BackwardRun& r, int64_t pos, const char* api) {
  const Extents& s = r.tiling.call;
  const bool depth = r.tiling.spatialRank == 3;
  const int64_t p = pos / r.HoWo, rem = pos - p * r.HoWo, ow = rem % s.out[kW], row = rem / s.out[kW];
  const int64_t oh = row % s.out[kH], od = row / s.out[kH];
  int64_t value = 0;
  r.indices.loadIndices(p, rem, 1, &value);
  std::string cell = depth ? cat(od, ", ", oh, ", ", ow) : cat(oh, ", ", ow);
  cell = s.unbatched ? cat(p, ", ", cell) : cat(p / s.C, ", ", p % s.C, ", ", cell);
  const std::string plane = depth ? cat(s.in[kD], "x", s.in[kH], "x", s.in[kW]) : cat(s.in[kH], "x", s.in[kW]);
  RefusalFacts facts{"index-outside-plane", {}};
  facts.add("cell", cell).add("position", pos).add("value", static_cast<long long>(value));
  if (depth) facts.add("D", s.in[kD]);
  facts.add("H", s.in[kH]).add("W", s.in[kW]);
  return {ACL_ERROR_RT_AICORE_EXCEPTION,
          cat(api, ": indices[", cell, "] = ", value, " is outside the ", plane, " plane [0, ", r.HW,
              "), so the launch failed and gradInput holds NaN in every cell"),
          std::move(facts)};
}

// After a failed launch every gradInput cell holds a quiet NaN: the sums the cores wrote before the failure
// was known (other planes, other tiles) would read as a result.
void poisonGradInput(const BackwardRun& r) {
  constexpr int64_t kChunk = 4096;
  std::vector<float> nan(static_cast<size_t>(std::min(kChunk, r.HW)), std::numeric_limits<float>::quiet_NaN());
  for (int64_t p = 0; p < r.shape.planes(); ++p)
    for (int64_t f = 0; f < r.HW; f += kChunk) r.gradInput.storeValues(p, f, std::min(kChunk, r.HW - f), nan.data());
}

// Zero phase of default mode: rows [row0, row1) of a shared plane's fp32 accumulator.
void zeroSharedTile(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  const int64_t p = tile.dst.plane0, W = tile.dst.col1;
  std::memset(r.acc(p, true) + tile.dst.row0 * W, 0, static_cast<size_t>(tile.dst.cells()) * sizeof(float));
  if (ctx.traced()) ctx.recorder->event(tile.id, EventKind::kCopyOut, tile.bytesOut, 0, code::kZero);
}

// Round phase of default mode: rows [row0, row1) of a shared plane, from the fp32 workspace through UB
// into gradInput, rounded once.
void roundSharedTile(const BackwardRun& r, CoreContext& ctx, const Tile& tile) {
  const int64_t p = tile.dst.plane0, W = tile.dst.col1, step = r.tiling.stageCells;
  float* stage = ctx.ubAt<float>(0, static_cast<uint64_t>(step));
  const float* acc = r.acc(p, true);
  for (int64_t f = tile.dst.row0 * W, end = tile.dst.row1 * W; f < end; f += step) {
    const int64_t n = std::min(step, end - f);
    std::memcpy(stage, acc + f, static_cast<size_t>(n) * sizeof(float));
    r.gradInput.storeValues(p, f, n, stage);
  }
  if (ctx.traced()) {
    ctx.recorder->event(tile.id, EventKind::kCopyIn, tile.bytesIn, 0, code::kCopyIn);
    ctx.recorder->event(tile.id, EventKind::kCompute, 0, tile.vectorElems, code::kCompute);
    ctx.recorder->event(tile.id, EventKind::kCopyOut, tile.bytesOut, 0, code::kCopyOut);
  }
}

// ---- forward ---------------------------------------------------------------------------------------

struct ForwardRun {
  const ForwardTiling& tiling;
  const Extents& shape;
  const PlaneTensor& self;
  const PlaneTensor& out;
  const PlaneTensor& indices;
  bool streamOut = false;  // the outputs are large: the vector kernel's rows go out with non-temporal stores
};

// Whether candidate (v, i) beats the current (b, ib) under the SPEC's row-major rules, which come down to:
// a NaN beats any number and the NaN with the largest index wins; otherwise the larger value wins and
// equal values keep the smaller index (h * W + w grows in row-major order). Being order-free, this lets a
// window be reduced column by column.
template <typename V>
inline bool beats(V v, int64_t i, V b, int64_t ib) {
  const bool vNan = std::isnan(v), bNan = std::isnan(b);
  if (vNan || bNan) return vNan && (!bNan || i > ib);
  return v > b || (v == b && i < ib);
}

// The scalar kernel, one output row (p, oh) over the tile's output columns: the traced kernel, DOUBLE, and
// the groups the vector kernel hands back (a NaN among their cells).
// V: the type values are compared in, float (FLOAT, FLOAT16, BF16 widened exactly) or double (DOUBLE).
template <bool kTrace, typename V>
void forwardRow(const ForwardRun& r, CoreContext& ctx, const Tile& tile, int64_t p, int64_t oh) {
  const ForwardTiling& t = r.tiling;
  const Extents& s = r.shape;
  const uint64_t segment = static_cast<uint64_t>(t.segmentCols), chunk = static_cast<uint64_t>(t.inputChunkCols);
  V* best = ctx.ubAt<V>(0, segment);
  int64_t* arg = ctx.ubAt<int64_t>(t.indexOffset, segment);
  V* colMax = ctx.ubAt<V>(t.colMaxOffset, chunk);
  int32_t* colArg = ctx.ubAt<int32_t>(t.colArgOffset, chunk);
  V* row = ctx.ubAt<V>(t.rowOffset, chunk);
  const int64_t* cs = t.cols.start.data();
  const int64_t* ce = t.cols.end.data();
  const int64_t B = t.inputChunkCols;
  const int64_t s0 = tile.dst.col0, s1 = tile.dst.col1, n = s1 - s0;
  const int64_t c0 = cs[s0], cEnd = ce[s1 - 1];
  const uint64_t es = r.self.elementSize;
  const int64_t hs = t.rows.first(oh), windowRows = t.rows.count(oh);
  for (int64_t ow = s0; ow < s1; ++ow) {  // the scan's start: -inf at the window's first cell
    best[ow - s0] = -std::numeric_limits<V>::infinity();
    arg[ow - s0] = hs * s.in[kW] + cs[ow];
  }
  int64_t lo = s0;
  for (int64_t cc = c0; cc < cEnd; cc += B) {
    const int64_t k = std::min(B, cEnd - cc), cn = cc + k;
    // Column winners over the window rows, scanned top-down (slice by slice in a 3-D call): ties keep the
    // upper cell, a later NaN wins.
    loadRow(r.self, p, hs, cc, k, colMax);
    const int32_t first = static_cast<int32_t>(hs * s.in[kW] + cc);
    for (int64_t i = 0; i < k; ++i) colArg[i] = first + static_cast<int32_t>(i);
    t.rows.forEach(oh, [&](int64_t h) {
      if (h == hs) return;
      loadRow(r.self, p, h, cc, k, row);
      const int32_t base = static_cast<int32_t>(h * s.in[kW] + cc);
      for (int64_t i = 0; i < k; ++i) {
        const V v = row[i];
        const bool take = (v > colMax[i]) | std::isnan(v);
        colMax[i] = take ? v : colMax[i];
        colArg[i] = take ? base + static_cast<int32_t>(i) : colArg[i];
      }
    });
    if constexpr (kTrace) {
      ctx.recorder->event(tile.id, EventKind::kCopyIn, windowRows * k * es, 0, code::kCopyIn);
      ctx.recorder->event(tile.id, EventKind::kCompute, 0, windowRows * k, code::kCompute);
    }
    // Window winners over the column winners of this piece.
    for (int64_t ow = lo; ow < s1 && cs[ow] < cn; ++ow) {
      const int64_t a = std::max(cs[ow], cc) - cc, b = std::min(ce[ow], cn) - cc;
      V bv = best[ow - s0];
      int64_t bi = arg[ow - s0];
      for (int64_t i = a; i < b; ++i) {
        if (beats(colMax[i], colArg[i], bv, bi)) {
          bv = colMax[i];
          bi = colArg[i];
        }
      }
      best[ow - s0] = bv;
      arg[ow - s0] = bi;
    }
    while (lo < s1 && ce[lo] <= cn) ++lo;  // windows that end in this piece are complete
  }
  storeRow(r.out, p, oh, s0, n, best);
  storeIndexRun(r.indices, p, oh, s0, n, arg);
  if constexpr (kTrace) {
    ctx.recorder->event(tile.id, EventKind::kCopyOut, n * (es + r.indices.elementSize), 0, code::kCopyOut);
    for (int64_t i = 0; i < n; ++i) {
      const float shown = static_cast<float>(best[i]);  // the trace keeps fp32 values for display
      ctx.recorder->move(tile.id, p * s.in[kH] * s.in[kW] + arg[i], (p * s.out[kH] + oh) * s.out[kW] + s0 + i, shown, shown, code::kWindowMax);
    }
  }
}

template <bool kTrace, typename V>
void forwardTile(const ForwardRun& r, CoreContext& ctx, const Tile& tile) {
  for (int64_t p = tile.dst.plane0; p < tile.dst.plane1; ++p) {
    for (int64_t oh = tile.dst.row0; oh < tile.dst.row1; ++oh) forwardRow<kTrace, V>(r, ctx, tile, p, oh);
  }
}

// ---- the vector kernel (forward_simd.h) ----------------------------------------------------------------

constexpr int kGroupRows = simd::kGroupRows;

// The output rows of one group: lane j is row[j] of plane[j]; lanes past `lanes` repeat lane 0.
struct GroupRows {
  int lanes = 0;
  int64_t plane[kGroupRows] = {}, row[kGroupRows] = {};
  const std::byte* selfPlane[kGroupRows] = {};  // self's cell (plane, 0, 0)
};

// Copies the step's input rows into UB as fp32 (strided or narrow rows): each distinct input row once,
// rows of one plane in consecutive slots, so every lane's window rows are consecutive slots too.
void stageRows(const ForwardRun& r, const GroupRows& g, float* stage, int64_t stride, int64_t c0, int64_t span,
               simd::GroupStep& step) {
  const ForwardTiling& t = r.tiling;
  int64_t runPlane = -1, runLo = 0, runHi = 0, runSlot = 0, nextSlot = 0;
  for (int j = 0; j < g.lanes; ++j) {
    const int64_t p = g.plane[j], hs = t.rows.heights.start[g.row[j]], he = t.rows.heights.end[g.row[j]];
    if (p != runPlane || hs < runLo || hs > runHi) {
      runPlane = p, runLo = runHi = hs, runSlot = nextSlot;
    }
    for (; runHi < he; ++runHi) {
      float* slot = stage + (runSlot + runHi - runLo) * stride;
      loadRow(r.self, p, runHi, c0, span, slot);
      std::fill(slot + span, slot + step.cols, 0.0f);  // a narrow chunk's padding: numbers, never NaN
    }
    nextSlot = std::max(nextSlot, runSlot + runHi - runLo);
    step.rows[j] = reinterpret_cast<const std::byte*>(stage + (runSlot + hs - runLo) * stride);
  }
  for (int j = g.lanes; j < kGroupRows; ++j) step.rows[j] = step.rows[0];
}

// A 3-D call's steps: lane j's window rows, which span slices, staged in (d, h) order as lane j's own slots;
// slotRow[j][k] is the input row of lane j's slot k.
void stageWindowRows(const ForwardRun& r, const GroupRows& g, float* stage, int64_t stride, int64_t c0, int64_t span,
                     simd::GroupStep& step, int64_t* const* slotRow) {
  int64_t slot = 0;
  for (int j = 0; j < g.lanes; ++j) {
    step.rows[j] = reinterpret_cast<const std::byte*>(stage + slot * stride);
    int64_t k = 0;
    r.tiling.rows.forEach(g.row[j], [&](int64_t row) {
      float* at = stage + slot++ * stride;
      slotRow[j][k++] = row;
      loadRow(r.self, g.plane[j], row, c0, span, at);
      std::fill(at + span, at + step.cols, 0.0f);  // a narrow chunk's padding: numbers, never NaN
    });
  }
  for (int j = g.lanes; j < kGroupRows; ++j) step.rows[j] = step.rows[0];
}

// The vector kernel counts a staged window's rows as slots (index slot * step.W + col, step.W a power of two
// here so that no index needs a division to take apart); a 3-D window's slot k is its row d * H + h (slices in
// order, then rows), and the order of slots is the order of those rows, so the winners it picked are the right
// ones: only their indices are written as the slots' rows.
void slotsToRows(const ForwardRun& r, const GroupRows& g, simd::GroupStep& step, const int64_t* const* slotRow,
                 int shift) {
  const int64_t W = r.shape.in[kW], colMask = (int64_t{1} << shift) - 1;
  for (int j = 0; j < g.lanes; ++j) {
    const int64_t* rows = slotRow[j];
    auto remap = [&](auto* at, int32_t n) {
      for (int32_t i = 0; i < n; ++i) {
        const int64_t v = at[i];
        at[i] = static_cast<std::remove_reference_t<decltype(*at)>>(rows[v >> shift] * W + (v & colMask));
      }
    };
    if (step.wideIndex) remap(reinterpret_cast<int64_t*>(step.outIndex) + j * step.outs, step.outs);
    else remap(reinterpret_cast<int32_t*>(step.outIndex) + j * step.outs, step.outs);
  }
}

// The step's outputs (outs columns from ow0; lane j's row at j * outs in UB, values fp32, indices in the
// indices tensor's width) into out and indices. Lanes that are consecutive full rows of one plane go as
// one run when both tensors hold their rows back to back.
void writeGroup(const ForwardRun& r, const GroupRows& g, const simd::GroupStep& step, int64_t ow0) {
  const int64_t Wo = r.shape.out[kW], outs = step.outs;
  const int64_t indexBytes = step.wideIndex ? 8 : 4;
  const bool join = outs == Wo && r.out.sW == 1 && r.out.sH == Wo && r.indices.sW == 1 && r.indices.sH == Wo;
  auto copy = [&](std::byte* dst, const void* src, int64_t bytes) {
    if (r.streamOut) streamCopy(dst, src, static_cast<size_t>(bytes));
    else std::memcpy(dst, src, static_cast<size_t>(bytes));
  };
  for (int j = 0; j < g.lanes;) {
    int k = j + 1;
    while (join && k < g.lanes && g.plane[k] == g.plane[j] && g.row[k] == g.row[k - 1] + 1) ++k;
    const int64_t p = g.plane[j], oh = g.row[j], n = (k - j - 1) * Wo + outs;
    const float* values = step.outValue + j * outs;
    const std::byte* index = step.outIndex + j * outs * indexBytes;
    if (r.out.sW == 1 && r.out.dtype == ACL_FLOAT) copy(r.out.address(p, oh, ow0), values, n * 4);
    else if (r.streamOut) streamRow(r.out, p, oh, ow0, n, values);
    else storeRow(r.out, p, oh, ow0, n, values);
    if (r.indices.sW == 1) {
      copy(r.indices.address(p, oh, ow0), index, n * indexBytes);
    } else if (step.wideIndex) {
      storeIndexRun(r.indices, p, oh, ow0, n, reinterpret_cast<const int64_t*>(index));
    } else {  // a strided INT32 row
      auto* dst = reinterpret_cast<int32_t*>(r.indices.address(p, oh, ow0));
      for (int64_t i = 0; i < n; ++i) dst[i * r.indices.sW] = reinterpret_cast<const int32_t*>(index)[i];
    }
    j = k;
  }
}

// Hands the vector kernel the input rows of the group after the current one to prefetch while it computes
// (GroupStep::prefetchAt), from where the last hand-out stopped. The kernel reads a group's window rows column
// block by column block, an order the hardware prefetchers do not follow: a cold plane took 2.5x as long as a
// cached one. A sweep over the next plane before each plane's first group (a load a cache line, 37 GB/s on
// two threads) cost as much time as the kernel, as the two ran one after the other; these prefetches overlap
// the kernel. The bench's large 2-D forward: 1.98-2.52 -> 1.71-1.94 ms (medians of 40 calls, each after a
// memcpy, four runs alternating with the sweep's build). Bursts (a plane at a time) were no faster than no sweep.
class RowPrefetch {
 public:
  RowPrefetch(const ForwardRun& r, const Tile& tile)
      : r_(r), tile_(tile), rows_(tile.dst.row1 - tile.dst.row0), es_(static_cast<int64_t>(r.self.elementSize)) {}

  // Starts at the end of the furthest window row of the tile's group that ends at row index k.
  void start(int64_t k) {
    const Target t = target(k);
    plane_ = t.plane;
    at_ = t.end;
  }
  // Through the end of the furthest window row of tile row k (counting on into the planes after the tile's).
  void handOut(int64_t k, simd::GroupStep& step) {
    step.prefetchLines[0] = step.prefetchLines[1] = 0;
    const Target t = target(k);
    int run = 0;
    if (t.plane != plane_) {
      add(step, run, at_, rowEnd(plane_, r_.self.H - 1));
      plane_ = t.plane;
      at_ = r_.self.address(t.plane, 0, 0);
    }
    add(step, run, at_, t.end);
  }

 private:
  struct Target {
    int64_t plane;
    const std::byte* end;
  };
  static constexpr int64_t kMaxLines = 1024;  // 64 KiB a run: the first hand-out of a wide group stays small

  Target target(int64_t k) const {
    int64_t plane = tile_.dst.plane0 + k / rows_, row = tile_.dst.row0 + k % rows_;
    if (plane >= r_.shape.planes()) plane = r_.shape.planes() - 1, row = tile_.dst.row1 - 1;
    return {plane, rowEnd(plane, r_.tiling.rowSpans[static_cast<size_t>(row)].last)};
  }
  const std::byte* rowEnd(int64_t plane, int64_t row) const { return r_.self.address(plane, row, r_.shape.in[kW] - 1) + es_; }
  void add(simd::GroupStep& step, int& run, const std::byte* from, const std::byte* to) {
    const auto first = reinterpret_cast<uintptr_t>(from) & ~uintptr_t{63};
    const auto end = reinterpret_cast<uintptr_t>(to);
    if (end <= first) return;
    const int64_t lines = std::min<int64_t>(static_cast<int64_t>((end - first + 63) / 64), kMaxLines);
    step.prefetchAt[run] = reinterpret_cast<const std::byte*>(first);
    step.prefetchLines[run++] = static_cast<int32_t>(lines);
    at_ = std::max(at_, reinterpret_cast<const std::byte*>(first + static_cast<uintptr_t>(lines) * 64));
  }

  const ForwardRun& r_;
  const Tile& tile_;
  const int64_t rows_, es_;
  int64_t plane_ = 0;
  const std::byte* at_ = nullptr;
};

simd::RowType rowType(aclDataType dtype) {
  if (dtype == ACL_FLOAT16) return simd::RowType::kF16;
  if (dtype == ACL_BF16) return simd::RowType::kBF16;
  return simd::RowType::kF32;
}

// A tile's output rows kGroupRows at a time through the vector kernel, in steps of at most groupCols input
// columns; a group whose cells hold a NaN is done again row by row by the scalar kernel.
void groupTile(const ForwardRun& r, CoreContext& ctx, const Tile& tile, const simd::Backend& backend) {
  const ForwardTiling& t = r.tiling;
  const Extents& s = r.shape;
  const int64_t stepCols = t.groupStepCols();
  const uint64_t winners = static_cast<uint64_t>(stepCols * kGroupRows), outCells = static_cast<uint64_t>(kGroupRows * t.groupOuts);
  simd::GroupStep step;
  step.colValue = ctx.ubAt<float>(0, winners);
  step.colIndex = ctx.ubAt<int32_t>(t.groupColIndexOffset, winners);
  step.vertValue = ctx.ubAt<float>(t.groupVertValueOffset, winners);
  step.vertIndex = ctx.ubAt<int32_t>(t.groupVertIndexOffset, winners);
  step.vertStride = static_cast<int32_t>(stepCols);
  step.wideIndex = r.indices.dtype == ACL_INT64;
  step.outValue = ctx.ubAt<float>(t.groupOutValueOffset, outCells);
  step.outIndex = ctx.ubAt<std::byte>(t.groupOutIndexOffset, outCells * (step.wideIndex ? 8 : 4));
  step.scratchValue = ctx.ubAt<float>(t.groupScratchOffset, kGroupRows);
  step.scratchIndex = ctx.ubAt<std::byte>(t.groupScratchOffset + kGroupRows * sizeof(float), kGroupRows * sizeof(int64_t));
  const bool staged = t.groupStageRows > 0;
  float* stage = staged ? ctx.ubAt<float>(t.groupStageOffset, static_cast<uint64_t>(t.groupStageRows * stepCols)) : nullptr;
  const int64_t es = static_cast<int64_t>(r.self.elementSize);
  step.type = staged ? simd::RowType::kF32 : rowType(r.self.dtype);
  step.rowBytes = staged ? stepCols * static_cast<int64_t>(sizeof(float)) : r.self.sH * es;
  step.W = static_cast<int32_t>(s.in[kW]);
  const int64_t* cs = t.cols.start.data();
  const int64_t* ce = t.cols.end.data();
  // Windows that span slices: read in place slice by slice, or staged by stageWindowRows when the rows are.
  const bool depth = !t.rows.flat() && staged;
  // A staged 3-D window's slots are rows of a power-of-two width, and each lane notes its slots' input rows.
  const int shift = depth ? std::bit_width(static_cast<uint64_t>(s.in[kW] - 1)) : 0;
  std::vector<int64_t> slotRows(depth ? static_cast<size_t>(kGroupRows * t.rows.tallest()) : 0);
  int64_t* slotRow[kGroupRows] = {};
  for (int j = 0; depth && j < kGroupRows; ++j) slotRow[j] = slotRows.data() + j * t.rows.tallest();
  if (depth) step.W = static_cast<int32_t>(int64_t{1} << shift);
  step.sliceBytes = t.rows.sliceRows * r.self.sH * es;
  step.sliceIndex = static_cast<int32_t>(t.rows.sliceRows * s.in[kW]);
  const int64_t s0 = tile.dst.col0, s1 = tile.dst.col1;
  const int64_t rows = tile.dst.row1 - tile.dst.row0, total = (tile.dst.plane1 - tile.dst.plane0) * rows;
  // The tile's chunks of output columns, the same for every group: the rest in one step, or as many as fit.
  struct Chunk {
    int64_t ow0, c0, span;
    int32_t firstCol, cols, outs, widest;
  };
  std::vector<Chunk> chunks;
  for (int64_t ow0 = s0, ow1 = s0; ow0 < s1; ow0 = ow1) {
    ow1 = ce[s1 - 1] - cs[ow0] <= t.groupCols ? s1 : ow0 + 1;
    while (ow1 < s1 && ce[ow1] - cs[ow0] <= t.groupCols) ++ow1;
    const int64_t c0 = cs[ow0], span = ce[ow1 - 1] - c0;
    int64_t widest = 0;
    for (int64_t o = ow0; o < ow1; ++o) widest = std::max(widest, ce[o] - cs[o]);
    // A chunk narrower than kMinCols: staged rows are padded, rows in place start further left.
    chunks.push_back({ow0, c0, span,
                      static_cast<int32_t>(staged || span >= simd::kMinCols ? c0 : std::min(c0, s.in[kW] - simd::kMinCols)),
                      static_cast<int32_t>(std::max<int64_t>(span, simd::kMinCols)), static_cast<int32_t>(ow1 - ow0),
                      static_cast<int32_t>(widest)});
  }
  std::array<simd::ChunkBlocks, 4> blocks;  // the first chunks' blocks of windows (most tiles have one chunk)
  GroupRows g;
  int64_t firstRow[kGroupRows] = {};  // lane j's first window row
  int64_t p = tile.dst.plane0, oh = tile.dst.row0;
  RowPrefetch prefetch(r, tile);
  if (!staged) prefetch.start(std::min<int64_t>(kGroupRows, total) - 1);
  const std::byte* selfPlane = r.self.address(p, 0, 0);
  for (int64_t first = 0; first < total; first += kGroupRows) {
    g.lanes = static_cast<int>(std::min<int64_t>(kGroupRows, total - first));
    for (int j = 0; j < kGroupRows; ++j) {
      if (j < g.lanes) {
        g.plane[j] = p, g.row[j] = oh, g.selfPlane[j] = selfPlane;
        if (++oh == tile.dst.row1 && ++p < tile.dst.plane1) oh = tile.dst.row0, selfPlane = r.self.address(p, 0, 0);
      } else {  // the rest repeat lane 0
        g.plane[j] = g.plane[0], g.row[j] = g.row[0], g.selfPlane[j] = g.selfPlane[0];
      }
      // Rows in place: the window's rows of each of its slices; staged: all its rows, one after another.
      const ForwardTiling::RowSpan& span = t.rowSpans[static_cast<size_t>(g.row[j])];
      firstRow[j] = span.first;
      step.height[j] = staged ? span.slices * span.rowsPerSlice : span.rowsPerSlice;
      step.slices[j] = staged ? 1 : span.slices;
    }
    step.lanes = g.lanes;
    if (!staged) prefetch.handOut(first + 2 * kGroupRows - 1, step);
    bool ok = true;
    for (size_t i = 0; ok && i < chunks.size(); ++i) {
      const Chunk& chunk = chunks[i];
      const int64_t ow0 = chunk.ow0, c0 = chunk.c0, span = chunk.span;
      step.firstCol = chunk.firstCol;
      step.cols = chunk.cols;
      step.winStart = t.colStart32.data() + ow0;
      step.winEnd = t.colEnd32.data() + ow0;
      step.winCols = t.winCols.data() + ow0 * simd::kWinCols;
      step.outs = chunk.outs;
      step.outStride = step.outs;
      step.widest = chunk.widest;
      step.blocks = i < blocks.size() ? &blocks[i] : nullptr;
      if (depth) {
        stageWindowRows(r, g, stage, stepCols, c0, span, step, slotRow);
      } else if (staged) {
        stageRows(r, g, stage, stepCols, c0, span, step);
      } else {
        for (int j = 0; j < kGroupRows; ++j) {
          step.rows[j] = g.selfPlane[j] + (firstRow[j] * r.self.sH + step.firstCol * r.self.sW) * es;
        }
      }
      for (int j = 0; j < kGroupRows; ++j) {
        step.firstIndex[j] = static_cast<int32_t>((depth ? 0 : firstRow[j] * s.in[kW]) + step.firstCol);
      }
      ok = backend.run(step);
      step.prefetchLines[0] = step.prefetchLines[1] = 0;  // the group's later steps read the same rows
      if (ok && depth) slotsToRows(r, g, step, slotRow, shift);
      if (ok) writeGroup(r, g, step, ow0);
    }
    if (!ok) {
      for (int j = 0; j < g.lanes; ++j) forwardRow<false, float>(r, ctx, tile, g.plane[j], g.row[j]);
    }
  }
  if (r.streamOut) streamFence();
}

}  // namespace

rt::TaskResult runBackward(const BackwardTiling& tiling, const BackwardTensors& tensors, const rt::LaunchArgs& args,
                           const char* api) {
  const Extents& s = tiling.shape;
  BackwardRun r{tiling,
                s,
                s.planeCells(Side::kIn),
                s.planeCells(Side::kOut),
                PlaneRuns(tensors.gradOutput),
                PlaneRuns(tensors.indices),
                PlaneRuns(tensors.gradInput),
                reinterpret_cast<float*>(args.workspace)};
  r.streamOut = static_cast<uint64_t>(s.planes() * r.HW) * tensors.gradInput.elementSize >= kStreamOutputBytes;
  if (tiling.plan.accumulate == Accumulation::kDtype) r.rounding = tiling.plan.dtype;
  std::atomic<int64_t> firstBad{std::numeric_limits<int64_t>::max()};
  r.firstBad = &firstBad;
  std::array<std::mutex, BackwardRun::kPlaneLocks> planeLocks;
  r.planeLocks = planeLocks.data();
  r.launch = launches.fetch_add(1, std::memory_order_relaxed) + 1;
  // The compute phase checks every index as it adds it; a bad one fails the launch once the phase is done.
  const auto checked = [&]() -> rt::TaskResult {
    const int64_t bad = firstBad.load();
    if (bad == std::numeric_limits<int64_t>::max()) return {};
    poisonGradInput(r);
    return badIndex(r, bad, api);
  };
  return runPlan(tiling.plan, args.trace, [&](const PlanPhase& phase, int32_t) -> PhaseKernel {
    switch (phase.kind) {
      case PhaseKind::kZero:
        if (tiling.mode == BackwardMode::kZeroOnly) return {[&](CoreContext& ctx, const Tile& tile) { zeroTile(r, ctx, tile); }, {}};
        if (tiling.mode == BackwardMode::kLanes) return {[&](CoreContext& ctx, const Tile& tile) { zeroLanesTile(r, ctx, tile); }, {}};
        return {[&](CoreContext& ctx, const Tile& tile) { zeroSharedTile(r, ctx, tile); }, {}};
      case PhaseKind::kRound:
        return {[&](CoreContext& ctx, const Tile& tile) { roundSharedTile(r, ctx, tile); }, {}};
      default:
        break;
    }
    if (tiling.mode == BackwardMode::kLanes) {
      return {[&](CoreContext& ctx, const Tile& tile) {
                if (ctx.traced()) lanesTile<true>(r, ctx, tile);
                else lanesTile<false>(r, ctx, tile);
              },
              checked};
    }
    return {[&](CoreContext& ctx, const Tile& tile) {
              if (ctx.traced()) {
                if (tile.atomic) scatterTileTraced<true>(r, ctx, tile);
                else scatterTileTraced<false>(r, ctx, tile);
              } else {
                if (tile.atomic) scatterTile<false, true>(r, ctx, tile);
                else scatterTile<false, false>(r, ctx, tile);
              }
            },
            checked};
  });
}

rt::TaskResult runForward(const ForwardTiling& tiling, const ForwardTensors& tensors, const rt::LaunchArgs& args) {
  ForwardRun r{tiling, tiling.shape, tensors.self, tensors.out, tensors.indices};
  const uint64_t outCells = static_cast<uint64_t>(tiling.shape.planes() * tiling.shape.planeCells(Side::kOut));
  r.streamOut = outCells * (tensors.out.elementSize + tensors.indices.elementSize) >= kStreamOutputBytes;
  const simd::Backend* backend = tiling.groupCols > 0 ? simd::activeBackend() : nullptr;
  return runPlan(tiling.plan, args.trace, [&](const PlanPhase&, int32_t) -> PhaseKernel {
    if (tensors.self.dtype == ACL_DOUBLE) {
      return {[&](CoreContext& ctx, const Tile& tile) {
                if (ctx.traced()) forwardTile<true, double>(r, ctx, tile);
                else forwardTile<false, double>(r, ctx, tile);
              },
              {}};
    }
    return {[&, backend](CoreContext& ctx, const Tile& tile) {
              if (ctx.traced()) forwardTile<true, float>(r, ctx, tile);
              else if (backend) groupTile(r, ctx, tile, *backend);
              else forwardTile<false, float>(r, ctx, tile);
            },
            {}};
  });
}

}  // namespace gradlab::ops::adaptive
