#include "ops/nearest_engine/kernel.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "ops/common/kernel_code.h"
#include "ops/common/stream_store.h"
#include "ops/common/tile_runner.h"
#include "ops/nearest_engine/doubled_row.h"
#include "ops/nearest_engine/halved_row.h"

namespace gradlab::ops::nearest {
namespace {


int64_t flat(int64_t plane, int64_t h, int64_t w, int64_t H, int64_t W) { return (plane * H + h) * W + w; }

// Large outputs are written with non-temporal stores (stream_store.h).
bool streamOutput(const UpsampleJob& job) {
  return static_cast<uint64_t>(job.dst.cells()) * job.dst.elementSize >= kStreamOutputBytes;
}

// One output row from fp32 values (rounded to the output dtype), streamed out when the output is large;
// fp64 rows (DOUBLE) are stored as they are.
void writeRow(const UpsampleJob& job, int64_t p, int64_t r, int64_t w0, int64_t width, const float* row) {
  if (streamOutput(job)) streamRow(job.dst, p, r, w0, width, row);
  else storeRow(job.dst, p, r, w0, width, row);
}
void writeRow(const UpsampleJob& job, int64_t p, int64_t r, int64_t w0, int64_t width, const double* row) {
  storeRow(job.dst, p, r, w0, width, row);
}

// V: the type values sit in UB as, float (FLOAT, FLOAT16, BF16, UINT8) or double (DOUBLE).
template <typename V>
constexpr bool kFp64 = std::is_same_v<V, double>;

// ---- backward -------------------------------------------------------------------------------------

// Whether addChunk can start an accumulator row by itself (uniform columns, the whole span at once).
bool startsRow(const UpsampleJob& job, const ColumnBlock& b) { return job.cols.factor != 0 && b.stage >= b.span(); }

// Adds one staged chunk of a gradOutput row (columns [x0, x0 + n)) into the accumulator row `acc` of
// the block, each gradInput cell receiving its values in increasing column order (the SPEC order).
// kStart: `acc` holds garbage and this is the row's first chunk (only when startsRow): the sums start
// from 0.0f + g, exactly what adding into a zeroed row gives (-0.0 included), without zeroing first.
template <bool kStart = false, typename V>
void addChunk(const UpsampleJob& job, const ColumnBlock& b, int64_t x0, int64_t n, const V* g, V* acc) {
  const int64_t k = job.cols.factor;
  const int64_t width = b.width();
  if (k != 0 && n == b.span()) {  // uniform k-to-1 columns: cell j sums g[k*j .. k*j + k) in order
    auto start = [&](int64_t j) { return kStart ? V{0} : acc[j]; };
    if (k == 1) {
      for (int64_t j = 0; j < width; ++j) acc[j] = start(j) + g[j];
    } else if (k == 2) {
      for (int64_t j = 0; j < width; ++j) acc[j] = (start(j) + g[2 * j]) + g[2 * j + 1];
    } else {
      for (int64_t j = 0; j < width; ++j) acc[j] = start(j) + g[j * k];
      for (int64_t t = 1; t < k; ++t) {
        for (int64_t j = 0; j < width; ++j) acc[j] += g[j * k + t];
      }
    }
    return;
  }
  // Ragged columns: cell by cell, each cell's values summed in a register in column order. The same adds
  // in the same order as one add into the cell per value, without a store and a reload between them
  // (a cell's adds formed a chain through memory: the ragged backward's whole time).
  if (n <= 0) return;
  const int64_t* first = job.cols.first.data();
  V* base = acc - b.dst0;
  for (int64_t j = job.cols.src[x0], j1 = job.cols.src[x0 + n - 1] + 1; j < j1; ++j) {
    V sum = base[j];
    for (int64_t x = std::max(first[j], x0), e = std::min(first[j + 1], x0 + n); x < e; ++x) sum += g[x - x0];
    base[j] = sum;
  }
}

// The FLOAT16 / BF16 sums of accumulate=dtype round after every add (gradlab/accumulation.h).
aclDataType roundingOf(const UpsampleJob& job) {
  return job.plan->plan.accumulate == Accumulation::kDtype ? job.dst.dtype : ACL_FLOAT;
}

// Shared rows of fp16/bf16 with fp32 accumulation go through an fp32 workspace, rounded once at the end.
bool viaWorkspace(const UpsampleJob& job) { return halfType(job.dst.dtype) && roundingOf(job) == ACL_FLOAT; }

// addChunk one value at a time: the same additions in the same per-cell order, each sum rounded to
// `rounding` (accumulate=dtype; FLOAT: unchanged) and, with a recorder, recorded as a move.
template <typename V>
void addChunkEach(const UpsampleJob& job, const ColumnBlock& b, int64_t x0, int64_t n, const V* g, V* acc,
                  aclDataType rounding, CoreRecorder* rec, int32_t tile, int64_t plane, int64_t h, int64_t r) {
  const int64_t* src = job.cols.src.data() + x0;
  V* base = acc - b.dst0;
  const int64_t srcRow = flat(plane, job.rows.logicalOut(h), 0, job.rows.out, job.cols.out);
  const int64_t dstRow = flat(plane, r, 0, job.rows.in, job.cols.in);
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (kFp64<V>) base[src[i]] += g[i];
    else base[src[i]] = roundToDtype(rounding, base[src[i]] + g[i]);
    if (rec) {
      rec->move(tile, srcRow + x0 + i, dstRow + src[i], static_cast<float>(g[i]), static_cast<float>(base[src[i]]),
                code::kAdd);
    }
  }
}

struct TileCounters {
  uint64_t stagedCells = 0, storedCells = 0, atomicCells = 0;
};

// A gradInput row whose gradOutput rows are split between cores: every value is added atomically into
// a zeroed cell (the row of `out` itself for fp32 and for accumulate=dtype, else an fp32 workspace row),
// in the same order traced or not; which core's add lands first is up to the schedule.
template <bool kTrace, typename V>
void atomicRow(const UpsampleJob& job, CoreContext& ctx, const Tile& t, const ColumnBlock& b, int64_t plane, int64_t r,
               int64_t h0, int64_t h1, V* stage, float* workspace, TileCounters& n) {
  const UpsamplePlan& plan = *job.plan;
  float* wsRow = nullptr;
  if (viaWorkspace(job)) {
    const int64_t key = plane * job.rows.in + r;
    const int64_t slot =
        std::lower_bound(plan.sharedRows.begin(), plan.sharedRows.end(), key) - plan.sharedRows.begin();
    wsRow = workspace + slot * job.cols.in;
  }
  const aclDataType storage = wsRow ? ACL_FLOAT : job.dst.dtype, rounding = roundingOf(job);
  auto cell = [&](int64_t c) {
    return wsRow ? reinterpret_cast<std::byte*>(wsRow + c) : job.dst.address(plane, r, c);
  };
  for (int64_t h = h0; h < h1; ++h) {
    for (int64_t x0 = b.src0; x0 < b.src1; x0 += b.stage) {
      const int64_t cnt = std::min(b.stage, b.src1 - x0);
      loadRow(job.src, plane, h, x0, cnt, stage);
      n.stagedCells += cnt;
      n.atomicCells += cnt;
      const int64_t* src = job.cols.src.data() + x0;
      if constexpr (kFp64<V>) {
        const int64_t srcRow = flat(plane, job.rows.logicalOut(h), 0, job.rows.out, job.cols.out);
        const int64_t dstRow = flat(plane, r, 0, job.rows.in, job.cols.in);
        for (int64_t i = 0; i < cnt; ++i) {
          auto* c = reinterpret_cast<double*>(cell(src[i]));
          if constexpr (kTrace) ctx.recorder->atomicAdd(t.id, c, stage[i], srcRow + x0 + i, dstRow + src[i], code::kAtomicAdd);
          else atomicAddF64(c, stage[i]);
        }
      } else if constexpr (kTrace) {
        const int64_t srcRow = flat(plane, job.rows.logicalOut(h), 0, job.rows.out, job.cols.out);
        const int64_t dstRow = flat(plane, r, 0, job.rows.in, job.cols.in);
        for (int64_t i = 0; i < cnt; ++i) {
          ctx.recorder->atomicAdd(t.id, cell(src[i]), storage, rounding, stage[i], srcRow + x0 + i, dstRow + src[i],
                                  code::kAtomicAdd);
        }
      } else if (storage == ACL_FLOAT && rounding == ACL_FLOAT) {
        for (int64_t i = 0; i < cnt; ++i) atomicAddF32(reinterpret_cast<float*>(cell(src[i])), stage[i]);
      } else {
        for (int64_t i = 0; i < cnt; ++i) atomicAddCell(cell(src[i]), storage, rounding, stage[i]);
      }
    }
  }
}

bool partialRow(const AxisMap& rows, const Tile& t, int64_t r) {
  return rows.first[r] < t.src.row0 || rows.first[r + 1] > t.src.row1;
}

// Untraced, fp32 sums (FLOAT, or FLOAT16 / BF16 rounded once), 2x along W, unit column strides, at most
// kHalvedRowsMax gradOutput rows a gradInput row: each row the tile owns is summed straight from GM into
// GM (halved_row.h), with no stop in UB.
bool halvesRows(const UpsampleJob& job, const ColumnBlock& b, const Tile& t) {
  const aclDataType d = job.dst.dtype;
  if (!(job.cols.factor == 2 && b.span() == 2 * b.width() && b.stage >= b.span() && job.src.dtype == d &&
        (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16) && roundingOf(job) == ACL_FLOAT && job.src.sW == 1 &&
        job.dst.sW == 1 && reinterpret_cast<uintptr_t>(job.src.base) % job.src.elementSize == 0 &&
        reinterpret_cast<uintptr_t>(job.dst.base) % job.dst.elementSize == 0 && hostHalvesRows())) {
    return false;
  }
  for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
    if (job.rows.first[r + 1] - job.rows.first[r] > kHalvedRowsMax) return false;
  }
  return true;
}

void backwardHalvedTile(const UpsampleJob& job, CoreContext& ctx, const Tile& t, const ColumnBlock& b,
                        float* workspace) {
  float* stage = ctx.ubAt<float>(accumulatorBytes(t, job.dst.dtype), static_cast<uint64_t>(b.stage));
  const bool stream = streamOutput(job);
  TileCounters n;
  const float* rows32[kHalvedRowsMax];
  const uint16_t* rows16[kHalvedRowsMax];
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
      const int64_t h0 = std::max(job.rows.first[r], t.src.row0), h1 = std::min(job.rows.first[r + 1], t.src.row1);
      if (partialRow(job.rows, t, r)) {
        atomicRow<false>(job, ctx, t, b, p, r, h0, h1, stage, workspace, n);
        continue;
      }
      std::byte* out = job.dst.address(p, r, b.dst0);
      if (job.dst.dtype == ACL_FLOAT) {
        for (int64_t h = h0; h < h1; ++h) rows32[h - h0] = reinterpret_cast<const float*>(job.src.address(p, h, b.src0));
        writeHalvedRow(reinterpret_cast<float*>(out), rows32, h1 - h0, b.width(), stream);
      } else {
        for (int64_t h = h0; h < h1; ++h) rows16[h - h0] = reinterpret_cast<const uint16_t*>(job.src.address(p, h, b.src0));
        writeHalvedRow16(reinterpret_cast<uint16_t*>(out), rows16, h1 - h0, b.width(), job.dst.dtype == ACL_BF16, stream);
      }
    }
  }
  if (stream) streamFence();
}

template <bool kTrace, typename V>
void backwardMainTile(const UpsampleJob& job, CoreContext& ctx, const Tile& t, float* workspace) {
  const ColumnBlock& b = job.plan->blockAt(t.dst.col0);
  if constexpr (!kTrace && std::is_same_v<V, float>) {
    if (halvesRows(job, b, t)) return backwardHalvedTile(job, ctx, t, b, workspace);
  }
  const int64_t width = b.width();
  const int64_t rowsPerPlane = t.dst.row1 - t.dst.row0;
  V* acc = ctx.ubAt<V>(0, static_cast<uint64_t>(t.dst.cells()));
  V* stage = ctx.ubAt<V>(accumulatorBytes(t, job.dst.dtype), static_cast<uint64_t>(b.stage));
  TileCounters n;
  const aclDataType rounding = roundingOf(job);
  const bool each = kTrace || rounding != ACL_FLOAT;  // one value at a time (addChunkEach)
  // An fp32 row with unit stride needs no cast: the vector unit reads it where the copy-in would have
  // put it, which saves a pass over every gradOutput byte (the op is memory-bound).
  const bool direct = !each && (job.src.dtype == ACL_FLOAT || job.src.dtype == ACL_DOUBLE) && job.src.sW == 1 &&
                      b.stage >= b.span();
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
      V* a = acc + ((p - t.dst.plane0) * rowsPerPlane + (r - t.dst.row0)) * width;
      const int64_t h0 = std::max(job.rows.first[r], t.src.row0);
      const int64_t h1 = std::min(job.rows.first[r + 1], t.src.row1);
      if (partialRow(job.rows, t, r)) {
        atomicRow<kTrace>(job, ctx, t, b, p, r, h0, h1, stage, workspace, n);
        continue;
      }
      // The first gradOutput row starts the sums when it can; otherwise (and for rows nobody maps to) zero.
      const bool start = !each && h0 < h1 && startsRow(job, b);
      if (!start) std::fill(a, a + width, V{0});
      if (direct) {
        for (int64_t h = h0; h < h1; ++h) {
          const V* g = reinterpret_cast<const V*>(job.src.address(p, h, b.src0));
          if (start && h == h0) addChunk<true>(job, b, b.src0, b.span(), g, a);
          else addChunk(job, b, b.src0, b.span(), g, a);
        }
        n.stagedCells += (h1 - h0) * b.span();
        continue;
      }
      for (int64_t h = h0; h < h1; ++h) {
        for (int64_t x0 = b.src0; x0 < b.src1; x0 += b.stage) {
          const int64_t cnt = std::min(b.stage, b.src1 - x0);
          loadRow(job.src, p, h, x0, cnt, stage);
          n.stagedCells += cnt;
          if (each) {
            addChunkEach(job, b, x0, cnt, stage, a, rounding, kTrace ? ctx.recorder : nullptr, t.id, p, h, r);
          } else if (start && h == h0) {
            addChunk<true>(job, b, x0, cnt, stage, a);
          } else {
            addChunk(job, b, x0, cnt, stage, a);
          }
        }
      }
    }
  }
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
      if (partialRow(job.rows, t, r)) continue;
      const V* row = acc + ((p - t.dst.plane0) * rowsPerPlane + (r - t.dst.row0)) * width;
      writeRow(job, p, r, b.dst0, width, row);
      n.storedCells += width;
    }
  }
  if (streamOutput(job)) streamFence();
  if constexpr (kTrace) {
    CoreRecorder& rec = *ctx.recorder;
    rec.event(t.id, EventKind::kCopyIn, n.stagedCells * job.src.elementSize, 0, code::kCopyIn);
    rec.event(t.id, EventKind::kCompute, 0, n.stagedCells + n.storedCells, code::kAdd);
    if (n.storedCells) rec.event(t.id, EventKind::kCopyOut, n.storedCells * job.dst.elementSize, 0, code::kCopyOut);
    if (n.atomicCells) {
      rec.event(t.id, EventKind::kAtomicAdd, n.atomicCells * (viaWorkspace(job) ? kF32 : job.dst.elementSize), 0,
                code::kAtomicAdd);
    }
  }
}

// Shared rows, before the main phase: zero the fp32 cells the atomic adds go into.
void backwardZeroTile(const UpsampleJob& job, CoreContext& ctx, const Tile& t, float* workspace) {
  const int64_t p = t.dst.plane0, r = t.dst.row0, c0 = t.dst.col0, width = t.dst.col1 - t.dst.col0;
  if (!viaWorkspace(job)) {
    zeroRow(job.dst, p, r, c0, width);
  } else {
    const auto& rows = job.plan->sharedRows;
    const int64_t slot = std::lower_bound(rows.begin(), rows.end(), p * job.rows.in + r) - rows.begin();
    std::memset(workspace + slot * job.cols.in + c0, 0, width * kF32);
  }
  if (ctx.traced()) ctx.recorder->event(t.id, EventKind::kCopyOut, t.bytesOut, 0, code::kZero);
}

// Shared rows of fp16/bf16, after the main phase: round the fp32 workspace row into `out` once.
void backwardConvertTile(const UpsampleJob& job, CoreContext& ctx, const Tile& t, const float* workspace) {
  const int64_t p = t.dst.plane0, r = t.dst.row0, c0 = t.dst.col0, width = t.dst.col1 - t.dst.col0;
  const auto& rows = job.plan->sharedRows;
  const int64_t slot = std::lower_bound(rows.begin(), rows.end(), p * job.rows.in + r) - rows.begin();
  float* ub = ctx.ubAt<float>(0, static_cast<uint64_t>(width));
  std::memcpy(ub, workspace + slot * job.cols.in + c0, width * kF32);
  storeRow(job.dst, p, r, c0, width, ub);
  if (ctx.traced()) {
    ctx.recorder->event(t.id, EventKind::kCopyIn, width * kF32, 0, code::kCopyIn);
    ctx.recorder->event(t.id, EventKind::kCompute, 0, width, code::kCompute);
    ctx.recorder->event(t.id, EventKind::kCopyOut, width * job.dst.elementSize, 0, code::kCopyOut);
  }
}

// ---- forward --------------------------------------------------------------------------------------

template <typename V>
void gatherRow(const UpsampleJob& job, const ColumnBlock& b, const V* in, V* out) {
  const int64_t k = job.cols.factor;
  const int64_t width = b.width();
  if (k == 1) {
    std::memcpy(out, in, width * sizeof(V));
  } else if (k == 2 && b.dst0 % 2 == 0) {
    for (int64_t j = 0; j < width / 2; ++j) out[2 * j] = out[2 * j + 1] = in[j];
    if (width % 2) out[width - 1] = in[width / 2];
  } else {
    const int64_t* src = job.cols.src.data() + b.dst0;
    const V* base = in - b.src0;
    for (int64_t j = 0; j < width; ++j) out[j] = base[src[j]];
  }
}

// Untraced, 2x along W, the same bits on both sides (FLOAT, FLOAT16, BF16), unit column strides: each
// output row is written straight from its source row (doubled_row.h), with no stop in UB.
bool doublesRows(const UpsampleJob& job, const ColumnBlock& b) {
  const aclDataType d = job.dst.dtype;
  return job.cols.factor == 2 && b.dst0 % 2 == 0 && job.src.dtype == d &&
         (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16) && job.src.sW == 1 && job.dst.sW == 1 &&
         reinterpret_cast<uintptr_t>(job.dst.base) % job.dst.elementSize == 0 && hostDoublesRows();
}

void forwardDoubledTile(const UpsampleJob& job, const Tile& t, const ColumnBlock& b) {
  const uint16_t quietBit = job.dst.dtype == ACL_BF16 ? kQuietBitBf16 : kQuietBitFloat16;
  const bool stream = streamOutput(job);
  const int64_t es = static_cast<int64_t>(job.dst.elementSize);
  std::byte* copies[kDoubledCopiesMax];
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    std::byte* out = job.dst.address(p, 0, b.dst0);  // the addresses' divisions once a plane, not a row
    const std::byte* in = job.src.address(p, 0, b.src0);
    for (int64_t r = t.dst.row0; r < t.dst.row1;) {
      // The next rows of the same source row with the same alignment go out with this one: each source
      // vector loaded once, and one call for them all.
      const int64_t h = job.rows.src[r];
      int n = 0;
      copies[n++] = out + job.dst.rowOffset(r++) * es;
      while (r < t.dst.row1 && n < kDoubledCopiesMax && job.rows.src[r] == h) {
        std::byte* next = out + job.dst.rowOffset(r) * es;
        if (reinterpret_cast<uintptr_t>(next) % 64 != reinterpret_cast<uintptr_t>(copies[0]) % 64) break;
        copies[n++] = next;
        ++r;
      }
      writeDoubledRows(copies, n, in + job.src.rowOffset(h) * es, b.width(), job.dst.elementSize, quietBit, stream);
    }
  }
  if (stream) streamFence();
}

template <bool kTrace, typename V>
void forwardTile(const UpsampleJob& job, CoreContext& ctx, const Tile& t) {
  const ColumnBlock& b = job.plan->blockAt(t.dst.col0);
  if constexpr (!kTrace && !kFp64<V>) {
    if (doublesRows(job, b)) return forwardDoubledTile(job, t, b);
  }
  const int64_t width = b.width();
  const int64_t rowsPerPlane = t.dst.row1 - t.dst.row0;
  V* outBlock = ctx.ubAt<V>(0, static_cast<uint64_t>(t.dst.cells()));
  V* stage = ctx.ubAt<V>(accumulatorBytes(t, job.dst.dtype), static_cast<uint64_t>(b.span()));
  uint64_t staged = 0;
  // No cast needed: gather straight from GM.
  const bool direct = (job.src.dtype == ACL_FLOAT || job.src.dtype == ACL_DOUBLE) && job.src.sW == 1;
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    int64_t previous = -1;
    V* last = nullptr;  // the UB row gathered from `previous`
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
      V* o = outBlock + ((p - t.dst.plane0) * rowsPerPlane + (r - t.dst.row0)) * width;
      const int64_t h = job.rows.src[r];
      [[maybe_unused]] const int16_t step = h == previous ? code::kRepeatRow : code::kGather;  // the trace's line
      if (h == previous) {
        // Same source row as the row above. Untraced, the copy-out reads that row again instead: the
        // result is the same and the host moves a row less (the op is memory-bound).
        if constexpr (kTrace) std::memcpy(o, last, width * sizeof(V));
        else o = last;
      } else if (direct) {
        gatherRow(job, b, reinterpret_cast<const V*>(job.src.address(p, h, b.src0)), o);
        staged += b.span();
        previous = h;
        last = o;
      } else {
        loadRow(job.src, p, h, b.src0, b.span(), stage);
        staged += b.span();
        gatherRow(job, b, stage, o);
        previous = h;
        last = o;
      }
      if constexpr (kTrace) {
        const int64_t srcRow = flat(p, h, 0, job.rows.in, job.cols.in);
        const int64_t dstRow = flat(p, job.rows.logicalOut(r), 0, job.rows.out, job.cols.out);
        for (int64_t j = 0; j < width; ++j) {
          const float shown = static_cast<float>(o[j]);  // the trace keeps fp32 values for display
          ctx.recorder->move(t.id, srcRow + job.cols.src[b.dst0 + j], dstRow + b.dst0 + j, shown, shown, step);
        }
      }
      // Each row is copied out while it is still in the host's L1 rather than after the whole tile: the
      // same bytes reach GM, once.
      writeRow(job, p, r, b.dst0, width, o);
    }
  }
  if (streamOutput(job)) streamFence();
  if constexpr (kTrace) {
    CoreRecorder& rec = *ctx.recorder;
    const uint64_t cells = static_cast<uint64_t>(t.dst.cells());
    rec.event(t.id, EventKind::kCopyIn, staged * job.src.elementSize, 0, code::kCopyIn);
    rec.event(t.id, EventKind::kCompute, 0, cells, code::kGather);
    rec.event(t.id, EventKind::kCopyOut, cells * job.dst.elementSize, 0, code::kCopyOut);
  }
}

// ---- phases and traces ----------------------------------------------------------------------------

// Zeroes every element of an arbitrary strided view.
void zeroView(const aclTensor& t) {
  if (t.empty()) return;  // its data may be null
  const size_t es = t.elementSize();
  std::byte* base = static_cast<std::byte*>(t.data) + t.offset * static_cast<int64_t>(es);
  const int64_t rank = t.dim();
  std::vector<int64_t> idx(rank, 0);
  for (int64_t i = 0, n = t.numel(); i < n; ++i) {
    int64_t at = 0;
    for (int64_t d = 0; d < rank; ++d) at += idx[d] * t.strides[d];
    std::memset(base + at * static_cast<int64_t>(es), 0, es);
    for (int64_t d = rank; d-- > 0;) {
      if (++idx[d] < t.viewDims[d]) break;
      idx[d] = 0;
    }
  }
}

}  // namespace

rt::TaskResult runBackward(const UpsampleJob& job, std::byte* workspace, Trace* trace) {
  float* ws = reinterpret_cast<float*>(workspace);
  return runPlan(job.plan->plan, trace, [&](const PlanPhase& phase, int32_t) -> PhaseKernel {
    switch (phase.kind) {
      case PhaseKind::kZero:
        return {[&](CoreContext& ctx, const Tile& t) { backwardZeroTile(job, ctx, t, ws); }, {}};
      case PhaseKind::kRound:
        return {[&](CoreContext& ctx, const Tile& t) { backwardConvertTile(job, ctx, t, ws); }, {}};
      default:
        break;
    }
    if (job.dst.dtype == ACL_DOUBLE) {
      return {[&](CoreContext& ctx, const Tile& t) {
                if (ctx.traced()) backwardMainTile<true, double>(job, ctx, t, ws);
                else backwardMainTile<false, double>(job, ctx, t, ws);
              },
              {}};
    }
    return {[&](CoreContext& ctx, const Tile& t) {
              if (ctx.traced()) backwardMainTile<true, float>(job, ctx, t, ws);
              else backwardMainTile<false, float>(job, ctx, t, ws);
            },
            {}};
  });
}

rt::TaskResult runForward(const UpsampleJob& job, Trace* trace) {
  return runPlan(job.plan->plan, trace, [&](const PlanPhase&, int32_t) -> PhaseKernel {
    if (job.dst.dtype == ACL_DOUBLE) {
      return {[&](CoreContext& ctx, const Tile& t) {
                if (ctx.traced()) forwardTile<true, double>(job, ctx, t);
                else forwardTile<false, double>(job, ctx, t);
              },
              {}};
    }
    return {[&](CoreContext& ctx, const Tile& t) {
              if (ctx.traced()) forwardTile<true, float>(job, ctx, t);
              else forwardTile<false, float>(job, ctx, t);
            },
            {}};
  });
}

rt::TaskResult runZeroOut(const aclTensor& out, const UpsamplePlan& plan, Trace* trace) {
  const bool planar = out.dim() == 4;
  const PlaneTensor pt = planar ? planeTensor4d(out) : PlaneTensor{};
  return runPlan(plan.plan, trace, [&](const PlanPhase&, int32_t) -> PhaseKernel {
    return {[&](CoreContext& ctx, const Tile& t) {
              if (!planar) {
                zeroView(out);
              } else {
                for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
                  for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) zeroRow(pt, p, r, t.dst.col0, t.dst.col1 - t.dst.col0);
                }
              }
              if (ctx.traced()) {
                ctx.recorder->event(t.id, EventKind::kCopyOut, t.dst.cells() * out.elementSize(), 0, code::kZero);
              }
            },
            {}};
  });
}

rt::TaskResult runNothing(const UpsamplePlan& plan, Trace* trace) {
  return runPlan(plan.plan, trace, [](const PlanPhase&, int32_t) -> PhaseKernel {
    return {[](CoreContext&, const Tile&) {}, {}};
  });
}

}  // namespace gradlab::ops::nearest
