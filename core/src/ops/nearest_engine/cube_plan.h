// The cube strategy of the nearest upsample backwards (CANN's UpsampleNearestExact2dGrad on Atlas A2): the
// backward as two matrix products against 0/1 selection matrices, on the cube cores.
//
//   W pass  T = gradOutput x A_W      [planes*Ho x Wo] x [Wo x Wi]   A_W[w][j] = 1 when src_W(w) = j
//   H pass  gradInput = A_H^T x T     per plane [Hi x Ho] x [Ho x Wi] A_H^T[i][h] = 1 when src_H(h) = i
//
// Each pass cuts its output into slides of `slide` gradInput columns (W) or rows (H), CANN's slide size
// for the call's largest scale (64 up to 5x, 48 up to 8x, 32 up to 20x, else 16); a slide multiplies the
// window of K gradOutput columns / rows it reads (ceil(slide x scale) + 4, CANN's singleCoreK, widened to
// the span when a scale disagrees with the sizes). Slides go to the cube cores as CANN's tiling deals them:
// each core an equal run of slides over every row (W) or plane (H), the leftover slides each to a group of
// cores that splits the rows or planes. A pass whose map is the identity (out == in, no scale) is skipped,
// as CANN skips a scale of 1 (one pass always runs).
//
// Phases: [cast gradOutput to fp32] (FLOAT16/BF16: CANN's Cast kernel before), select (the vector cores
// write every slide's selection matrix into the workspace), matmul W, matmul H, [round into gradInput once]
// (CANN's Cast kernel after). A cube tile is one block of output rows x columns with its whole K, cut so
// that its operands fit L0A, L0B and L0C (half of each when they can: ping-pong).
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "ops/nearest_engine/axis_map.h"

namespace gradlab::ops::nearest {

// One slide: the gradInput columns (W pass) or rows (H pass) [d0, d1) it produces, and the window
// [k0, k0 + k) of gradOutput columns / rows its selection matrix reads.
struct Slide {
  int64_t d0 = 0, d1 = 0;
  int64_t k0 = 0, k = 0;
  int64_t width() const { return d1 - d0; }
};

struct CubePass {
  bool run = false;
  bool columns = true;         // the W pass (slides of gradInput columns); false: the H pass (rows)
  int64_t slide = 0;           // CANN's slide size
  std::vector<Slide> slides;
  int64_t kMax = 0;            // the widest window: the selection matrices' K extent in the workspace
  int32_t matrices = -1;       // Plan::buffers index of the selection matrices
  int32_t phase = -1;          // its matmul phase
  int64_t blockM = 16, blockK = 8, blockN = 16;  // the L0 blocks every tile is cut to
  // The selection operand stays in L1 across a core's tiles of one slide: only the first loads it from GM.
  bool residentSelection = false;
  // The slide of a matmul tile of this pass (by its dst columns or rows), or of a select tile (its plane).
  int64_t slideOf(const Tile& tile) const {
    if (tile.dstBuffer == matrices) return tile.dst.plane0;
    return (columns ? tile.dst.col0 : tile.dst.row0) / slide;
  }
};

struct CubeUpsamplePlan {
  Plan plan;
  CubePass w, h;
  // Workspace buffers (Plan::buffers indices; -1 when not needed): gradOutput widened to fp32, the
  // intermediate T, gradInput's fp32 sums before they are rounded.
  int32_t castIn = -1, mid = -1, castOut = -1;
  std::vector<uint64_t> offsets;  // bytes into the workspace, per Plan::buffers entry
  int32_t selectPhase = -1;
};

// `planes` = N*C; rows/cols map gradOutput (out side) onto gradInput (in side); scaleH/scaleW as the call
// passed them.
CubeUpsamplePlan planCube(OpKind op, int64_t N, int64_t C, const AxisMap& rows, const AxisMap& cols, double scaleH,
                          double scaleW, aclDataType dtype, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                          std::vector<int64_t> dstShape);

}  // namespace gradlab::ops::nearest
