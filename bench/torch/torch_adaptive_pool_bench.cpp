// PyTorch CPU: adaptive_max_pool2d and its backward on the shapes of bench_shapes.h (int64 indices).
#include <string>

#include "common/registry.h"
#include "ops/bench_shapes.h"
#include "torch/torch_common.h"

namespace gradlab::bench {
namespace {

void torchPool(benchmark::State& state, bool backward, BenchShape s, aclDataType dtype) {
  const at::TensorOptions options = at::TensorOptions().dtype(torchType(dtype));
  at::Tensor self = at::rand(s.shape.shape(Side::kIn, 2), options) * 2 - 1;
  at::Tensor out = at::empty(s.shape.shape(Side::kOut, 2), options);
  at::Tensor indices = at::empty(s.shape.shape(Side::kOut, 2), at::TensorOptions().dtype(at::kLong));
  if (!backward) {
    timeTorchCalls(state, {tensorBytes(self), tensorBytes(out) + tensorBytes(indices)},
                   [&] { at::adaptive_max_pool2d_out(out, indices, self, {s.shape.out[kH], s.shape.out[kW]}); });
    return;
  }
  try {
    at::adaptive_max_pool2d_out(out, indices, self, {s.shape.out[kH], s.shape.out[kW]});
  } catch (const c10::Error& e) {
    state.SkipWithError(e.what_without_backtrace());
    for (auto _ : state) {
    }
    return;
  }
  at::Tensor gradOutput = at::rand(s.shape.shape(Side::kOut, 2), options) * 2 - 1;
  at::Tensor gradInput = at::empty(s.shape.shape(Side::kIn, 2), options);
  timeTorchCalls(state, {tensorBytes(gradOutput) + tensorBytes(indices), tensorBytes(gradInput)},
                 [&] { at::adaptive_max_pool2d_backward_out(gradInput, gradOutput, self, indices); });
}

void registerTorchPool(const Options& options) {
  useAllHostThreads();
  for (bool backward : {true, false}) {
    for (const BenchShape& s : adaptivePool2dShapes()) {
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
