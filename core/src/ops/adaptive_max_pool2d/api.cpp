// The aclnn entry points of aclnnAdaptiveMaxPool2dBackward and aclnnAdaptiveMaxPool2d: null checks, the
// SPEC checks, view sizes and output overlap, device memory, then a tiling plan and an executor whose run
// is the kernel launch.
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "gradlab/profile.h"
#include "ops/adaptive_max_pool2d/check.h"
#include "ops/adaptive_max_pool2d/kernel.h"
#include "ops/adaptive_max_pool2d/tiling.h"
#include "ops/common/op_support.h"
#include "ops/common/plane_tensor.h"
#include "runtime/error.h"

namespace gradlab::ops::adaptive {
namespace {

constexpr const char* kBackwardApi = "aclnnAdaptiveMaxPool2dBackward";
constexpr const char* kBackwardCheckApi = "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize";
constexpr const char* kForwardApi = "aclnnAdaptiveMaxPool2d";
constexpr const char* kForwardCheckApi = "aclnnAdaptiveMaxPool2dGetWorkspaceSize";

// The smallest UB the tilings can use: one staged cell of every buffer, 64-byte aligned.
constexpr uint64_t kMinUbBytes = 256;

PlaneTensor planes(const aclTensor& t, bool unbatched) { return unbatched ? planeTensorChw(t) : planeTensor4d(t); }

// True when every plane of `t` is one dense run of H*W elements and no two planes overlap, so the kernels
// may use a plane as a flat accumulator indexed by h*W + w.
bool denseDisjointPlanes(const PlaneTensor& t) {
  if ((t.W != 1 && t.sW != 1) || (t.H != 1 && t.sH != t.W)) return false;
  std::vector<std::pair<int64_t, int64_t>> outer;  // (stride, size) of N and C when they have more than one plane
  if (t.N > 1) outer.emplace_back(t.sN, t.N);
  if (t.C > 1) outer.emplace_back(t.sC, t.C);
  std::sort(outer.begin(), outer.end());
  int64_t extent = t.H * t.W;
  for (const auto& [stride, size] : outer) {
    if (stride < extent) return false;
    extent = stride * (size - 1) + extent;
  }
  return true;
}

// The most workspace the backward can ask for: fp32 accumulators for every gradInput cell (used unless
// gradInput is dense fp32). Checked before planning; sizeCheck already bounds the element count.
uint64_t workspaceBound(const aclTensor& gradInput) { return static_cast<uint64_t>(gradInput.numel()) * 4; }

aclnnStatus profileCheck(const char* api, const DeviceProfile& profile) {
  if (profile.ubBytes >= kMinUbBytes && profile.vectorCores >= 1) return ACLNN_SUCCESS;
  return rt::fail(ACLNN_ERR_INNER, rt::cat(api, ": device profile ", profile.name, " has ", profile.vectorCores,
                                           " vector cores and ", profile.ubBytes, " bytes of UB, but the tiling needs",
                                           " at least 1 core and ", kMinUbBytes, " bytes"));
}

}  // namespace
}  // namespace gradlab::ops::adaptive

using namespace gradlab;
using namespace gradlab::ops::adaptive;

extern "C" {

aclnnStatus aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           const aclTensor* indices, aclTensor* gradInput,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  aclnnStatus s = ops::nullCheck(kBackwardCheckApi, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices},
                                                     {"gradInput", gradInput}, {"workspaceSize", workspaceSize},
                                                     {"executor", executor}});
  if (s != ACLNN_SUCCESS) return s;
  if ((s = checkBackward(kBackwardCheckApi, *gradOutput, *self, *indices, *gradInput))) return s;
  if ((s = ops::sizeCheck(kBackwardCheckApi, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices},
                                              {"gradInput", gradInput}})) ||
      (s = ops::outputOverlapCheck(kBackwardCheckApi, {{"gradInput", gradInput}})) ||
      (s = ops::workspaceCheck(kBackwardCheckApi, workspaceBound(*gradInput), "fp32 accumulators for gradInput")))
    return s;
  if ((s = ops::memoryCheck(kBackwardCheckApi, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices},
                                                {"gradInput", gradInput}})))
    return s;
  const DeviceProfile profile = activeProfile();
  if ((s = profileCheck(kBackwardCheckApi, profile))) return s;

  const PoolShape shape = poolShape(*self, *gradOutput);
  BackwardTensors tensors{planes(*gradOutput, shape.unbatched), planes(*indices, shape.unbatched),
                          planes(*gradInput, shape.unbatched)};
  const bool dense = gradInput->dtype == ACL_FLOAT && denseDisjointPlanes(tensors.gradInput);
  auto tiling = std::make_shared<const BackwardTiling>(
      planBackward(shape, gradOutput->dtype, indices->dtype, dense, ops::currentDeterministic(), profile));

  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = kBackwardApi;
  exec->workspaceSize = tiling->plan.workspaceBytes;
  exec->tensors = {{"gradOutput", *gradOutput}, {"indices", *indices}, {"gradInput", *gradInput}};
  exec->plan = std::shared_ptr<const Plan>(tiling, &tiling->plan);
  exec->run = [tiling, tensors](const rt::LaunchArgs& args) { return runBackward(*tiling, tensors, args, kBackwardApi); };
  return ops::publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus aclnnAdaptiveMaxPool2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return rt::launchExecutor(kBackwardApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAdaptiveMaxPool2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                   aclTensor* outputOut, aclTensor* indicesOut, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  aclnnStatus s = ops::nullCheck(kForwardCheckApi, {{"self", self}, {"outputSize", outputSize}, {"out", outputOut},
                                                    {"indices", indicesOut}, {"workspaceSize", workspaceSize},
                                                    {"executor", executor}});
  if (s != ACLNN_SUCCESS) return s;
  if ((s = checkForward(kForwardCheckApi, *self, *outputSize, *outputOut, *indicesOut))) return s;
  if ((s = ops::sizeCheck(kForwardCheckApi, {{"self", self}, {"out", outputOut}, {"indices", indicesOut}})) ||
      (s = ops::outputOverlapCheck(kForwardCheckApi, {{"out", outputOut}, {"indices", indicesOut}})))
    return s;
  if ((s = ops::memoryCheck(kForwardCheckApi, {{"self", self}, {"out", outputOut}, {"indices", indicesOut}}))) return s;
  const DeviceProfile profile = activeProfile();
  if ((s = profileCheck(kForwardCheckApi, profile))) return s;

  const PoolShape shape = poolShape(*self, *outputOut);
  ForwardTensors tensors{planes(*self, shape.unbatched), planes(*outputOut, shape.unbatched),
                         planes(*indicesOut, shape.unbatched)};
  auto tiling = std::make_shared<const ForwardTiling>(planForward(shape, self->dtype, indicesOut->dtype, profile));

  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = kForwardApi;
  exec->workspaceSize = tiling->plan.workspaceBytes;
  exec->tensors = {{"self", *self}, {"out", *outputOut}, {"indices", *indicesOut}};
  exec->plan = std::shared_ptr<const Plan>(tiling, &tiling->plan);
  exec->run = [tiling, tensors](const rt::LaunchArgs& args) { return runForward(*tiling, tensors, args); };
  return ops::publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus aclnnAdaptiveMaxPool2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return rt::launchExecutor(kForwardApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
