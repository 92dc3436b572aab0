// PyTorch CPU: _upsample_nearest_exact2d/1d and their backward on the shapes of bench_shapes.h.
#include <string>

#include "common/registry.h"
#include "ops/bench_shapes.h"
#include "torch/torch_common.h"

namespace gradlab::bench {
namespace {

c10::optional<double> scaleOrNone(double scale) { return scale > 0 ? c10::optional<double>(scale) : c10::nullopt; }

void torchUpsample(benchmark::State& state, bool twoD, bool backward, BenchShape s, aclDataType dtype) {
  const at::TensorOptions options = at::TensorOptions().dtype(torchType(dtype));
  const int rank = twoD ? 2 : 1;
  const std::vector<int64_t> in = s.shape.shape(Side::kIn, rank), out = s.shape.shape(Side::kOut, rank);
  const std::vector<int64_t> outputSize = s.shape.spatial(Side::kOut, rank);
  at::Tensor src = at::rand(backward ? out : in, options) * 2 - 1;
  at::Tensor dst = at::empty(backward ? in : out, options);
  const Traffic bytes{tensorBytes(src), tensorBytes(dst)};
  if (backward && twoD) {
    timeTorchCalls(state, bytes, [&] {
      at::_upsample_nearest_exact2d_backward_out(dst, src, outputSize, in, scaleOrNone(s.shape.scales[kH]), scaleOrNone(s.shape.scales[kW]));
    });
  } else if (backward) {
    timeTorchCalls(state, bytes,
                   [&] { at::_upsample_nearest_exact1d_backward_out(dst, src, outputSize, in, scaleOrNone(s.shape.scales[kW])); });
  } else if (twoD) {
    timeTorchCalls(state, bytes, [&] {
      at::_upsample_nearest_exact2d_out(dst, src, outputSize, scaleOrNone(s.shape.scales[kH]), scaleOrNone(s.shape.scales[kW]));
    });
  } else {
    timeTorchCalls(state, bytes, [&] { at::_upsample_nearest_exact1d_out(dst, src, outputSize, scaleOrNone(s.shape.scales[kW])); });
  }
}

void registerTorchUpsample(const Options& options) {
  useAllHostThreads();
  for (bool twoD : {true, false}) {
    for (bool backward : {true, false}) {
      for (const BenchShape& s : twoD ? upsample2dShapes() : upsample1dShapes()) {
        if (options.smoke && !s.tiny) continue;
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          const std::string op = std::string(twoD ? "upsample2d" : "upsample1d").append(backward ? "_bwd" : "_fwd");
          configure(benchmark::RegisterBenchmark(benchName({"torch", op, s.label, dtypeLabel(dtype)}).c_str(),
                                                 torchUpsample, twoD, backward, s, dtype),
                    options, s.tiny ? benchmark::kMicrosecond : benchmark::kMillisecond);
        }
      }
    }
  }
}

const bool registered = addRegistration(&registerTorchUpsample);

}  // namespace
}  // namespace gradlab::bench
