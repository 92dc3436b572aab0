#include "ops/nearest_engine/launch.h"

#include <memory>
#include <utility>

#include "ops/common/op_support.h"
#include "ops/common/strategy_choice.h"
#include "ops/common/strategy_engine.h"
#include "ops/nearest_engine/axis_map_cache.h"
#include "ops/nearest_engine/cube_kernel.h"
#include "ops/nearest_engine/kernel.h"
#include "ops/nearest_engine/simt_kernel.h"
#include "ops/nearest_engine/strategies.h"
#include "ops/nearest_engine/tiling.h"
#include "runtime/executor_registry.h"
#include "runtime/prose.h"

namespace gradlab::ops::nearest {
namespace {

std::unique_ptr<aclOpExecutor> newExecutor(OpKind op, std::vector<std::pair<std::string, aclTensor>> tensors) {
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = opInfo(op).aclnnName();
  exec->tensors = std::move(tensors);
  return exec;
}

std::shared_ptr<UpsampleJob> makeJob(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g) {
  const OpInfo& info = opInfo(op);
  auto cols = sharedAxisMap(info.rule, g.in[kW], g.out[kW], g.scales[kW]);
  auto rows = sharedAxisMap(info.rule, g.in[kH], g.out[kH], g.scales[kH]);
  if (info.spatialRank < 3) {
    return std::make_shared<UpsampleJob>(planeTensorOf(src, info.spatialRank), planeTensorOf(dst, info.spatialRank),
                                         std::move(rows), std::move(cols));
  }
  // A 3-D call's (D, H) rows are one axis; the out side's rows come in the order they map to the in side.
  auto depthRows = std::make_shared<const AxisMap>(
      depthRowsMap(*sharedAxisMap(info.rule, g.in[kD], g.out[kD], g.scales[kD]), *rows));
  auto job = std::make_shared<UpsampleJob>(PlaneTensor{}, PlaneTensor{}, depthRows, std::move(cols));
  const std::vector<int64_t> inOrder;
  job->src = planeTensorDepthRows(src, info.backward ? depthRows->outRow : inOrder, &job->srcRowOffsets);
  job->dst = planeTensorDepthRows(dst, info.backward ? inOrder : depthRows->outRow, &job->dstRowOffsets);
  return job;
}

const char* argumentOf(OpKind op, bool dst) {
  const OpInfo& info = opInfo(op);
  return dst ? info.dst().argument : info.src().argument;
}

template <typename PlanT>
std::shared_ptr<const PlanT> scheduled(PlanT plan, const PlanContext& ctx, const StrategyChoice& choice) {
  plan.plan.deterministic = ctx.deterministic;
  stampStrategy(plan.plan, choice);
  applySchedule(plan.plan, ctx);
  return std::make_shared<const PlanT>(std::move(plan));
}

std::string checkApi(OpKind op) { return opInfo(op).aclnnName() + "GetWorkspaceSize"; }

aclnnStatus chooseBackward(OpKind op, aclDataType dtype, const Extents& g, const PlanContext& ctx, StrategyChoice* choice) {
  return chooseStrategy(checkApi(op).c_str(), op, dtype, g, ctx, ctx.deterministic ? kGather : kScatter, choice);
}

// The vector strategies: gradOutput rows split over the vector cores (scatter), or gradInput rows owned by one
// (gather).
aclnnStatus publishRows(bool gather, OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g,
                        const PlanContext& ctx, const StrategyChoice& choice, uint64_t* workspaceSize,
                        aclOpExecutor** executor) {
  std::shared_ptr<UpsampleJob> job = makeJob(op, src, dst, g);
  auto exec = newExecutor(op, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  job->plan = planExecutor(*exec, [gather, op, g, ctx, choice, dtype = src.dtype, rows = job->rowsMap, cols = job->colsMap] {
    return scheduled(planBackward(op, g.planes(), *rows, *cols, dtype, gather, ctx.profile,
                                  g.shape(Side::kOut, opInfo(op).spatialRank), g.shape(Side::kIn, opInfo(op).spatialRank), ctx.accumulate),
                     ctx, describedChoice(choice, [&](StrategyChoice* c) { return chooseBackward(op, dtype, g, ctx, c); }));
  });
  exec->run = [job](const rt::LaunchArgs& args) { return runBackward(*job, args.workspace, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

}  // namespace

aclnnStatus publishScatter(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                           const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return publishRows(false, op, src, dst, g, ctx, choice, workspaceSize, executor);
}

aclnnStatus publishGather(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                          const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return publishRows(true, op, src, dst, g, ctx, choice, workspaceSize, executor);
}

aclnnStatus publishCube(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                        const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const IndexRule rule = opInfo(op).rule;
  auto job = std::make_shared<CubeJob>(planeTensorOf(src, opInfo(op).spatialRank), planeTensorOf(dst, opInfo(op).spatialRank),
                                       sharedAxisMap(rule, g.in[kH], g.out[kH], g.scales[kH]),
                                       sharedAxisMap(rule, g.in[kW], g.out[kW], g.scales[kW]));
  auto exec = newExecutor(op, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  job->plan = planExecutor(*exec, [op, g, ctx, choice, dtype = src.dtype, rows = job->rowsMap, cols = job->colsMap] {
    return scheduled(planCube(op, g.N, g.C, *rows, *cols, g.scales[kH], g.scales[kW], dtype, ctx.profile,
                              g.shape(Side::kOut, opInfo(op).spatialRank), g.shape(Side::kIn, opInfo(op).spatialRank)),
                     ctx, describedChoice(choice, [&](StrategyChoice* c) { return chooseBackward(op, dtype, g, ctx, c); }));
  });
  GRADLAB_RETURN_IF_ERROR(workspaceCheck(checkApi(op).c_str(), exec->workspaceSize,
                                         "the cube strategy's selection matrices and intermediate product"));
  exec->run = [job](const rt::LaunchArgs& args) { return runCube(*job, args.workspace, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishSimt(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g, const PlanContext& ctx,
                        const StrategyChoice& choice, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const int rank = opInfo(op).spatialRank;
  auto job = std::make_shared<SimtJob>();
  job->src = planeTensorOf(src, rank);
  job->dst = planeTensorOf(dst, rank);
  auto exec = newExecutor(op, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  job->plan = planExecutor(*exec, [op, g, ctx, choice, rank, dtype = src.dtype] {
    SimtPlan planned = planSimt(op, simtCallOf(dtype, g, rank), ctx.profile, g.shape(Side::kOut, rank), g.shape(Side::kIn, rank));
    planned.plan.deterministic = ctx.deterministic;
    stampStrategy(planned.plan, describedChoice(choice, [&](StrategyChoice* c) { return chooseBackward(op, dtype, g, ctx, c); }));
    return std::make_shared<const SimtPlan>(std::move(planned));
  });
  GRADLAB_RETURN_IF_ERROR(workspaceCheck(checkApi(op).c_str(), exec->workspaceSize, "CANN's system workspace on the 950"));
  exec->run = [job](const rt::LaunchArgs& args) { return runSimt(*job, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishBackward(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g,
                            const PlanContext& ctx, uint64_t* workspaceSize, aclOpExecutor** executor) {
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(chooseBackward(op, src.dtype, g, ctx, &choice));
  return engineOf<BackwardEngine>(*choice.info).publish(op, src, dst, g, ctx, choice, workspaceSize, executor);
}

aclnnStatus publishForward(OpKind op, const aclTensor& src, const aclTensor& dst, const Extents& g,
                           const PlanContext& ctx, uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto choose = [op, ctx, g, dtype = src.dtype](StrategyChoice* c) {
    return chooseStrategy(checkApi(op).c_str(), op, dtype, g, ctx, kGather, c);
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  std::shared_ptr<UpsampleJob> job = makeJob(op, src, dst, g);
  auto exec = newExecutor(op, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  job->plan = planExecutor(*exec, [op, g, ctx, choice, choose, dtype = src.dtype, rows = job->rowsMap, cols = job->colsMap] {
    UpsamplePlan planned = planForward(op, g.planes(), *rows, *cols, dtype, ctx.profile, g.shape(Side::kIn, opInfo(op).spatialRank),
                                       g.shape(Side::kOut, opInfo(op).spatialRank));
    stampStrategy(planned.plan, describedChoice(choice, choose));
    return std::make_shared<const UpsamplePlan>(std::move(planned));
  });
  exec->run = [job](const rt::LaunchArgs& args) { return runForward(*job, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishZeroOut(OpKind op, const aclTensor& src, const aclTensor& dst, const PlanContext& ctx,
                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto choose = [op, ctx, dtype = dst.dtype](StrategyChoice* c) {
    GRADLAB_RETURN_IF_ERROR(chooseBackward(op, dtype, Extents{}, ctx, c));
    c->note = c->note.empty() ? rt::planProse("gradOutput is empty: every strategy only zeroes out")
                              : rt::planProse("{0}; gradOutput is empty: every strategy only zeroes out", c->note);
    return ACLNN_SUCCESS;
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  auto exec = newExecutor(op, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  auto plan = planExecutor(*exec, [op, ctx, choice, choose, srcDims = src.viewDims, dstDims = dst.viewDims, dtype = dst.dtype] {
    return scheduled(planZeroOut(op, srcDims, dstDims, dtype, ctx.deterministic, ctx.profile), ctx,
                     describedChoice(choice, choose));
  });
  exec->run = [plan, dst](const rt::LaunchArgs& args) { return runZeroOut(dst, *plan, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishNothing(OpKind op, const aclTensor& src, const aclTensor& dst, const PlanContext& ctx,
                           const char* why, uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto choose = [op, ctx, dtype = src.dtype](StrategyChoice* c) {
    if (opInfo(op).backward) return chooseBackward(op, dtype, Extents{}, ctx, c);
    return chooseStrategy(checkApi(op).c_str(), op, dtype, Extents{}, ctx, kGather, c);
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  auto exec = newExecutor(op, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  auto plan = planExecutor(*exec, [op, ctx, choice, choose, why, srcDims = src.viewDims, dstDims = dst.viewDims,
                                   dtype = dst.dtype] {
    UpsamplePlan planned = planNothing(op, srcDims, dstDims, dtype, ctx.profile, why);
    stampStrategy(planned.plan, describedChoice(choice, choose));
    return std::make_shared<const UpsamplePlan>(std::move(planned));
  });
  exec->run = [plan](const rt::LaunchArgs& args) { return runNothing(*plan, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

}  // namespace gradlab::ops::nearest
