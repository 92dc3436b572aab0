// The aclnn entry points of the upsample-nearest-exact family: check, plan, publish an executor whose
// run executes the plan on the emulated cores.
#include <memory>
#include <utility>

#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "gradlab/profile.h"
#include "ops/common/op_support.h"
#include "ops/upsample_nearest_exact/axis_map_cache.h"
#include "ops/upsample_nearest_exact/check.h"
#include "ops/upsample_nearest_exact/kernel.h"
#include "ops/upsample_nearest_exact/tiling.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::upsample {
namespace {

constexpr const char* kBackward2dLaunch = "aclnnUpsampleNearestExact2dBackward";
constexpr const char* kBackward1dLaunch = "aclnnUpsampleNearestExact1dBackward";
constexpr const char* kForward2dLaunch = "aclnnUpsampleNearestExact2d";
constexpr const char* kForward1dLaunch = "aclnnUpsampleNearestExact1d";

std::unique_ptr<aclOpExecutor> newExecutor(const char* launchApi, std::shared_ptr<const UpsamplePlan> plan,
                                           std::vector<std::pair<std::string, aclTensor>> tensors) {
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = launchApi;
  exec->workspaceSize = plan->plan.workspaceBytes;
  exec->tensors = std::move(tensors);
  exec->plan = std::shared_ptr<const Plan>(plan, &plan->plan);
  return exec;
}

std::shared_ptr<UpsampleJob> makeJob(bool twoD, const aclTensor& src, const aclTensor& dst, const Geometry& g) {
  return std::make_shared<UpsampleJob>(twoD ? planeTensor4d(src) : planeTensorNcl(src),
                                       twoD ? planeTensor4d(dst) : planeTensorNcl(dst),
                                       sharedAxisMap(g.inH, g.outH, g.scaleH), sharedAxisMap(g.inW, g.outW, g.scaleW));
}

std::vector<int64_t> shapeOf(bool twoD, const Geometry& g, int64_t H, int64_t W) {
  return twoD ? std::vector<int64_t>{g.N, g.C, H, W} : std::vector<int64_t>{g.N, g.C, W};
}

aclnnStatus publishBackward(bool twoD, const aclTensor& gradOutput, const aclTensor& out, const Geometry& g,
                            uint64_t* workspaceSize, aclOpExecutor** executor) {
  std::shared_ptr<UpsampleJob> job = makeJob(twoD, gradOutput, out, g);
  const OpKind op = twoD ? OpKind::kUpsampleNearestExact2dBackward : OpKind::kUpsampleNearestExact1dBackward;
  auto plan = std::make_shared<const UpsamplePlan>(
      planBackward(op, g.N * g.C, job->rows, job->cols, gradOutput.dtype, currentDeterministic(), activeProfile(),
                   shapeOf(twoD, g, g.outH, g.outW), shapeOf(twoD, g, g.inH, g.inW)));
  job->plan = plan;
  auto exec =
      newExecutor(twoD ? kBackward2dLaunch : kBackward1dLaunch, plan, {{"gradOutput", gradOutput}, {"out", out}});
  exec->run = [job](const rt::LaunchArgs& args) { return runBackward(*job, args.workspace, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus publishForward(bool twoD, const aclTensor& self, const aclTensor& out, const Geometry& g,
                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  std::shared_ptr<UpsampleJob> job = makeJob(twoD, self, out, g);
  const OpKind op = twoD ? OpKind::kUpsampleNearestExact2d : OpKind::kUpsampleNearestExact1d;
  auto plan = std::make_shared<const UpsamplePlan>(planForward(op, g.N * g.C, job->rows, job->cols, self.dtype,
                                                               activeProfile(), shapeOf(twoD, g, g.inH, g.inW),
                                                               shapeOf(twoD, g, g.outH, g.outW)));
  job->plan = plan;
  auto exec = newExecutor(twoD ? kForward2dLaunch : kForward1dLaunch, plan, {{"self", self}, {"out", out}});
  exec->run = [job](const rt::LaunchArgs& args) { return runForward(*job, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

// Empty 2-D backward: success, no workspace, an executor that zeroes `out` (when it has cells).
aclnnStatus publishZeroOut(const aclTensor& gradOutput, const aclTensor& out, uint64_t* workspaceSize,
                           aclOpExecutor** executor) {
  auto plan = std::make_shared<const UpsamplePlan>(
      planZeroOut(gradOutput.viewDims, out.viewDims, out.dtype, currentDeterministic(), activeProfile()));
  auto exec = newExecutor(kBackward2dLaunch, plan, {{"gradOutput", gradOutput}, {"out", out}});
  exec->run = [plan, out](const rt::LaunchArgs& args) { return runZeroOut(out, *plan, args.trace); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

}  // namespace
}  // namespace gradlab::ops::upsample

using namespace gradlab::ops::upsample;

extern "C" {

aclnnStatus aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                const aclIntArray* outputSize,
                                                                const aclIntArray* inputSize, double scalesH,
                                                                double scalesW, aclTensor* out, uint64_t* workspaceSize,
                                                                aclOpExecutor** executor) {
  Geometry g;
  bool empty = false;
  aclnnStatus status =
      checkBackward2d(gradOutput, outputSize, inputSize, scalesH, scalesW, out, workspaceSize, executor, &g, &empty);
  if (status != ACLNN_SUCCESS) return status;
  if (empty) return publishZeroOut(*gradOutput, *out, workspaceSize, executor);
  return publishBackward(true, *gradOutput, *out, g, workspaceSize, executor);
}

aclnnStatus aclnnUpsampleNearestExact2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream) {
  return gradlab::rt::launchExecutor(kBackward2dLaunch, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                const aclIntArray* outputSize,
                                                                const aclIntArray* inputSize, double scales,
                                                                aclTensor* out, uint64_t* workspaceSize,
                                                                aclOpExecutor** executor) {
  Geometry g;
  aclnnStatus status = checkBackward1d(gradOutput, outputSize, inputSize, scales, out, workspaceSize, executor, &g);
  if (status != ACLNN_SUCCESS) return status;
  return publishBackward(false, *gradOutput, *out, g, workspaceSize, executor);
}

aclnnStatus aclnnUpsampleNearestExact1dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream) {
  return gradlab::rt::launchExecutor(kBackward1dLaunch, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                        double scalesH, double scalesW, aclTensor* out,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  Geometry g;
  aclnnStatus status = checkForward2d(self, outputSize, scalesH, scalesW, out, workspaceSize, executor, &g);
  if (status != ACLNN_SUCCESS) return status;
  return publishForward(true, *self, *out, g, workspaceSize, executor);
}

aclnnStatus aclnnUpsampleNearestExact2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream) {
  return gradlab::rt::launchExecutor(kForward2dLaunch, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                        double scales, aclTensor* out, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor) {
  Geometry g;
  aclnnStatus status = checkForward1d(self, outputSize, scales, out, workspaceSize, executor, &g);
  if (status != ACLNN_SUCCESS) return status;
  return publishForward(false, *self, *out, g, workspaceSize, executor);
}

aclnnStatus aclnnUpsampleNearestExact1d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream) {
  return gradlab::rt::launchExecutor(kForward1dLaunch, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
