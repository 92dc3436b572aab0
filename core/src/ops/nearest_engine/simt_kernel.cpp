#include "ops/nearest_engine/simt_kernel.h"

#include <algorithm>
#include <vector>

#include "ops/common/kernel_code.h"
#include "ops/common/tile_runner.h"

namespace gradlab::ops::nearest {
namespace {

// The host keeps a core's sums and staged gradOutput in its UB (the 950's data cache lives there): half of it
// for each, as fp32.
int64_t halfUbCells(const CoreContext& ctx) { return std::max<int64_t>(1, static_cast<int64_t>(ctx.ubBytes / 2 / sizeof(float))); }

int64_t flatCell(int64_t plane, int64_t h, int64_t w, int64_t H, int64_t W) { return (plane * H + h) * W + w; }

// Schedule 0: DataCopyPad in and out, the bits unchanged (a -0.0 stays -0.0, where a sum from 0 would not).
void copyTile(const SimtJob& job, CoreContext& ctx, const Tile& t) {
  const int64_t cap = 2 * halfUbCells(ctx);
  float* row = ctx.ubAt<float>(0, static_cast<uint64_t>(cap));
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
      for (int64_t c = t.dst.col0; c < t.dst.col1; c += cap) {
        const int64_t width = std::min(cap, t.dst.col1 - c);
        loadRow(job.src, p, r, c, width, row);
        storeRow(job.dst, p, r, c, width, row);
        if (ctx.traced()) {
          const int64_t at = flatCell(p, r, c, job.dst.H, job.dst.W);
          for (int64_t j = 0; j < width; ++j) ctx.recorder->move(t.id, at + j, at + j, row[j], row[j], code::kCopyOut);
        }
      }
    }
  }
  if (ctx.traced()) {
    ctx.recorder->event(t.id, EventKind::kCopyIn, t.bytesIn, 0, code::kCopyIn);
    ctx.recorder->event(t.id, EventKind::kCopyOut, t.bytesOut, 0, code::kCopyOut);
  }
}

// Schedules 1-3: one gradInput row piece at a time. Every cell's sum adds its window's rows top to bottom
// and each row left to right, as its thread does, so visiting the window row by row for the whole piece
// gives each cell the same sequence of adds.
template <bool kTrace>
void gatherTile(const SimtJob& job, CoreContext& ctx, const Tile& t) {
  const SimtPlan& sp = *job.plan;
  const std::vector<int64_t>& rows = sp.rowEdges;
  const std::vector<int64_t>& cols = sp.colEdges;
  const int64_t cap = halfUbCells(ctx);
  float* acc = ctx.ubAt<float>(0, static_cast<uint64_t>(cap));
  float* piece = ctx.ubAt<float>(static_cast<uint64_t>(cap) * sizeof(float), static_cast<uint64_t>(cap));
  uint64_t terms = 0;
  for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
    for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
      const int64_t dstRow = flatCell(p, r, 0, job.dst.H, job.dst.W);
      for (int64_t c0 = t.dst.col0; c0 < t.dst.col1; c0 += cap) {
        const int64_t width = std::min(cap, t.dst.col1 - c0);
        std::fill(acc, acc + width, 0.0f);
        for (int64_t h = rows[r]; h < rows[r + 1]; ++h) {
          const int64_t srcRow = flatCell(p, h, 0, job.src.H, job.src.W);
          // The windows' columns in pieces of at most `cap`, left to right: each cell takes its part of a piece.
          for (int64_t a = cols[c0], end = cols[c0 + width]; a < end; a += cap) {
            const int64_t n = std::min(cap, end - a);
            loadRow(job.src, p, h, a, n, piece);
            terms += static_cast<uint64_t>(n);
            // The cells whose windows meet [a, a + n): cols is monotone.
            const int64_t j0 = std::upper_bound(cols.begin() + c0, cols.begin() + c0 + width, a) - cols.begin() - 1 - c0;
            for (int64_t j = std::max<int64_t>(j0, 0); j < width && cols[c0 + j] < a + n; ++j) {
              const int64_t w0 = std::max(cols[c0 + j], a), w1 = std::min(cols[c0 + j + 1], a + n);
              float sum = acc[j];
              for (int64_t w = w0; w < w1; ++w) {
                sum += piece[w - a];
                if constexpr (kTrace) ctx.recorder->move(t.id, srcRow + w, dstRow + c0 + j, piece[w - a], sum, code::kSimtLoad);
              }
              acc[j] = sum;
            }
          }
        }
        storeRow(job.dst, p, r, c0, width, acc);
      }
    }
  }
  if constexpr (kTrace) {
    CoreRecorder& rec = *ctx.recorder;
    rec.event(t.id, EventKind::kCopyIn, terms * job.src.elementSize, 0, code::kSimtLoad);
    rec.event(t.id, EventKind::kCompute, 0, terms + static_cast<uint64_t>(t.dst.cells()), code::kSimtLoad);
    rec.event(t.id, EventKind::kCopyOut, static_cast<uint64_t>(t.dst.cells()) * job.dst.elementSize, 0, code::kSimtStore);
  }
}

}  // namespace

rt::TaskResult runSimt(const SimtJob& job, Trace* trace) {
  const bool copies = job.plan->tiling.schId == 0;
  return runPlan(job.plan->plan, trace, [&](const PlanPhase&, int32_t) -> PhaseKernel {
    return {[&job, copies](CoreContext& ctx, const Tile& t) {
              if (copies) copyTile(job, ctx, t);
              else if (ctx.traced()) gatherTile<true>(job, ctx, t);
              else gatherTile<false>(job, ctx, t);
            },
            {}};
  });
}

}  // namespace gradlab::ops::nearest
