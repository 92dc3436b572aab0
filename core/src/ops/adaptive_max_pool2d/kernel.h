// The per-core kernels of the adaptive max pool ops and the launch sequence around them.
#pragma once

#include "ops/adaptive_max_pool2d/tiling.h"
#include "ops/common/plane_tensor.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::adaptive {

struct BackwardTensors {
  PlaneTensor gradOutput, indices, gradInput;
};

// Validates every index first (a bad one fails the launch with 507015 naming the cell, before anything
// is written), then runs the plan's tiles (plus, in default mode, the zeroing and rounding passes).
rt::TaskResult runBackward(const BackwardTiling& tiling, const BackwardTensors& tensors, const rt::LaunchArgs& args,
                           const char* api);

struct ForwardTensors {
  PlaneTensor self, out, indices;
};

rt::TaskResult runForward(const ForwardTiling& tiling, const ForwardTensors& tensors, const rt::LaunchArgs& args);

}  // namespace gradlab::ops::adaptive
