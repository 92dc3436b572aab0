// What every nearest upsample operator (nearest-exact and legacy nearest) does once its own checks passed:
// build the axis maps with its index rule, plan, and publish an executor whose launch runs the plan.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "gradlab/ops.h"
#include "ops/common/plan_context.h"
#include "ops/common/strategy_choice.h"
#include "ops/common/strategy_engine.h"

namespace gradlab::ops::nearest {

// `src` is gradOutput (backward) or self (forward), `dst` gradInput or out; `g` the validated call (a 1-D call's
// axis is kW).
aclnnStatus publishBackward(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g,
                            const PlanContext& ctx, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus publishForward(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g,
                           const PlanContext& ctx, uint64_t* workspaceSize, aclOpExecutor** executor);
// A backward strategy's planner and launch: publishes the executor of a call that chose it.
struct BackwardEngine : StrategyEngine {
  aclnnStatus (*publish)(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                         const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor);
};
// The three backward strategies' (strategies.cpp gives each its own).
aclnnStatus publishScatter(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                           const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus publishGather(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                          const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus publishSimt(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                        const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus publishCube(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                        const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor);

// An empty 2-D backward: no workspace, an executor that zeroes `dst` (when it has cells).
aclnnStatus publishZeroOut(OpKind op, const aclTensor& src, const aclTensor& dst, const PlanContext& ctx,
                           uint64_t* workspaceSize, aclOpExecutor** executor);
// A call with nothing to do (an empty 2-D forward, an empty 3-D batch): no workspace, an executor that reads and
// writes nothing.
aclnnStatus publishNothing(OpKind op, const aclTensor& src, const aclTensor& dst, const PlanContext& ctx,
                           const char* why, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace gradlab::ops::nearest
