// The aclnn entry points of aclnnAdaptiveMaxPool2dBackward and aclnnAdaptiveMaxPool2d: null checks, the
// SPEC checks, view sizes and output overlap, device memory, then a tiling plan and an executor whose run
// is the kernel launch.
#include <algorithm>
#include <memory>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "ops/adaptive_max_pool2d/check.h"
#include "ops/adaptive_max_pool2d/entry.h"
#include "ops/adaptive_max_pool2d/kernel.h"
#include "ops/adaptive_max_pool2d/strategies.h"
#include "ops/adaptive_max_pool2d/tiling.h"
#include "ops/common/op_support.h"
#include "ops/common/plan_context.h"
#include "ops/common/plane_tensor.h"
#include "ops/common/strategy_choice.h"
#include "runtime/error.h"
#include "runtime/prose.h"

namespace gradlab::ops::adaptive {
namespace {

constexpr const char* kBackwardApi = "aclnnAdaptiveMaxPool2dBackward";
constexpr const char* kBackwardCheckApi = "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize";
constexpr const char* kForwardApi = "aclnnAdaptiveMaxPool2d";
constexpr const char* kForwardCheckApi = "aclnnAdaptiveMaxPool2dGetWorkspaceSize";

PlaneTensor planes(const aclTensor& t, bool unbatched) { return unbatched ? planeTensorChw(t) : planeTensor4d(t); }
// The forward reads an NHWC view as (N, H, W, C), as CANN does; the backward, like CANN's, reads every
// 4-D view as (N, C, H, W) whatever its label.
PlaneTensor forwardPlanes(const aclTensor& t, bool unbatched) {
  return channelsLastView(t) ? planeTensorNhwc(t) : planes(t, unbatched);
}

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

aclnnStatus prepareBackward(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices,
                            aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor,
                            const PlanContext& ctx) {
  const char* api = kBackwardCheckApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices},
                                          {"gradInput", gradInput}, {"workspaceSize", workspaceSize},
                                          {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(checkBackward(api, *gradOutput, *self, *indices, *gradInput));
  GRADLAB_RETURN_IF_ERROR(
      sizeCheck(api, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices}, {"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(workspaceCheck(api, workspaceBound(*gradInput), "fp32 accumulators for gradInput"));
  GRADLAB_RETURN_IF_ERROR(
      memoryCheck(api, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices}, {"gradInput", gradInput}}));

  const Extents shape = poolShape(*self, *gradOutput);
  BackwardTensors tensors{planes(*gradOutput, shape.unbatched), planes(*indices, shape.unbatched),
                          planes(*gradInput, shape.unbatched)};
  const bool dense = gradInput->dtype == ACL_FLOAT && denseDisjointPlanes(tensors.gradInput);
  auto choose = [api, ctx, shape, dtype = gradOutput->dtype](StrategyChoice* c) {
    return chooseStrategy(api, OpKind::kAdaptiveMaxPool2dBackward, dtype, shape, ctx, ctx.deterministic ? kOwner : kScatter,
                          c);
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = kBackwardApi;
  exec->tensors = {{"gradOutput", *gradOutput}, {"indices", *indices}, {"gradInput", *gradInput}};
  auto tiling = planExecutor(*exec, [shape, dense, ctx, choice, choose, dtype = gradOutput->dtype,
                                     indexDtype = indices->dtype] {
    BackwardTiling planned =
        engineOf<BackwardEngine>(*choice.info).plan(shape, dtype, indexDtype, dense, ctx.profile, ctx.accumulate);
    planned.plan.deterministic = ctx.deterministic;
    stampStrategy(planned.plan, describedChoice(choice, choose));
    applySchedule(planned.plan, ctx);
    return std::make_shared<const BackwardTiling>(std::move(planned));
  });
  exec->run = [tiling, tensors](const rt::LaunchArgs& args) { return runBackward(*tiling, tensors, args, kBackwardApi); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus prepareForward(const aclTensor* self, const aclIntArray* outputSize, aclTensor* outputOut,
                           aclTensor* indicesOut, uint64_t* workspaceSize, aclOpExecutor** executor,
                           const PlanContext& ctx) {
  const char* api = kForwardCheckApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", outputOut},
                                          {"indices", indicesOut}, {"workspaceSize", workspaceSize},
                                          {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(checkForward(api, *self, *outputSize, *outputOut, *indicesOut));
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"self", self}, {"out", outputOut}, {"indices", indicesOut}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", outputOut}, {"indices", indicesOut}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"self", self}, {"out", outputOut}, {"indices", indicesOut}}));

  const Extents shape = poolShape(*self, *outputOut, channelsLastView(*self));
  ForwardTensors tensors{forwardPlanes(*self, shape.unbatched), forwardPlanes(*outputOut, shape.unbatched),
                         forwardPlanes(*indicesOut, shape.unbatched)};
  auto choose = [api, ctx, shape, dtype = self->dtype](StrategyChoice* c) {
    return chooseStrategy(api, OpKind::kAdaptiveMaxPool2d, dtype, shape, ctx, kSeparable, c);
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  const bool selfRowsDense = tensors.self.sW == 1 || shape.in[kW] == 1;
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = kForwardApi;
  exec->tensors = {{"self", *self}, {"out", *outputOut}, {"indices", *indicesOut}};
  auto tiling = planExecutor(*exec, [shape, selfRowsDense, ctx, choice, choose, dtype = self->dtype,
                                     indexDtype = indicesOut->dtype] {
    ForwardTiling planned = planForward(shape, dtype, indexDtype, ctx.profile, selfRowsDense);
    stampStrategy(planned.plan, describedChoice(choice, choose));
    return std::make_shared<const ForwardTiling>(std::move(planned));
  });
  exec->run = [tiling, tensors](const rt::LaunchArgs& args) { return runForward(*tiling, tensors, args); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

}  // namespace

aclnnStatus backward(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kBackwardCheckApi, a, [&](const PlanContext& ctx) {
    return prepareBackward(a.tensors[0], a.tensors[1], a.tensors[2], a.tensors[3], workspaceSize, executor, ctx);
  });
}

aclnnStatus forward(const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(kForwardCheckApi, a, [&](const PlanContext& ctx) {
    return prepareForward(a.tensors[0], a.outputSize, a.tensors[1], a.tensors[2], workspaceSize, executor, ctx);
  });
}

}  // namespace gradlab::ops::adaptive

using namespace gradlab;
using namespace gradlab::ops;

extern "C" {

aclnnStatus aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           const aclTensor* indices, aclTensor* gradInput,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return adaptive::prepareBackward(gradOutput, self, indices, gradInput, workspaceSize, executor, ops::currentContext());
}

aclnnStatus aclnnAdaptiveMaxPool2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return rt::launchExecutor(adaptive::kBackwardApi, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAdaptiveMaxPool2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                   aclTensor* outputOut, aclTensor* indicesOut, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return adaptive::prepareForward(self, outputSize, outputOut, indicesOut, workspaceSize, executor, ops::currentContext());
}

aclnnStatus aclnnAdaptiveMaxPool2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return rt::launchExecutor(adaptive::kForwardApi, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
