#include "ops/nearest_upsample/launch.h"

#include <memory>
#include <utility>

#include "ops/common/op_support.h"
#include "ops/nearest_upsample/axis_map_cache.h"
#include "ops/nearest_upsample/kernel.h"
#include "ops/nearest_upsample/tiling.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::nearest {
namespace {

std::unique_ptr<aclOpExecutor> newExecutor(OpKind op, std::shared_ptr<const UpsamplePlan> plan,
                                           std::vector<std::pair<std::string, aclTensor>> tensors) {
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = opInfo(op).aclnnName();
  exec->workspaceSize = plan->plan.workspaceBytes;
  exec->tensors = std::move(tensors);
  exec->plan = std::shared_ptr<const Plan>(plan, &plan->plan);
  return exec;
}

bool twoD(OpKind op) { return opInfo(op).spatialRank == 2; }

std::shared_ptr<UpsampleJob> makeJob(OpKind op, const aclTensor& src, const aclTensor& dst, const Geometry& g) {
  const IndexRule rule = opInfo(op).rule;
  const int rank = opInfo(op).spatialRank;
  return std::make_shared<UpsampleJob>(planeTensorOf(src, rank), planeTensorOf(dst, rank),
                                       sharedAxisMap(rule, g.inH, g.outH, g.scaleH),
                                       sharedAxisMap(rule, g.inW, g.outW, g.scaleW));
}

std::vector<int64_t> shapeOf(OpKind op, const Geometry& g, int64_t H, int64_t W) {
  return twoD(op) ? std::vector<int64_t>{g.N, g.C, H, W} : std::vector<int64_t>{g.N, g.C, W};
}

const char* argumentOf(OpKind op, bool dst) {
  const OpInfo& info = opInfo(op);
  return dst ? info.dst().argument : info.src().argument;
}

std::shared_ptr<const UpsamplePlan> scheduled(UpsamplePlan plan, const PlanContext& ctx) {
  applySchedule(plan.plan, ctx);
  return std::make_shared<const UpsamplePlan>(std::move(plan));
}

}  // namespace

aclnnStatus publishBackward(OpKind op, const aclTensor& src, const aclTensor& dst, const Geometry& g,
                            const PlanContext& ctx, uint64_t* workspaceSize, aclOpExecutor** executor) {
  std::shared_ptr<UpsampleJob> job = makeJob(op, src, dst, g);
  auto plan = scheduled(planBackward(op, g.N * g.C, job->rows, job->cols, src.dtype, ctx.deterministic, ctx.profile,
                                     shapeOf(op, g, g.outH, g.outW), shapeOf(op, g, g.inH, g.inW), ctx.accumulate),
                        ctx);
  job->plan = plan;
  auto exec = newExecutor(op, plan, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  exec->run = [job](const rt::LaunchArgs& args) { return runBackward(*job, args.workspace, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishForward(OpKind op, const aclTensor& src, const aclTensor& dst, const Geometry& g,
                           const PlanContext& ctx, uint64_t* workspaceSize, aclOpExecutor** executor) {
  std::shared_ptr<UpsampleJob> job = makeJob(op, src, dst, g);
  auto plan = std::make_shared<const UpsamplePlan>(planForward(op, g.N * g.C, job->rows, job->cols, src.dtype,
                                                               ctx.profile, shapeOf(op, g, g.inH, g.inW),
                                                               shapeOf(op, g, g.outH, g.outW)));
  job->plan = plan;
  auto exec = newExecutor(op, plan, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  exec->run = [job](const rt::LaunchArgs& args) { return runForward(*job, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishZeroOut(OpKind op, const aclTensor& src, const aclTensor& dst, const PlanContext& ctx,
                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto plan = scheduled(planZeroOut(op, src.viewDims, dst.viewDims, dst.dtype, ctx.deterministic, ctx.profile), ctx);
  auto exec = newExecutor(op, plan, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  exec->run = [plan, dst](const rt::LaunchArgs& args) { return runZeroOut(dst, *plan, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishNothing(OpKind op, const aclTensor& src, const aclTensor& dst, const PlanContext& ctx,
                           const char* why, uint64_t* workspaceSize, aclOpExecutor** executor) {
  auto plan = std::make_shared<const UpsamplePlan>(planNothing(op, src.viewDims, dst.viewDims, dst.dtype, ctx.profile, why));
  auto exec = newExecutor(op, plan, {{argumentOf(op, false), src}, {argumentOf(op, true), dst}});
  exec->run = [plan](const rt::LaunchArgs& args) { return runNothing(*plan, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

}  // namespace gradlab::ops::nearest
