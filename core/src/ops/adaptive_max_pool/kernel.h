// The per-core kernels of the adaptive max pool ops and the launch sequence around them.
#pragma once

#include <memory>

#include "ops/adaptive_max_pool/tiling.h"
#include "ops/common/plane_tensor.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::adaptive {

struct BackwardTensors {
  PlaneTensor gradOutput, indices, gradInput;
  std::shared_ptr<const void> rowTables;  // what the planes' row offsets point into (a 3-D call's), if anything
};

// Runs the plan's phases: zero the shared planes, compute (checking every index as it is read), round the shared
// planes. An index outside its plane fails the launch with 507015 naming the earliest such cell, and every
// gradInput cell then holds a quiet NaN (the cores had written some planes before the failure was known).
rt::TaskResult runBackward(const BackwardTiling& tiling, const BackwardTensors& tensors, const rt::LaunchArgs& args,
                           const char* api);

struct ForwardTensors {
  PlaneTensor self, out, indices;
  std::shared_ptr<const void> rowTables;
};

rt::TaskResult runForward(const ForwardTiling& tiling, const ForwardTensors& tensors, const rt::LaunchArgs& args);

}  // namespace gradlab::ops::adaptive
