// The aclnn entry points of the legacy nearest upsample operators and their catalog adapters: check, then
// hand the geometry to the nearest upsample engine (ops/nearest_engine) with the legacy index rule.
#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "ops/common/op_support.h"
#include "ops/nearest_engine/launch.h"
#include "ops/upsample_nearest_legacy/check.h"
#include "ops/upsample_nearest_legacy/entry.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::upsample_legacy {
namespace {

using enum OpKind;

aclnnStatus prepareBackward2d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                              double scalesH, double scalesW, aclTensor* gradInput, uint64_t* workspaceSize,
                              aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  GRADLAB_RETURN_IF_ERROR(checkBackward2d(gradOut, outputSize, inputSize, gradInput, workspaceSize, executor, &g));
  g.scales = {0.0, scalesH, scalesW};
  return nearest::publishBackward(kUpsampleNearest2dBackward, *gradOut, *gradInput, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareBackward1d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                              double scales, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor,
                              const PlanContext& ctx) {
  Extents g;
  GRADLAB_RETURN_IF_ERROR(checkBackward1d(gradOut, outputSize, inputSize, out, workspaceSize, executor, &g));
  g.scales[kW] = scales;
  return nearest::publishBackward(kUpsampleNearest1dBackward, *gradOut, *out, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareForward2d(const aclTensor* self, const aclIntArray* outputSize, aclTensor* out,
                             uint64_t* workspaceSize, aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  GRADLAB_RETURN_IF_ERROR(checkForward2d(self, outputSize, out, workspaceSize, executor, &g));
  return nearest::publishForward(kUpsampleNearest2d, *self, *out, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareForward1d(const aclTensor* self, const aclIntArray* outputSize, aclTensor* out,
                             uint64_t* workspaceSize, aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  GRADLAB_RETURN_IF_ERROR(checkForward1d(self, outputSize, out, workspaceSize, executor, &g));
  return nearest::publishForward(kUpsampleNearest1d, *self, *out, g, ctx, workspaceSize, executor);
}

}  // namespace

aclnnStatus backward2d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kBackward2dApi, a, [&](const PlanContext& ctx) {
    return prepareBackward2d(a.tensors[0], a.outputSize, a.inputSize, a.scales[0], a.scales[1], a.tensors[1],
                             workspaceSize, executor, ctx);
  });
}

aclnnStatus backward1d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kBackward1dApi, a, [&](const PlanContext& ctx) {
    return prepareBackward1d(a.tensors[0], a.outputSize, a.inputSize, a.scales[0], a.tensors[1], workspaceSize,
                             executor, ctx);
  });
}

aclnnStatus forward2d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kForward2dApi, a, [&](const PlanContext& ctx) {
    return prepareForward2d(a.tensors[0], a.outputSize, a.tensors[1], workspaceSize, executor, ctx);
  });
}

aclnnStatus forward1d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kForward1dApi, a, [&](const PlanContext& ctx) {
    return prepareForward1d(a.tensors[0], a.outputSize, a.tensors[1], workspaceSize, executor, ctx);
  });
}

}  // namespace gradlab::ops::upsample_legacy

using namespace gradlab::ops;

extern "C" {

aclnnStatus aclnnUpsampleNearest2dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                           const aclIntArray* inputSize, double scalesH, double scalesW,
                                                           aclTensor* gradInput, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor) {
  return upsample_legacy::prepareBackward2d(gradOut, outputSize, inputSize, scalesH, scalesW, gradInput, workspaceSize, executor,
                           currentContext());
}

aclnnStatus aclnnUpsampleNearest2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearest2dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearest1dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                           const aclIntArray* inputSize, double scales, aclTensor* out,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return upsample_legacy::prepareBackward1d(gradOut, outputSize, inputSize, scales, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearest1dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearest1dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearest2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
  return upsample_legacy::prepareForward2d(self, outputSize, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearest2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   const aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearest2d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearest1dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
  return upsample_legacy::prepareForward1d(self, outputSize, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearest1d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearest1d", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
