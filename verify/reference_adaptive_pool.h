// Independent naive reference of adaptive max pool 2-D and 3-D, written from the formulas with plain loops and
// no code shared with the library. Tensors are row-major host vectors over planes (n*C + c) x D x H x W; a
// call's sizes are its Extents (gradlab/extents.h): D x H x W = in pooled to Do x Ho x Wo = out (a 2-D call
// has D = Do = 1).
#pragma once

#include <span>
#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/extents.h"

namespace gradlab::reference {

struct PoolForward {
  std::vector<float> out;        // planes x Do x Ho x Wo
  std::vector<int64_t> indices;  // (d * H + h) * W + w of the max inside its plane
};

// Max over each window [floor(a*I/O), ceil((a+1)*I/O)) per axis, scanned row-major (d, h, w): the first of
// equal maxima wins, a NaN beats everything and a later NaN replaces an earlier one.
PoolForward adaptiveMaxPool(std::span<const float> self, const Extents& d);

// gradInput[p, indices[p, o]] += gradOutput[p, o] in row-major order of o, fp32 sums.
// Indices must lie in [0, D*H*W).
// `rounding` FLOAT16 / BF16: every sum rounded to it right after its add (accumulate=dtype).
std::vector<float> adaptiveMaxPoolBackward(std::span<const float> gradOutput, std::span<const int64_t> indices,
                                           const Extents& d, aclDataType rounding = ACL_FLOAT);

// The same sums in double, plus per cell the number of terms and the sum of |terms| (what the tolerance
// rule of gradlab/verify.h takes).
struct PoolBackwardDouble {
  std::vector<double> gradInput;
  std::vector<double> absSum;
  std::vector<uint32_t> terms;  // a cell has at most its plane's gradOutput cells as terms
};
PoolBackwardDouble adaptiveMaxPoolBackwardDouble(std::span<const float> gradOutput, std::span<const int64_t> indices,
                                                 const Extents& d);

// The first flat gradOutput position whose index is outside [0, D*H*W), or -1.
int64_t firstIndexOutsidePlane(std::span<const int64_t> indices, const Extents& d);

}  // namespace gradlab::reference
