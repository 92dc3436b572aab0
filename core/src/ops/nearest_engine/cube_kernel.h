// The kernels of the cube strategy (cube_plan.h): cast, select, the two matmul passes, round.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>

#include "gradlab/trace.h"
#include "ops/common/plane_tensor.h"
#include "ops/nearest_engine/axis_map.h"
#include "ops/nearest_engine/cube_plan.h"
#include "runtime/stream.h"

namespace gradlab::ops::nearest {

struct CubeJob {
  CubeJob(PlaneTensor s, PlaneTensor d, std::shared_ptr<const AxisMap> r, std::shared_ptr<const AxisMap> c)
      : src(s), dst(d), rowsMap(std::move(r)), colsMap(std::move(c)), rows(*rowsMap), cols(*colsMap) {}
  PlaneTensor src, dst;  // gradOutput, gradInput
  std::shared_ptr<const AxisMap> rowsMap, colsMap;
  const AxisMap& rows;
  const AxisMap& cols;
  std::shared_ptr<const CubeUpsamplePlan> plan;
};

rt::TaskResult runCube(const CubeJob& job, std::byte* workspace, Trace* trace);

}  // namespace gradlab::ops::nearest
