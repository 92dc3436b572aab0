// The geometry of one adaptive max pool call: N*C planes of H x W input cells pooled to Ho x Wo.
#pragma once

#include <cstdint>
#include <vector>

struct aclTensor;

namespace gradlab::ops::adaptive {

struct PoolShape {
  bool unbatched = false;  // 3-D tensors (C, H, W): N = 1
  int64_t N = 1, C = 1, H = 1, W = 1;
  int64_t Ho = 1, Wo = 1;

  int64_t planes() const { return N * C; }
  int64_t inPlaneCells() const { return H * W; }
  int64_t outPlaneCells() const { return Ho * Wo; }
  std::vector<int64_t> inShape() const;   // [N, C, H, W] or [C, H, W]
  std::vector<int64_t> outShape() const;  // [N, C, Ho, Wo] or [C, Ho, Wo]
};

// `input` is self / gradInput (3-D or 4-D, already checked), `output` is out / gradOutput. With
// `channelsLast`, 4-D views are (N, H, W, C), as the forward reads NHWC tensors; otherwise (N, C, H, W).
PoolShape poolShape(const aclTensor& input, const aclTensor& output, bool channelsLast = false);

// True for the forward's NHWC tensors: a 4-D view labelled ACL_FORMAT_NHWC is (N, H, W, C).
bool channelsLastView(const aclTensor& t);

}  // namespace gradlab::ops::adaptive
