// The aclnn entry points of the adaptive max pools (2-D and 3-D, forward and backward): null checks, the
// SPEC checks, view sizes and output overlap, device memory, then a tiling plan and an executor whose run
// is the kernel launch.
#include <algorithm>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool3d.h"
#include "aclnnop/aclnn_adaptive_max_pool3d_backward.h"
#include "ops/adaptive_max_pool/check.h"
#include "ops/adaptive_max_pool/entry.h"
#include "ops/adaptive_max_pool/kernel.h"
#include "ops/adaptive_max_pool/strategies.h"
#include "ops/adaptive_max_pool/tiling.h"
#include "ops/common/op_support.h"
#include "ops/common/plan_context.h"
#include "ops/common/plane_tensor.h"
#include "ops/common/strategy_choice.h"
#include "runtime/error.h"
#include "runtime/prose.h"

namespace gradlab::ops::adaptive {
namespace {

// The names one operator of the family answers to.
struct PoolApi {
  OpKind op;
  const char* api;       // the launch's name
  const char* checkApi;  // the first phase's
  bool depth() const { return opInfo(op).spatialRank == 3; }
};
constexpr PoolApi kBackward2d{OpKind::kAdaptiveMaxPool2dBackward, "aclnnAdaptiveMaxPool2dBackward",
                              "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize"};
constexpr PoolApi kForward2d{OpKind::kAdaptiveMaxPool2d, "aclnnAdaptiveMaxPool2d", "aclnnAdaptiveMaxPool2dGetWorkspaceSize"};
constexpr PoolApi kBackward3d{OpKind::kAdaptiveMaxPool3dBackward, "aclnnAdaptiveMaxPool3dBackward",
                              "aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize"};
constexpr PoolApi kForward3d{OpKind::kAdaptiveMaxPool3d, "aclnnAdaptiveMaxPool3d", "aclnnAdaptiveMaxPool3dGetWorkspaceSize"};

// A call's tensors as the kernels' planes. A 3-D tensor's planes are rows of its (D, H) rows (rowsOfPlanes);
// rows that are not evenly strided (a view that steps over D unlike over H) keep a row offset table here.
class PlaneMaker {
 public:
  explicit PlaneMaker(bool depth) : depth_(depth), offsets_(std::make_shared<std::deque<std::vector<int64_t>>>()) {}
  PlaneTensor operator()(const aclTensor& t, bool unbatched) const {
    if (!depth_) return unbatched ? planeTensorChw(t) : planeTensor4d(t);
    std::vector<int64_t>& rows = offsets_->emplace_back();
    PlaneTensor p = planeTensorDepthRows(t, {}, &rows);
    bool even = true;
    for (int64_t j = 0; even && j < p.H; ++j) even = rows[static_cast<size_t>(j)] == j * p.sH;
    if (even) p.rowOffsets = nullptr;  // row j is at j * sH: the dense paths apply
    return p;
  }
  // Keeps the tables alive as long as the kernels' planes point into them.
  std::shared_ptr<const void> keep() const { return offsets_; }

 private:
  bool depth_;
  std::shared_ptr<std::deque<std::vector<int64_t>>> offsets_;
};

// True when every plane of `t` is one dense run of H*W elements and no two planes overlap, so the kernels
// may use a plane as a flat accumulator indexed by h*W + w.
bool denseDisjointPlanes(const PlaneTensor& t) {
  if (t.rowOffsets != nullptr || (t.W != 1 && t.sW != 1) || (t.H != 1 && t.sH != t.W)) return false;
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

aclnnStatus prepareBackward(const PoolApi& which, const aclTensor* gradOutput, const aclTensor* self,
                            const aclTensor* indices, aclTensor* gradInput, uint64_t* workspaceSize,
                            aclOpExecutor** executor, const PlanContext& ctx) {
  const char* api = which.checkApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices},
                                          {"gradInput", gradInput}, {"workspaceSize", workspaceSize},
                                          {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(which.depth() ? checkBackward3d(api, *gradOutput, *self, *indices, *gradInput)
                                        : checkBackward(api, *gradOutput, *self, *indices, *gradInput));
  GRADLAB_RETURN_IF_ERROR(
      sizeCheck(api, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices}, {"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(workspaceCheck(api, workspaceBound(*gradInput), "fp32 accumulators for gradInput"));
  GRADLAB_RETURN_IF_ERROR(
      memoryCheck(api, {{"gradOutput", gradOutput}, {"self", self}, {"indices", indices}, {"gradInput", gradInput}}));

  const Extents shape = which.depth() ? poolShape3d(*self, *gradOutput) : poolShape(*self, *gradOutput);
  const PlaneMaker planes(which.depth());
  BackwardTensors tensors{planes(*gradOutput, shape.unbatched), planes(*indices, shape.unbatched),
                          planes(*gradInput, shape.unbatched), planes.keep()};
  const bool dense = gradInput->dtype == ACL_FLOAT && denseDisjointPlanes(tensors.gradInput);
  auto choose = [which, ctx, shape, dtype = gradOutput->dtype](StrategyChoice* c) {
    return chooseStrategy(which.checkApi, which.op, dtype, shape, ctx, ctx.deterministic ? kOwner : kScatter, c);
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = which.api;
  exec->tensors = {{"gradOutput", *gradOutput}, {"indices", *indices}, {"gradInput", *gradInput}};
  auto tiling = planExecutor(*exec, [which, shape, dense, ctx, choice, choose, dtype = gradOutput->dtype,
                                     indexDtype = indices->dtype] {
    BackwardTiling planned = engineOf<BackwardEngine>(*choice.info)
                                 .plan(which.op, shape, dtype, indexDtype, dense, ctx.profile, ctx.accumulate, ctx.deterministic);
    planned.plan.deterministic = ctx.deterministic;
    stampStrategy(planned.plan, describedChoice(choice, choose));
    applySchedule(planned.plan, ctx);
    return std::make_shared<const BackwardTiling>(std::move(planned));
  });
  exec->run = [tiling, tensors, launchApi = which.api](const rt::LaunchArgs& args) {
    return runBackward(*tiling, tensors, args, launchApi);
  };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

aclnnStatus prepareForward(const PoolApi& which, const aclTensor* self, const aclIntArray* outputSize,
                           aclTensor* outputOut, aclTensor* indicesOut, uint64_t* workspaceSize,
                           aclOpExecutor** executor, const PlanContext& ctx) {
  const char* api = which.checkApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", outputOut},
                                          {"indices", indicesOut}, {"workspaceSize", workspaceSize},
                                          {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(which.depth() ? checkForward3d(api, *self, *outputSize, *outputOut, *indicesOut)
                                        : checkForward(api, *self, *outputSize, *outputOut, *indicesOut));
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"self", self}, {"out", outputOut}, {"indices", indicesOut}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", outputOut}, {"indices", indicesOut}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"self", self}, {"out", outputOut}, {"indices", indicesOut}}));

  // The 2-D forward reads an NHWC view as (N, H, W, C), as CANN does; the backward, like CANN's, reads every
  // 4-D view as (N, C, H, W) whatever its label. The 3-D pair takes NCDHW-ordered views only.
  const bool channelsLast = !which.depth() && channelsLastView(*self);
  const Extents shape = which.depth() ? poolShape3d(*self, *outputOut) : poolShape(*self, *outputOut, channelsLast);
  const PlaneMaker planes(which.depth());
  auto forwardPlanes = [&](const aclTensor& t) { return channelsLast ? planeTensorNhwc(t) : planes(t, shape.unbatched); };
  ForwardTensors tensors{forwardPlanes(*self), forwardPlanes(*outputOut), forwardPlanes(*indicesOut), planes.keep()};
  auto choose = [which, ctx, shape, dtype = self->dtype](StrategyChoice* c) {
    return chooseStrategy(which.checkApi, which.op, dtype, shape, ctx, kSeparable, c);
  };
  StrategyChoice choice;
  GRADLAB_RETURN_IF_ERROR(choose(&choice));
  // Rows the vector kernel may read in place: contiguous, each at row * sH (a 3-D view's rows evenly strided).
  const bool selfRowsDense = (tensors.self.sW == 1 || shape.in[kW] == 1) && tensors.self.rowOffsets == nullptr;
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = which.api;
  exec->tensors = {{"self", *self}, {"out", *outputOut}, {"indices", *indicesOut}};
  auto tiling = planExecutor(*exec, [which, shape, selfRowsDense, ctx, choice, choose, dtype = self->dtype,
                                     indexDtype = indicesOut->dtype] {
    ForwardTiling planned = planForward(which.op, shape, dtype, indexDtype, ctx.profile, selfRowsDense);
    stampStrategy(planned.plan, describedChoice(choice, choose));
    return std::make_shared<const ForwardTiling>(std::move(planned));
  });
  exec->run = [tiling, tensors](const rt::LaunchArgs& args) { return runForward(*tiling, tensors, args); };
  return publishExecutor(std::move(exec), workspaceSize, executor);
}

// The catalog's calls (OpArgs in the roles' order), with the plan inputs the arguments carry.
aclnnStatus catalogBackward(const PoolApi& which, const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(which.checkApi, a, [&](const PlanContext& ctx) {
    return prepareBackward(which, a.tensors[0], a.tensors[1], a.tensors[2], a.tensors[3], workspaceSize, executor, ctx);
  });
}

aclnnStatus catalogForward(const PoolApi& which, const OpArgs& a, uint64_t* workspaceSize, aclOpExecutor** executor) {
  return withContext(which.checkApi, a, [&](const PlanContext& ctx) {
    return prepareForward(which, a.tensors[0], a.outputSize, a.tensors[1], a.tensors[2], workspaceSize, executor, ctx);
  });
}

}  // namespace

aclnnStatus backward(const OpArgs& a, uint64_t* ws, aclOpExecutor** exec) { return catalogBackward(kBackward2d, a, ws, exec); }
aclnnStatus forward(const OpArgs& a, uint64_t* ws, aclOpExecutor** exec) { return catalogForward(kForward2d, a, ws, exec); }
aclnnStatus backward3d(const OpArgs& a, uint64_t* ws, aclOpExecutor** exec) { return catalogBackward(kBackward3d, a, ws, exec); }
aclnnStatus forward3d(const OpArgs& a, uint64_t* ws, aclOpExecutor** exec) { return catalogForward(kForward3d, a, ws, exec); }

}  // namespace gradlab::ops::adaptive

using namespace gradlab;
using namespace gradlab::ops;

extern "C" {

aclnnStatus aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           const aclTensor* indices, aclTensor* gradInput,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return adaptive::prepareBackward(adaptive::kBackward2d, gradOutput, self, indices, gradInput, workspaceSize, executor,
                                   ops::currentContext());
}

aclnnStatus aclnnAdaptiveMaxPool2dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return rt::launchExecutor(adaptive::kBackward2d.api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAdaptiveMaxPool2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                   aclTensor* outputOut, aclTensor* indicesOut, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return adaptive::prepareForward(adaptive::kForward2d, self, outputSize, outputOut, indicesOut, workspaceSize, executor,
                                  ops::currentContext());
}

aclnnStatus aclnnAdaptiveMaxPool2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return rt::launchExecutor(adaptive::kForward2d.api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           const aclTensor* indices, aclTensor* gradInput,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor) {
  return adaptive::prepareBackward(adaptive::kBackward3d, gradOutput, self, indices, gradInput, workspaceSize, executor,
                                   ops::currentContext());
}

aclnnStatus aclnnAdaptiveMaxPool3dBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream) {
  return rt::launchExecutor(adaptive::kBackward3d.api, workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnAdaptiveMaxPool3dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize,
                                                   aclTensor* outputOut, aclTensor* indicesOut, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor) {
  return adaptive::prepareForward(adaptive::kForward3d, self, outputSize, outputOut, indicesOut, workspaceSize, executor,
                                  ops::currentContext());
}

aclnnStatus aclnnAdaptiveMaxPool3d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
  return rt::launchExecutor(adaptive::kForward3d.api, workspace, workspaceSize, executor, stream);
}

}  // extern "C"
