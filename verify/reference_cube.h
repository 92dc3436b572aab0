// Independent reference of the cube strategy's arithmetic: its two matrix products computed densely and
// naively, with the selection matrices built from the reference's own index map.
#pragma once

#include <span>
#include <vector>

#include "gradlab/plan.h"
#include "verify/reference_upsample.h"

namespace gradlab::reference {

// For every matmul tile of `plan`, the dense product of the tile's window (its src box) of gradOutput (W
// pass) or of T (H pass) with the 0/1 selection matrix: each output cell adds every product of its window
// in K order, starting from +0, so a zero entry times an infinity or NaN makes NaN, as on the cube. Returns
// gradInput's fp32 sums (before any rounding to FLOAT16 / BF16).
std::vector<float> cubeBackward(const Extents& shape, IndexRule rule, std::span<const float> gradOutput, const Plan& plan);

}  // namespace gradlab::reference
