// The per-core kernels of the adaptive max pool ops and the launch sequence around them.
#pragma once

#include "ops/adaptive_max_pool2d/tiling.h"
#include "ops/common/plane_tensor.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::adaptive {

struct BackwardTensors {
  PlaneTensor gradOutput, indices, gradInput;
};

// Runs the plan's phases: check every index (a bad one fails the launch with 507015 naming the cell, before
// anything is written), zero the shared planes, compute, round the shared planes.
rt::TaskResult runBackward(const BackwardTiling& tiling, const BackwardTensors& tensors, const rt::LaunchArgs& args,
                           const char* api);

struct ForwardTensors {
  PlaneTensor self, out, indices;
};

rt::TaskResult runForward(const ForwardTiling& tiling, const ForwardTensors& tensors, const rt::LaunchArgs& args);

}  // namespace gradlab::ops::adaptive
