#include "runtime/tiny_calls.h"

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"

namespace gradlab::bench {
namespace {

std::vector<int64_t> doubled(std::vector<int64_t> dims) {
  dims[2] *= 2;
  dims[3] *= 2;
  return dims;
}

aclrtStream orShared(aclrtStream stream) { return stream ? stream : Runtime::shared().stream(); }

}  // namespace

void TinyCall::launchAndSync(aclOpExecutor* exec, uint64_t workspaceBytes, aclrtStream stream) {
  workspace_.reserve(workspaceBytes);
  stream = orShared(stream);
  require(launch_(workspace_.data(), workspaceBytes, exec, stream), launchName_);
  require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

void TinyCall::call(aclrtStream stream) {
  uint64_t ws = 0;
  aclOpExecutor* exec = plan(&ws);
  launchAndSync(exec, ws, stream);
}

Upsample2dBackwardCall::Upsample2dBackwardCall(std::vector<int64_t> outDims, aclDataType dtype)
    : TinyCall(&aclnnUpsampleNearestExact2dBackward, "aclnnUpsampleNearestExact2dBackward"),
      gradOutput_(doubled(outDims), dtype, ACL_FORMAT_NCHW),
      out_(outDims, dtype, ACL_FORMAT_NCHW),
      outputSize_({outDims[2] * 2, outDims[3] * 2}),
      inputSize_(outDims) {
  gradOutput_.fillRandom(3);
}

aclOpExecutor* Upsample2dBackwardCall::plan(uint64_t* workspaceBytes) {
  aclOpExecutor* exec = nullptr;
  require(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(gradOutput_, outputSize_, inputSize_, 2.0, 2.0, out_,
                                                              workspaceBytes, &exec),
          "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize");
  return exec;
}

AdaptivePoolBackwardCall::AdaptivePoolBackwardCall(std::vector<int64_t> selfDims, int64_t Ho, int64_t Wo,
                                                   aclDataType dtype)
    : TinyCall(&aclnnAdaptiveMaxPool2dBackward, "aclnnAdaptiveMaxPool2dBackward"),
      self_(selfDims, dtype, ACL_FORMAT_NCHW),
      gradOutput_({selfDims[0], selfDims[1], Ho, Wo}, dtype, ACL_FORMAT_NCHW),
      indices_({selfDims[0], selfDims[1], Ho, Wo}, ACL_INT64, ACL_FORMAT_NCHW),
      gradInput_(selfDims, dtype, ACL_FORMAT_NCHW) {
  self_.fillRandom(5);
  gradOutput_.fillRandom(6);
  Tensor pooled({selfDims[0], selfDims[1], Ho, Wo}, dtype, ACL_FORMAT_NCHW);
  IntArray outputSize({Ho, Wo});
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  require(aclnnAdaptiveMaxPool2dGetWorkspaceSize(self_, outputSize, pooled, indices_, &ws, &exec),
          "aclnnAdaptiveMaxPool2dGetWorkspaceSize");
  workspace_.reserve(ws);
  require(aclnnAdaptiveMaxPool2d(workspace_.data(), ws, exec, Runtime::shared().stream()), "aclnnAdaptiveMaxPool2d");
  require(aclrtSynchronizeStream(Runtime::shared().stream()), "aclrtSynchronizeStream");
}

aclOpExecutor* AdaptivePoolBackwardCall::plan(uint64_t* workspaceBytes) {
  aclOpExecutor* exec = nullptr;
  require(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutput_, self_, indices_, gradInput_, workspaceBytes, &exec),
          "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize");
  return exec;
}

}  // namespace gradlab::bench
