// Single operator calls on small tensors for the runtime benchmarks (per-call overhead, tracing cost,
// thread scaling): each call's phases can be timed on their own.
#pragma once

#include <memory>
#include <vector>

#include "acl/acl.h"
#include "common/device.h"

namespace gradlab::bench {

// One operator's two phases. Subclasses plan; launching (into a workspace kept between calls) and
// synchronizing are the same for every operator.
class TinyCall {
 public:
  virtual ~TinyCall() = default;
  // Phase one: check + plan; returns the executor.
  virtual aclOpExecutor* plan(uint64_t* workspaceBytes) = 0;
  // Phase two: launch on `stream` (the shared stream when null), then aclrtSynchronizeStream.
  void launchAndSync(aclOpExecutor* exec, uint64_t workspaceBytes, aclrtStream stream = nullptr);
  void call(aclrtStream stream = nullptr);

 protected:
  using Launch = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);
  TinyCall(Launch launch, const char* launchName) : launch_(launch), launchName_(launchName) {}
  DeviceBuffer workspace_;

 private:
  Launch launch_;
  const char* launchName_;
};

// An aclnnUpsampleNearestExact2dBackward call from gradOutput [N, C, 2H, 2W] to out [N, C, H, W].
class Upsample2dBackwardCall : public TinyCall {
 public:
  Upsample2dBackwardCall(std::vector<int64_t> outDims, aclDataType dtype);
  aclOpExecutor* plan(uint64_t* workspaceBytes) override;
  uint64_t cells() const { return static_cast<uint64_t>(gradOutput_.numel()); }

 private:
  Tensor gradOutput_, out_;
  IntArray outputSize_, inputSize_;
};

// An aclnnAdaptiveMaxPool2dBackward call over self [N, C, H, W] pooled to [Ho, Wo], indices from the forward.
class AdaptivePoolBackwardCall : public TinyCall {
 public:
  AdaptivePoolBackwardCall(std::vector<int64_t> selfDims, int64_t Ho, int64_t Wo, aclDataType dtype);
  aclOpExecutor* plan(uint64_t* workspaceBytes) override;

 private:
  Tensor self_, gradOutput_, indices_, gradInput_;
};

}  // namespace gradlab::bench
