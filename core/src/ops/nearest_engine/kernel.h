// Per-core kernels of the nearest upsample ops on the emulated device, and the launch bodies that run a
// plan's phases through the one launch path (tile_runner.h). Everything a kernel needs (tensors, per-axis index maps, column blocks)
// is built once by GetWorkspaceSize; tiles only index into it and stage data in the core's UB.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "gradlab/trace.h"
#include "ops/common/plane_tensor.h"
#include "ops/nearest_engine/axis_map.h"
#include "ops/nearest_engine/tiling.h"
#include "runtime/stream.h"
#include "runtime/tensor.h"

namespace gradlab::ops::nearest {

// One call of a backward or forward op. `src` is the tensor tiles read (gradOutput / self), `dst` the
// one they write (out). rows/cols map the out-side axis (gradOutput / out) onto the in side.
// The axis maps are shared with other calls of the same shape (axis_map_cache.h).
struct UpsampleJob {
  UpsampleJob(PlaneTensor s, PlaneTensor d, std::shared_ptr<const AxisMap> r, std::shared_ptr<const AxisMap> c)
      : src(s), dst(d), rowsMap(std::move(r)), colsMap(std::move(c)), rows(*rowsMap), cols(*colsMap) {}
  PlaneTensor src, dst;
  std::vector<int64_t> srcRowOffsets, dstRowOffsets;  // a 3-D call's (PlaneTensor::rowOffsets)
  std::shared_ptr<const AxisMap> rowsMap, colsMap;
  const AxisMap& rows;
  const AxisMap& cols;
  std::shared_ptr<const UpsamplePlan> plan;
};

// Runs a backward call's phases (zero shared rows, main, convert) on the emulated cores.
rt::TaskResult runBackward(const UpsampleJob& job, std::byte* workspace, Trace* trace);
rt::TaskResult runForward(const UpsampleJob& job, Trace* trace);
// Empty 2-D backward: zeroes `out` (any rank; rows of a 4-D view are spread over the cores).
rt::TaskResult runZeroOut(const aclTensor& out, const UpsamplePlan& plan, Trace* trace);
// A plan without tiles: only the launch (and its trace events, when traced).
rt::TaskResult runNothing(const UpsamplePlan& plan, Trace* trace);

}  // namespace gradlab::ops::nearest
