// PyTorch CPU: adaptive_max_pool2d and its backward on the shapes of adaptive_pool_shapes.h (int64 indices).
#include <string>

#include "common/registry.h"
#include "ops/adaptive_pool_shapes.h"
#include "torch/torch_common.h"

namespace gradlab::bench {
namespace {

void torchPool(benchmark::State& state, bool backward, PoolShape s, aclDataType dtype) {
  const at::TensorOptions options = at::TensorOptions().dtype(torchType(dtype));
  at::Tensor self = at::rand({s.N, s.C, s.H, s.W}, options) * 2 - 1;
  at::Tensor out = at::empty({s.N, s.C, s.Ho, s.Wo}, options);
  at::Tensor indices = at::empty({s.N, s.C, s.Ho, s.Wo}, at::TensorOptions().dtype(at::kLong));
  if (!backward) {
    timeTorchCalls(state, tensorBytes(self) + tensorBytes(out) + tensorBytes(indices),
                   [&] { at::adaptive_max_pool2d_out(out, indices, self, {s.Ho, s.Wo}); });
    return;
  }
  try {
    at::adaptive_max_pool2d_out(out, indices, self, {s.Ho, s.Wo});
  } catch (const c10::Error& e) {
    state.SkipWithError(e.what_without_backtrace());
    for (auto _ : state) {
    }
    return;
  }
  at::Tensor gradOutput = at::rand({s.N, s.C, s.Ho, s.Wo}, options) * 2 - 1;
  at::Tensor gradInput = at::empty({s.N, s.C, s.H, s.W}, options);
  timeTorchCalls(state, tensorBytes(gradOutput) + tensorBytes(indices) + tensorBytes(gradInput),
                 [&] { at::adaptive_max_pool2d_backward_out(gradInput, gradOutput, self, indices); });
}

void registerTorchPool(const Options& options) {
  useAllHostThreads();
  for (bool backward : {true, false}) {
    for (const PoolShape& s : adaptivePoolShapes()) {
      if (options.smoke && !s.tiny) continue;
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        const char* op = backward ? "adaptive_pool2d_bwd" : "adaptive_pool2d_fwd";
        configure(benchmark::RegisterBenchmark(benchName({"torch", op, s.label, dtypeLabel(dtype)}).c_str(), torchPool,
                                               backward, s, dtype),
                  options, s.tiny ? benchmark::kMicrosecond : benchmark::kMillisecond);
      }
    }
  }
}

const bool registered = addRegistration(&registerTorchPool);

}  // namespace
}  // namespace gradlab::bench
