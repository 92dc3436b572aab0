// The workloads timed on both builds: the same calls, tensors allocated once per build.
#pragma once

#include <cstdint>
#include <vector>

#include "tracing_build/twin_library.h"

namespace gradlab::bench {

class TwinWorkload {
 public:
  virtual ~TwinWorkload() = default;
  virtual void call() = 0;  // GetWorkspaceSize + launch + synchronize
};

// aclnnUpsampleNearestExact2dBackward, fp32: out [N, C, H, W] from gradOutput [N, C, 2H, 2W].
class TwinUpsample : public TwinWorkload {
 public:
  TwinUpsample(const TwinLibrary& lib, std::vector<int64_t> outDims);
  void call() override;

 private:
  const TwinLibrary& lib_;
  aclTensor *gradOutput_ = nullptr, *out_ = nullptr;
  aclIntArray *outputSize_ = nullptr, *inputSize_ = nullptr;
};

// aclnnAdaptiveMaxPool2dBackward, fp32, indices from the forward on the same self.
class TwinAdaptivePool : public TwinWorkload {
 public:
  TwinAdaptivePool(const TwinLibrary& lib, std::vector<int64_t> selfDims, int64_t Ho, int64_t Wo);
  void call() override;

 private:
  const TwinLibrary& lib_;
  aclTensor *self_ = nullptr, *gradOutput_ = nullptr, *indices_ = nullptr, *gradInput_ = nullptr;
  void* workspace_ = nullptr;
  uint64_t workspaceBytes_ = 0;
};

}  // namespace gradlab::bench
