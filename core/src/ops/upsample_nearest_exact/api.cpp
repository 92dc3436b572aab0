// The aclnn entry points of the nearest-exact upsample operators and their catalog adapters: check, then
// hand the validated geometry to the nearest upsample engine (ops/nearest_engine) with the exact rule.
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d_backward.h"
#include "ops/common/op_support.h"
#include "ops/nearest_engine/launch.h"
#include "ops/upsample_nearest_exact/check.h"
#include "ops/upsample_nearest_exact/entry.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops::upsample_exact {
namespace {

using enum OpKind;

aclnnStatus prepareBackward2d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                              double scalesH, double scalesW, aclTensor* out, uint64_t* workspaceSize,
                              aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  bool empty = false;
  GRADLAB_RETURN_IF_ERROR(
      checkBackward2d(gradOutput, outputSize, inputSize, scalesH, scalesW, out, workspaceSize, executor, &g, &empty));
  if (empty) return nearest::publishZeroOut(kUpsampleNearestExact2dBackward, *gradOutput, *out, ctx, workspaceSize, executor);
  return nearest::publishBackward(kUpsampleNearestExact2dBackward, *gradOutput, *out, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareBackward1d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                              double scales, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor,
                              const PlanContext& ctx) {
  Extents g;
  GRADLAB_RETURN_IF_ERROR(checkBackward1d(gradOutput, outputSize, inputSize, scales, out, workspaceSize, executor, &g));
  return nearest::publishBackward(kUpsampleNearestExact1dBackward, *gradOutput, *out, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareForward2d(const aclTensor* self, const aclIntArray* outputSize, double scalesH, double scalesW,
                             aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  bool empty = false;
  GRADLAB_RETURN_IF_ERROR(checkForward2d(self, outputSize, scalesH, scalesW, out, workspaceSize, executor, &g, &empty));
  if (empty) {
    return nearest::publishNothing(kUpsampleNearestExact2d, *self, *out, ctx, "empty self or out: nothing to do",
                                   workspaceSize, executor);
  }
  return nearest::publishForward(kUpsampleNearestExact2d, *self, *out, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareForward1d(const aclTensor* self, const aclIntArray* outputSize, double scales, aclTensor* out,
                             uint64_t* workspaceSize, aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  GRADLAB_RETURN_IF_ERROR(checkForward1d(self, outputSize, scales, out, workspaceSize, executor, &g));
  return nearest::publishForward(kUpsampleNearestExact1d, *self, *out, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareBackward3d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                              const double (&scales)[3], aclTensor* gradInput, uint64_t* workspaceSize,
                              aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  bool empty = false;
  GRADLAB_RETURN_IF_ERROR(
      checkBackward3d(gradOut, outputSize, inputSize, scales, gradInput, workspaceSize, executor, &g, &empty));
  if (empty) {
    return nearest::publishNothing(kUpsampleNearestExact3dBackward, *gradOut, *gradInput, ctx,
                                   "empty batch or channels: nothing to do", workspaceSize, executor);
  }
  return nearest::publishBackward(kUpsampleNearestExact3dBackward, *gradOut, *gradInput, g, ctx, workspaceSize, executor);
}

aclnnStatus prepareForward3d(const aclTensor* self, const aclIntArray* outputSize, const double (&scales)[3],
                             aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor, const PlanContext& ctx) {
  Extents g;
  bool empty = false;
  GRADLAB_RETURN_IF_ERROR(checkForward3d(self, outputSize, scales, out, workspaceSize, executor, &g, &empty));
  if (empty) {
    return nearest::publishNothing(kUpsampleNearestExact3d, *self, *out, ctx, "empty batch: nothing to do",
                                   workspaceSize, executor);
  }
  return nearest::publishForward(kUpsampleNearestExact3d, *self, *out, g, ctx, workspaceSize, executor);
}

}  // namespace

aclnnStatus backward3d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kBackward3dApi, a, [&](const PlanContext& ctx) {
    const double scales[3] = {a.scales[0], a.scales[1], a.scales[2]};
    return prepareBackward3d(a.tensors[0], a.outputSize, a.inputSize, scales, a.tensors[1], workspaceSize, executor, ctx);
  });
}

aclnnStatus forward3d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kForward3dApi, a, [&](const PlanContext& ctx) {
    const double scales[3] = {a.scales[0], a.scales[1], a.scales[2]};
    return prepareForward3d(a.tensors[0], a.outputSize, scales, a.tensors[1], workspaceSize, executor, ctx);
  });
}

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
    return prepareForward2d(a.tensors[0], a.outputSize, a.scales[0], a.scales[1], a.tensors[1], workspaceSize,
                            executor, ctx);
  });
}

aclnnStatus forward1d(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kForward1dApi, a, [&](const PlanContext& ctx) {
    return prepareForward1d(a.tensors[0], a.outputSize, a.scales[0], a.tensors[1], workspaceSize, executor, ctx);
  });
}

}  // namespace gradlab::ops::upsample_exact

using namespace gradlab::ops;

extern "C" {

aclnnStatus aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                const aclIntArray* outputSize,
                                                                const aclIntArray* inputSize, double scalesH,
                                                                double scalesW, aclTensor* out, uint64_t* workspaceSize,
                                                                aclOpExecutor** executor) {
  return upsample_exact::prepareBackward2d(gradOutput, outputSize, inputSize, scalesH, scalesW, out, workspaceSize, executor,
                           currentContext());
}

aclnnStatus aclnnUpsampleNearestExact2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearestExact2dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(const aclTensor* gradOutput,
                                                                const aclIntArray* outputSize,
                                                                const aclIntArray* inputSize, double scales,
                                                                aclTensor* out, uint64_t* workspaceSize,
                                                                aclOpExecutor** executor) {
  return upsample_exact::prepareBackward1d(gradOutput, outputSize, inputSize, scales, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearestExact1dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearestExact1dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                        double scalesH, double scalesW, aclTensor* out,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  return upsample_exact::prepareForward2d(self, outputSize, scalesH, scalesW, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearestExact2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearestExact2d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact1dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                        double scales, aclTensor* out, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor) {
  return upsample_exact::prepareForward1d(self, outputSize, scales, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearestExact1d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearestExact1d", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* outputSize,
                                                                const aclIntArray* inputSize, double scalesD,
                                                                double scalesH, double scalesW, aclTensor* gradInput,
                                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
  const double scales[3] = {scalesD, scalesH, scalesW};
  return upsample_exact::prepareBackward3d(gradOut, outputSize, inputSize, scales, gradInput, workspaceSize, executor,
                                           currentContext());
}

aclnnStatus aclnnUpsampleNearestExact3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearestExact3dBackward", workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnUpsampleNearestExact3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                        double scalesD, double scalesH, double scalesW, aclTensor* out,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor) {
  const double scales[3] = {scalesD, scalesH, scalesW};
  return upsample_exact::prepareForward3d(self, outputSize, scales, out, workspaceSize, executor, currentContext());
}

aclnnStatus aclnnUpsampleNearestExact3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream) {
  return gradlab::rt::launchExecutor("aclnnUpsampleNearestExact3d", workspace, workspaceSize, executor, stream);
}

}  // extern "C"
