// The kernels of CANN's UpsampleNearestExact2dGrad on the Ascend 950 (simt_tiling.h): the data copy of
// schedule 0 and the SIMT gather of schedules 1-3, run on the emulated vector cores a tile (one core's run of
// cells) at a time. Within a tile the cells are independent: each is one thread's sum, so the order the host
// visits them in changes nothing.
#pragma once

#include <memory>

#include "gradlab/trace.h"
#include "ops/common/plane_tensor.h"
#include "ops/nearest_engine/simt_tiling.h"
#include "runtime/stream.h"

namespace gradlab::ops::nearest {

struct SimtJob {
  PlaneTensor src, dst;  // gradOutput, gradInput (a 1-D call's planes have one row)
  std::shared_ptr<const SimtPlan> plan;
};

rt::TaskResult runSimt(const SimtJob& job, Trace* trace);

}  // namespace gradlab::ops::nearest
