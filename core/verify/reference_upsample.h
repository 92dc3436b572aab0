// Independent naive reference of the nearest upsample ops (nearest-exact and legacy nearest), written from
// PyTorch's CPU code without sharing code with the library: plain loops over the tensor in row-major order.
#pragma once

#include <span>
#include <cstdint>
#include <vector>

#include "gradlab/ops.h"

namespace gradlab::reference {

// One call: gradInput / self is [N, C, inH, inW]; gradOutput / out is [N, C, outH, outW].
// 1-D ops use inH = outH = 1 and scaleH = 0.
struct UpsampleShape {
  int64_t N = 1, C = 1;
  int64_t inH = 1, inW = 1;
  int64_t outH = 1, outW = 1;
  double scaleH = 0.0, scaleW = 0.0;  // output/input factors as PyTorch's scale_factor; 0 = from the sizes
  IndexRule rule = IndexRule::kNearestExact;  // kNearestExact or kNearest

  int64_t inCells() const { return N * C * inH * inW; }
  int64_t outCells() const { return N * C * outH * outW; }
};

// PyTorch's nearest_neighbor_exact_compute_source_index with compute_scales_value<float>.
int64_t nearestExactSource(int64_t dstIndex, int64_t inSize, int64_t outSize, double scale);
// PyTorch's nearest_idx: o when the sizes are equal, o >> 1 when out is twice in, else
// nearest_neighbor_compute_source_index (floorf(o * scale) in float).
int64_t nearestSource(int64_t dstIndex, int64_t inSize, int64_t outSize, double scale);
int64_t sourceOf(IndexRule rule, int64_t dstIndex, int64_t inSize, int64_t outSize, double scale);

// gradInput[n,c,src(h),src(w)] += gradOutput[n,c,h,w], visiting gradOutput in row-major order,
// accumulating in fp32 (bit-exact target of the deterministic mode); with `rounding` FLOAT16 / BF16 every
// sum is rounded to it right after its add (accumulate=dtype).
std::vector<float> upsampleBackward(const UpsampleShape& shape, std::span<const float> gradOutput,
                                    aclDataType rounding = ACL_FLOAT);
// The same sums in double (tolerance target of the default, atomic mode).
std::vector<double> upsampleBackwardDouble(const UpsampleShape& shape, std::span<const float> gradOutput);
// Per gradInput cell: how many gradOutput cells map to it, and the sum of their magnitudes.
std::vector<int64_t> upsampleBackwardCounts(const UpsampleShape& shape);
std::vector<double> upsampleBackwardAbsSums(const UpsampleShape& shape, std::span<const float> gradOutput);

// out[n,c,h,w] = self[n,c,src(h),src(w)].
std::vector<float> upsampleForward(const UpsampleShape& shape, std::span<const float> self);

}  // namespace gradlab::reference
