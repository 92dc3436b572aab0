// Single operator calls on small tensors for the runtime benchmarks (per-call overhead, tracing cost,
// thread scaling): each call's phases can be timed on their own.
#pragma once

#include <memory>
#include <vector>

#include "acl/acl.h"
#include "common/device.h"

namespace gradlab::bench {

// An aclnnUpsampleNearestExact2dBackward call from gradOutput [N, C, 2H, 2W] to out [N, C, H, W].
class Upsample2dBackwardCall {
 public:
  Upsample2dBackwardCall(std::vector<int64_t> outDims, aclDataType dtype);
  // Phase one: check + plan; returns the executor.
  aclOpExecutor* plan(uint64_t* workspaceBytes);
  // Phase two: launch on `stream` (the shared stream when null), then aclrtSynchronizeStream.
  void launchAndSync(aclOpExecutor* exec, uint64_t workspaceBytes, aclrtStream stream = nullptr);
  void call(aclrtStream stream = nullptr);
  uint64_t cells() const { return static_cast<uint64_t>(gradOutput_.numel()); }

 private:
  Tensor gradOutput_, out_;
  IntArray outputSize_, inputSize_;
  DeviceBuffer workspace_;
};

// An aclnnAdaptiveMaxPool2dBackward call over self [N, C, H, W] pooled to [Ho, Wo], indices from the forward.
class AdaptivePoolBackwardCall {
 public:
  AdaptivePoolBackwardCall(std::vector<int64_t> selfDims, int64_t Ho, int64_t Wo, aclDataType dtype);
  aclOpExecutor* plan(uint64_t* workspaceBytes);
  void launchAndSync(aclOpExecutor* exec, uint64_t workspaceBytes, aclrtStream stream = nullptr);
  void call(aclrtStream stream = nullptr);

 private:
  Tensor self_, gradOutput_, indices_, gradInput_;
  DeviceBuffer workspace_;
};

}  // namespace gradlab::bench
