#include "tracing_build/twin_workloads.h"

#include <random>

namespace gradlab::bench {
namespace {

// A contiguous tensor in fresh device memory of `lib`, filled with values in [-1, 1) when fp32.
aclTensor* newTensor(const TwinLibrary& lib, const std::vector<int64_t>& dims, aclDataType dtype, uint32_t seed) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t d = dims.size(); d-- > 1;) strides[d - 1] = strides[d] * dims[d];
  const size_t numel = static_cast<size_t>(strides[0] * dims[0]);
  const size_t bytes = numel * (dtype == ACL_INT64 ? 8 : 4);  // FLOAT or INT64 only
  void* data = nullptr;
  lib.require(lib.malloc(&data, bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  if (dtype == ACL_FLOAT) {
    std::vector<float> values(numel);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (float& v : values) v = dist(rng);
    lib.require(lib.memcpy(data, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  }
  aclTensor* t = lib.createTensor(dims.data(), dims.size(), dtype, strides.data(), 0, ACL_FORMAT_NCHW, dims.data(),
                                  dims.size(), data);
  if (t == nullptr) lib.require(-1, "aclCreateTensor");
  return t;
}

}  // namespace

TwinUpsample::TwinUpsample(const TwinLibrary& lib, std::vector<int64_t> outDims) : lib_(lib) {
  const std::vector<int64_t> gradDims{outDims[0], outDims[1], outDims[2] * 2, outDims[3] * 2};
  gradOutput_ = newTensor(lib, gradDims, ACL_FLOAT, 1);
  out_ = newTensor(lib, outDims, ACL_FLOAT, 2);
  const int64_t outputSize[] = {gradDims[2], gradDims[3]};
  outputSize_ = lib.createIntArray(outputSize, 2);
  inputSize_ = lib.createIntArray(outDims.data(), 4);
}

void TwinUpsample::call() {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  lib_.require(lib_.upsample2dBackwardGetWorkspaceSize(gradOutput_, outputSize_, inputSize_, 2.0, 2.0, out_, &ws, &exec),
               "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize");
  lib_.require(lib_.upsample2dBackward(nullptr, ws, exec, lib_.stream), "aclnnUpsampleNearestExact2dBackward");
  lib_.require(lib_.synchronizeStream(lib_.stream), "aclrtSynchronizeStream");
}

TwinAdaptivePool::TwinAdaptivePool(const TwinLibrary& lib, std::vector<int64_t> selfDims, int64_t Ho, int64_t Wo)
    : lib_(lib) {
  const std::vector<int64_t> outDims{selfDims[0], selfDims[1], Ho, Wo};
  self_ = newTensor(lib, selfDims, ACL_FLOAT, 3);
  gradOutput_ = newTensor(lib, outDims, ACL_FLOAT, 4);
  indices_ = newTensor(lib, outDims, ACL_INT64, 0);
  gradInput_ = newTensor(lib, selfDims, ACL_FLOAT, 0);
  aclTensor* pooled = newTensor(lib, outDims, ACL_FLOAT, 0);
  const int64_t size[] = {Ho, Wo};
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  lib.require(lib.adaptivePoolGetWorkspaceSize(self_, lib.createIntArray(size, 2), pooled, indices_, &ws, &exec),
              "aclnnAdaptiveMaxPool2dGetWorkspaceSize");
  lib.require(lib.adaptivePool(nullptr, ws, exec, lib.stream), "aclnnAdaptiveMaxPool2d");
  lib.require(lib.synchronizeStream(lib.stream), "aclrtSynchronizeStream");
}

void TwinAdaptivePool::call() {
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  lib_.require(lib_.adaptivePoolBackwardGetWorkspaceSize(gradOutput_, self_, indices_, gradInput_, &ws, &exec),
               "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize");
  if (ws > workspaceBytes_) {
    lib_.require(lib_.malloc(&workspace_, ws, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    workspaceBytes_ = ws;
  }
  lib_.require(lib_.adaptivePoolBackward(workspace_, ws, exec, lib_.stream), "aclnnAdaptiveMaxPool2dBackward");
  lib_.require(lib_.synchronizeStream(lib_.stream), "aclrtSynchronizeStream");
}

}  // namespace gradlab::bench
