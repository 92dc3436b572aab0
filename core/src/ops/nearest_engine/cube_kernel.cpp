#include "ops/nearest_engine/cube_kernel.h"

#include <algorithm>
#include <cstring>

#include "ops/common/cube_unit.h"
#include "ops/common/kernel_code.h"
#include "ops/common/tile_runner.h"
#include "ops/nearest_engine/tiling.h"

namespace gradlab::ops::nearest {
namespace {


// The plan's workspace buffers as fp32 arrays (nullptr where the plan has none).
struct Buffers {
  float* castIn = nullptr;     // [planes][Ho][Wo]
  float* mid = nullptr;        // [planes][Ho][Wi]
  float* castOut = nullptr;    // [planes][Hi][Wi]
  float* wMatrices = nullptr;  // [slides][kMax][slide]
  float* hMatrices = nullptr;  // [slides][slide][kMax]
};

Buffers buffersOf(const CubeUpsamplePlan& cp, std::byte* workspace) {
  auto at = [&](int32_t i) -> float* {
    return i < 0 ? nullptr : reinterpret_cast<float*>(workspace + cp.offsets[static_cast<size_t>(i)]);
  };
  return {at(cp.castIn), at(cp.mid), at(cp.castOut), at(cp.w.matrices), at(cp.h.matrices)};
}

// A cube core's L1, L0A, L0B and L0C, laid out one after another in its lane buffer.
struct CubeMemory {
  float *l1, *l0a, *l0b, *l0c;
};

CubeMemory cubeMemory(const CoreContext& ctx, const DeviceProfile& p) {
  return {ctx.ubAt<float>(0, p.l1Bytes / kF32), ctx.ubAt<float>(p.l1Bytes, p.l0aBytes / kF32),
          ctx.ubAt<float>(p.l1Bytes + p.l0aBytes, p.l0bBytes / kF32),
          ctx.ubAt<float>(p.l1Bytes + p.l0aBytes + p.l0bBytes, p.l0cBytes / kF32)};
}

struct CubeCounters {
  uint64_t in = 0, l0 = 0, macs = 0, out = 0;
};

void recordCube(CoreContext& ctx, const Tile& t, const CubeCounters& n) {
  CoreRecorder& rec = *ctx.recorder;
  rec.event(t.id, EventKind::kCopyIn, n.in, 0, code::kL1);
  rec.event(t.id, EventKind::kLoadL0, n.l0, 0, code::kL0);
  rec.event(t.id, EventKind::kMatmul, 0, n.macs, code::kMmad);
  rec.event(t.id, EventKind::kFixPipe, n.out, 0, code::kFixpipe);
}

// Whether this tile is the first of its core's run over one slide: a resident selection is loaded then.
bool firstOfSlide(const Plan& plan, const CubePass& pass, const Tile& t) {
  if (t.order == 0 || t.id == 0) return true;
  const Tile& prev = plan.tiles[static_cast<size_t>(t.id) - 1];
  return prev.core != t.core || prev.phase != t.phase || pass.slideOf(prev) != pass.slideOf(t);
}

// ---- vector phases --------------------------------------------------------------------------------

void castTile(const CubeJob& job, const Buffers& b, CoreContext& ctx, const Tile& t) {
  const int64_t Ho = job.rows.out, Wo = job.cols.out, width = t.src.col1 - t.src.col0;
  const uint64_t cells = static_cast<uint64_t>(t.src.cells());
  float* ub = ctx.ubAt<float>(alignUb(cells * job.src.elementSize), cells);  // after the dtype copy-in
  int64_t i = 0;
  for (int64_t p = t.src.plane0; p < t.src.plane1; ++p) {
    for (int64_t r = t.src.row0; r < t.src.row1; ++r, ++i) loadRow(job.src, p, r, t.src.col0, width, ub + i * width);
  }
  i = 0;
  for (int64_t p = t.src.plane0; p < t.src.plane1; ++p) {
    for (int64_t r = t.src.row0; r < t.src.row1; ++r, ++i) {
      std::memcpy(b.castIn + (p * Ho + r) * Wo + t.src.col0, ub + i * width, static_cast<size_t>(width) * kF32);
    }
  }
  if (ctx.traced()) {
    ctx.recorder->event(t.id, EventKind::kCopyIn, cells * job.src.elementSize, 0, code::kCopyIn);
    ctx.recorder->event(t.id, EventKind::kCompute, 0, cells, code::kCompute);
    ctx.recorder->event(t.id, EventKind::kCopyOut, cells * kF32, 0, code::kCopyOut);
  }
}

// One slide's selection matrix: zeros with a 1 where a gradOutput column (W) or row (H) feeds a gradInput
// one, built in UB a piece at a time and copied into the workspace.
void selectTile(const CubeJob& job, const Buffers& b, CoreContext& ctx, const Tile& t) {
  const CubeUpsamplePlan& cp = *job.plan;
  const bool w = t.dstBuffer == cp.w.matrices;
  const CubePass& pass = w ? cp.w : cp.h;
  const AxisMap& map = w ? job.cols : job.rows;
  const int64_t s = t.dst.plane0;
  const Slide& sl = pass.slides[static_cast<size_t>(s)];
  const int64_t matRows = t.dst.row1, matCols = t.dst.col1, stride = w ? pass.slide : pass.kMax;
  float* gm = (w ? b.wMatrices : b.hMatrices) + s * pass.kMax * pass.slide;
  const int64_t cap = std::max<int64_t>(1, static_cast<int64_t>(t.ubBytes / kF32));
  float* ub = ctx.ubAt<float>(0, static_cast<uint64_t>(cap));
  for (int64_t r = 0; r < matRows; ++r) {
    for (int64_t c0 = 0; c0 < matCols; c0 += cap) {
      const int64_t n = std::min(cap, matCols - c0);
      std::fill(ub, ub + n, 0.0f);
      if (w) {  // row r is gradOutput column k0 + r; column j is gradInput column d0 + j
        const int64_t j = map.src[static_cast<size_t>(sl.k0 + r)] - sl.d0;
        if (j >= c0 && j < c0 + n) ub[j - c0] = 1.0f;
      } else {  // row r is gradInput row d0 + r; column k is gradOutput row k0 + k
        const int64_t i = sl.d0 + r;
        const int64_t k0 = std::max(c0, map.first[static_cast<size_t>(i)] - sl.k0);
        const int64_t k1 = std::min(c0 + n, map.first[static_cast<size_t>(i) + 1] - sl.k0);
        for (int64_t k = k0; k < k1; ++k) ub[k - c0] = 1.0f;
      }
      std::memcpy(gm + r * stride + c0, ub, static_cast<size_t>(n) * kF32);
    }
  }
  if (ctx.traced()) {
    const uint64_t cells = static_cast<uint64_t>(matRows * matCols);
    ctx.recorder->event(t.id, EventKind::kCompute, 0, cells, code::kCompute);
    ctx.recorder->event(t.id, EventKind::kCopyOut, cells * kF32, 0, code::kCopyOut);
  }
}

void roundTile(const CubeJob& job, const Buffers& b, CoreContext& ctx, const Tile& t) {
  const int64_t Hi = job.rows.in, Wi = job.cols.in, width = t.dst.col1 - t.dst.col0;
  const uint64_t cells = static_cast<uint64_t>(t.dst.cells());
  float* ub = ctx.ubAt<float>(0, cells);
  int64_t i = 0;
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r, ++i) {
      float* row = ub + i * width;
      std::memcpy(row, b.castOut + (p * Hi + r) * Wi + t.dst.col0, static_cast<size_t>(width) * kF32);
      storeRow(job.dst, p, r, t.dst.col0, width, row);
    }
  }
  if (ctx.traced()) {
    ctx.recorder->event(t.id, EventKind::kCopyIn, cells * kF32, 0, code::kCopyIn);
    ctx.recorder->event(t.id, EventKind::kCompute, 0, cells, code::kCompute);
    ctx.recorder->event(t.id, EventKind::kCopyOut, cells * job.dst.elementSize, 0, code::kCopyOut);
  }
}

// ---- the cube passes ------------------------------------------------------------------------------

// W pass: the tile's gradOutput rows (M of them) x the slide's window of K columns, times the slide's A_W
// block (K x n), into T (or gradInput when there is no H pass).
template <bool kTrace>
void matmulWTile(const CubeJob& job, const Buffers& b, CoreContext& ctx, const Tile& t) {
  const CubeUpsamplePlan& cp = *job.plan;
  const CubePass& pass = cp.w;
  const int64_t Ho = job.rows.out, Wo = job.cols.out, Hi = job.rows.in, Wi = job.cols.in;
  const Slide& sl = pass.slides[static_cast<size_t>(pass.slideOf(t))];
  const int64_t K = sl.k, n = t.dst.col1 - t.dst.col0, jo = t.dst.col0 - sl.d0;
  const int64_t rowsPerPlane = t.dst.row1 - t.dst.row0, M = (t.dst.plane1 - t.dst.plane0) * rowsPerPlane;
  auto planeOf = [&](int64_t m) { return t.dst.plane0 + m / rowsPerPlane; };
  auto rowOf = [&](int64_t m) { return t.dst.row0 + m % rowsPerPlane; };
  const CubeMemory mem = cubeMemory(ctx, cp.plan.profile);
  float* l1A = mem.l1;
  float* l1B = mem.l1 + pass.blockM * pass.blockK;
  const float* matrix = b.wMatrices + pass.slideOf(t) * pass.kMax * pass.slide;
  const bool resident = pass.residentSelection;
  const Hop hop = cp.mid >= 0 ? Hop::kIntoIntermediate : Hop::kDirect;
  CubeCounters cnt;
  std::fill(mem.l0c, mem.l0c + M * n, 0.0f);
  if (resident && firstOfSlide(cp.plan, pass, t)) {  // the slide's whole A_W block stays in L1
    for (int64_t k = 0; k < K; ++k) std::memcpy(l1B + k * n, matrix + k * pass.slide + jo, static_cast<size_t>(n) * kF32);
    cnt.in += static_cast<uint64_t>(K * n) * kF32;
  }
  for (int64_t kc0 = 0; kc0 < K; kc0 += pass.blockK) {
    const int64_t kc = std::min(pass.blockK, K - kc0);
    for (int64_t m = 0; m < M; ++m) {  // MTE2: the gradOutput block into L1
      const int64_t col = sl.k0 + kc0;
      if (b.castIn) {
        std::memcpy(l1A + m * kc, b.castIn + (planeOf(m) * Ho + rowOf(m)) * Wo + col, static_cast<size_t>(kc) * kF32);
      } else {
        loadRow(job.src, planeOf(m), rowOf(m), col, kc, l1A + m * kc);
      }
    }
    cnt.in += static_cast<uint64_t>(M * kc) * kF32;
    const float* bBlock = l1B + kc0 * n;
    if (!resident) {
      for (int64_t k = 0; k < kc; ++k) {
        std::memcpy(l1B + k * n, matrix + (kc0 + k) * pass.slide + jo, static_cast<size_t>(n) * kF32);
      }
      cnt.in += static_cast<uint64_t>(kc * n) * kF32;
      bBlock = l1B;
    }
    std::memcpy(mem.l0a, l1A, static_cast<size_t>(M * kc) * kF32);  // MTE1
    std::memcpy(mem.l0b, bBlock, static_cast<size_t>(kc * n) * kF32);
    cnt.l0 += static_cast<uint64_t>(M * kc + kc * n) * kF32;
    cube::mmadBySelection<kTrace>(mem.l0a, mem.l0b, mem.l0c, {M, kc, n, kc, n, n},
                                  [&](int64_t m, int64_t k, int64_t j, float value, float weight, float after) {
                                    const int64_t p = planeOf(m), r = rowOf(m), col = t.dst.col0 + j;
                                    const int64_t src = (p * Ho + r) * Wo + sl.k0 + kc0 + k;
                                    const int64_t dst = hop == Hop::kIntoIntermediate ? (p * Ho + r) * Wi + col
                                                                                      : (p * Hi + r) * Wi + col;
                                    ctx.recorder->move(t.id, src, dst, value, after, code::kMmad, hop, weight);
                                  });
    cnt.macs += cube::fractalMacs(M, kc, n, true);
  }
  for (int64_t m = 0; m < M; ++m) {  // FixPipe: L0C into GM
    const float* row = mem.l0c + m * n;
    const int64_t p = planeOf(m), r = rowOf(m);
    if (b.mid) std::memcpy(b.mid + (p * Ho + r) * Wi + t.dst.col0, row, static_cast<size_t>(n) * kF32);
    else if (b.castOut) std::memcpy(b.castOut + (p * Hi + r) * Wi + t.dst.col0, row, static_cast<size_t>(n) * kF32);
    else storeRow(job.dst, p, r, t.dst.col0, n, row);
  }
  cnt.out = static_cast<uint64_t>(M * n) * kF32;
  if constexpr (kTrace) recordCube(ctx, t, cnt);
}

// H pass: the slide's A_H^T block (m x K) times the plane's window of K rows of T (or gradOutput when there is
// no W pass), n columns of it, into gradInput.
template <bool kTrace>
void matmulHTile(const CubeJob& job, const Buffers& b, CoreContext& ctx, const Tile& t) {
  const CubeUpsamplePlan& cp = *job.plan;
  const CubePass& pass = cp.h;
  const int64_t Ho = job.rows.out, Wo = job.cols.out, Hi = job.rows.in, Wi = job.cols.in;
  const Slide& sl = pass.slides[static_cast<size_t>(pass.slideOf(t))];
  const int64_t p = t.dst.plane0, i0 = t.dst.row0, M = t.dst.row1 - i0, c0 = t.dst.col0, n = t.dst.col1 - c0;
  const int64_t K = sl.k, io = i0 - sl.d0;
  const CubeMemory mem = cubeMemory(ctx, cp.plan.profile);
  float* l1B = mem.l1;
  float* l1A = mem.l1 + pass.blockK * pass.blockN;
  const float* matrix = b.hMatrices + pass.slideOf(t) * pass.slide * pass.kMax;
  const bool resident = pass.residentSelection;
  const Hop hop = b.mid ? Hop::kOutOfIntermediate : Hop::kDirect;
  CubeCounters cnt;
  std::fill(mem.l0c, mem.l0c + M * n, 0.0f);
  if (resident && firstOfSlide(cp.plan, pass, t)) {  // the slide's rows of A_H^T stay in L1, K wide
    for (int64_t i = 0; i < M; ++i) std::memcpy(l1A + i * K, matrix + (io + i) * pass.kMax, static_cast<size_t>(K) * kF32);
    cnt.in += static_cast<uint64_t>(M * K) * kF32;
  }
  for (int64_t kc0 = 0; kc0 < K; kc0 += pass.blockK) {
    const int64_t kc = std::min(pass.blockK, K - kc0);
    for (int64_t k = 0; k < kc; ++k) {  // MTE2: the data block into L1
      const int64_t h = sl.k0 + kc0 + k;
      float* row = l1B + k * n;
      if (b.mid) std::memcpy(row, b.mid + (p * Ho + h) * Wi + c0, static_cast<size_t>(n) * kF32);
      else if (b.castIn) std::memcpy(row, b.castIn + (p * Ho + h) * Wo + c0, static_cast<size_t>(n) * kF32);
      else loadRow(job.src, p, h, c0, n, row);
    }
    cnt.in += static_cast<uint64_t>(kc * n) * kF32;
    if (resident) {
      for (int64_t i = 0; i < M; ++i) std::memcpy(mem.l0a + i * kc, l1A + i * K + kc0, static_cast<size_t>(kc) * kF32);
    } else {
      for (int64_t i = 0; i < M; ++i) {
        std::memcpy(l1A + i * kc, matrix + (io + i) * pass.kMax + kc0, static_cast<size_t>(kc) * kF32);
      }
      cnt.in += static_cast<uint64_t>(M * kc) * kF32;
      std::memcpy(mem.l0a, l1A, static_cast<size_t>(M * kc) * kF32);
    }
    std::memcpy(mem.l0b, l1B, static_cast<size_t>(kc * n) * kF32);  // MTE1
    cnt.l0 += static_cast<uint64_t>(M * kc + kc * n) * kF32;
    cube::mmadSelectionBy<kTrace>(mem.l0a, mem.l0b, mem.l0c, {M, kc, n, kc, n, n},
                                  [&](int64_t i, int64_t k, int64_t j, float value, float weight, float after) {
                                    const int64_t h = sl.k0 + kc0 + k, col = c0 + j;
                                    const int64_t src = b.mid ? (p * Ho + h) * Wi + col : (p * Ho + h) * Wo + col;
                                    ctx.recorder->move(t.id, src, (p * Hi + i0 + i) * Wi + col, value, after, code::kMmad,
                                                       hop, weight);
                                  });
    cnt.macs += cube::fractalMacs(M, kc, n, true);
  }
  for (int64_t i = 0; i < M; ++i) {  // FixPipe
    const float* row = mem.l0c + i * n;
    if (b.castOut) std::memcpy(b.castOut + (p * Hi + i0 + i) * Wi + c0, row, static_cast<size_t>(n) * kF32);
    else storeRow(job.dst, p, i0 + i, c0, n, row);
  }
  cnt.out = static_cast<uint64_t>(M * n) * kF32;
  if constexpr (kTrace) recordCube(ctx, t, cnt);
}

}  // namespace

rt::TaskResult runCube(const CubeJob& job, std::byte* workspace, Trace* trace) {
  const Buffers b = buffersOf(*job.plan, workspace);
  return runPlan(job.plan->plan, trace, [&](const PlanPhase& phase, int32_t index) -> PhaseKernel {
    switch (phase.kind) {
      case PhaseKind::kCast: return {[&](CoreContext& ctx, const Tile& t) { castTile(job, b, ctx, t); }, {}};
      case PhaseKind::kSelect: return {[&](CoreContext& ctx, const Tile& t) { selectTile(job, b, ctx, t); }, {}};
      case PhaseKind::kRound: return {[&](CoreContext& ctx, const Tile& t) { roundTile(job, b, ctx, t); }, {}};
      default: break;
    }
    if (index == job.plan->w.phase) {
      return {[&](CoreContext& ctx, const Tile& t) {
                if (ctx.traced()) matmulWTile<true>(job, b, ctx, t);
                else matmulWTile<false>(job, b, ctx, t);
              },
              {}};
    }
    return {[&](CoreContext& ctx, const Tile& t) {
              if (ctx.traced()) matmulHTile<true>(job, b, ctx, t);
              else matmulHTile<false>(job, b, ctx, t);
            },
            {}};
  });
}

}  // namespace gradlab::ops::nearest
