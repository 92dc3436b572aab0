// Independent naive reference of the nearest upsample ops (nearest-exact and legacy nearest), written from
// PyTorch's CPU code without sharing code with the library: plain loops over the tensor in row-major order.
#pragma once

#include <span>
#include <cstdint>
#include <vector>

#include "gradlab/ops.h"

namespace gradlab::reference {

// PyTorch's nearest_neighbor_exact_compute_source_index with compute_scales_value<float>.
int64_t nearestExactSource(int64_t dstIndex, int64_t inSize, int64_t outSize, double scale);
// PyTorch's nearest_idx: o when the sizes are equal, o >> 1 when out is twice in, else
// nearest_neighbor_compute_source_index (floorf(o * scale) in float).
int64_t nearestSource(int64_t dstIndex, int64_t inSize, int64_t outSize, double scale);
int64_t sourceOf(IndexRule rule, int64_t dstIndex, int64_t inSize, int64_t outSize, double scale);

// One call's `shape`: gradInput / self is [N, C, in...], gradOutput / out [N, C, out...] over the spatial axes
// D, H and W (gradlab/extents.h: a 1-D call has D = H = 1, a 2-D call D = 1; a scale of 0 means from the sizes);
// `rule` is kNearestExact or kNearest.
//
// gradInput[n,c,src(d),src(h),src(w)] += gradOutput[n,c,d,h,w], visiting gradOutput in row-major order,
// accumulating in fp32 (bit-exact target of the deterministic mode); with `rounding` FLOAT16 / BF16 every
// sum is rounded to it right after its add (accumulate=dtype).
std::vector<float> upsampleBackward(const Extents& shape, IndexRule rule, std::span<const float> gradOutput,
                                    aclDataType rounding = ACL_FLOAT);
// The same sums in double (tolerance target of the default, atomic mode).
std::vector<double> upsampleBackwardDouble(const Extents& shape, IndexRule rule, std::span<const float> gradOutput);
// Per gradInput cell: how many gradOutput cells map to it, and the sum of their magnitudes.
std::vector<uint32_t> upsampleBackwardCounts(const Extents& shape, IndexRule rule);
std::vector<double> upsampleBackwardAbsSums(const Extents& shape, IndexRule rule, std::span<const float> gradOutput);

// out[n,c,d,h,w] = self[n,c,src(d),src(h),src(w)].
std::vector<float> upsampleForward(const Extents& shape, IndexRule rule, std::span<const float> self);

}  // namespace gradlab::reference
