// aclnnAdaptiveMaxPool2d and its Backward: every shape x dtype x mode, one call per iteration
// (GetWorkspaceSize + launch + synchronize) on tensors allocated once, against a memcpy of the bytes the
// call must read and write (backward: gradOutput + indices + gradInput; forward: self + out + indices).
// The backward's indices are INT64, produced once by the forward on the same self.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "common/case_cache.h"
#include "common/device.h"
#include "common/registry.h"
#include "common/timed_calls.h"
#include "ops/bench_shapes.h"

namespace gradlab::bench {
namespace {

struct PoolCase {
  Tensor self, out, indices, gradOutput, gradInput;
  std::unique_ptr<IntArray> outputSize;
  DeviceBuffer workspace;
};

void forwardOnce(PoolCase& c) {
  aclrtStream stream = Runtime::shared().stream();
  uint64_t wsBytes = 0;
  aclOpExecutor* exec = nullptr;
  require(aclnnAdaptiveMaxPool2dGetWorkspaceSize(c.self, *c.outputSize, c.out, c.indices, &wsBytes, &exec),
          "aclnnAdaptiveMaxPool2dGetWorkspaceSize");
  c.workspace.reserve(wsBytes);
  require(aclnnAdaptiveMaxPool2d(c.workspace.data(), wsBytes, exec, stream), "aclnnAdaptiveMaxPool2d");
  require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

void backwardOnce(PoolCase& c) {
  aclrtStream stream = Runtime::shared().stream();
  uint64_t wsBytes = 0;
  aclOpExecutor* exec = nullptr;
  require(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(c.gradOutput, c.self, c.indices, c.gradInput, &wsBytes, &exec),
          "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize");
  c.workspace.reserve(wsBytes);
  require(aclnnAdaptiveMaxPool2dBackward(c.workspace.data(), wsBytes, exec, stream), "aclnnAdaptiveMaxPool2dBackward");
  require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
}

PoolCase makeCase(const BenchShape& s, aclDataType dtype, bool backward) {
  const std::vector<int64_t> in = s.shape.shape(Side::kIn, 2), out = s.shape.shape(Side::kOut, 2);
  PoolCase c{Tensor(in, dtype, ACL_FORMAT_NCHW),
             Tensor(out, dtype, ACL_FORMAT_NCHW),
             Tensor(out, ACL_INT64, ACL_FORMAT_NCHW),
             backward ? Tensor(out, dtype, ACL_FORMAT_NCHW) : Tensor(),
             backward ? Tensor(in, dtype, ACL_FORMAT_NCHW) : Tensor(),
             std::make_unique<IntArray>(s.shape.spatial(Side::kOut, 2)),
             DeviceBuffer()};
  c.self.fillRandom(11);
  if (backward) {
    c.gradOutput.fillRandom(13);
    forwardOnce(c);  // real argmax indices
  }
  return c;
}

void poolBench(benchmark::State& state, BenchShape s, aclDataType dtype, bool deterministic, bool backward) {
  const std::string key = benchName({s.label, dtypeLabel(dtype), backward ? "bwd" : "fwd"});
  PoolCase& c = cachedCase<PoolCase>(key, [&] { return makeCase(s, dtype, backward); });
  Runtime::setDeterministic(deterministic);
  if (backward) {
    backwardOnce(c);  // warm-up: sizes the workspace
    timeCalls(state, c.gradOutput.bytes() + c.indices.bytes() + c.gradInput.bytes(), [&] { backwardOnce(c); });
  } else {
    forwardOnce(c);
    timeCalls(state, c.self.bytes() + c.out.bytes() + c.indices.bytes(), [&] { forwardOnce(c); });
  }
}

void registerAdaptivePool(const Options& options) {
  for (bool backward : {true, false}) {
    for (const BenchShape& s : adaptivePoolShapes()) {
      if (options.smoke && !s.tiny) continue;
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (bool det : {true, false}) {
          const std::string name = benchName({backward ? "adaptive_pool2d_bwd" : "adaptive_pool2d_fwd", s.label,
                                              dtypeLabel(dtype), det ? "det" : "default"});
          configure(benchmark::RegisterBenchmark(name.c_str(), poolBench, s, dtype, det, backward), options,
                    s.tiny ? benchmark::kMicrosecond : benchmark::kMillisecond);
        }
      }
    }
  }
}

const bool registered = addRegistration(&registerAdaptivePool);

}  // namespace
}  // namespace gradlab::bench
