// PyTorch CPU: _upsample_nearest_exact2d/1d and their backward on the shapes of upsample_shapes.h.
#include <string>

#include "common/registry.h"
#include "ops/upsample_shapes.h"
#include "torch/torch_common.h"

namespace gradlab::bench {
namespace {

c10::optional<double> scaleOrNone(double scale) { return scale > 0 ? c10::optional<double>(scale) : c10::nullopt; }

void torchUpsample(benchmark::State& state, bool twoD, bool backward, UpsampleShape s, aclDataType dtype) {
  const at::TensorOptions options = at::TensorOptions().dtype(torchType(dtype));
  const std::vector<int64_t> in = twoD ? std::vector<int64_t>{s.N, s.C, s.inH, s.inW} : std::vector<int64_t>{s.N, s.C, s.inW};
  const std::vector<int64_t> out =
      twoD ? std::vector<int64_t>{s.N, s.C, s.outH, s.outW} : std::vector<int64_t>{s.N, s.C, s.outW};
  const std::vector<int64_t> outputSize = twoD ? std::vector<int64_t>{s.outH, s.outW} : std::vector<int64_t>{s.outW};
  at::Tensor src = at::rand(backward ? out : in, options) * 2 - 1;
  at::Tensor dst = at::empty(backward ? in : out, options);
  const uint64_t bytes = tensorBytes(src) + tensorBytes(dst);
  if (backward && twoD) {
    timeTorchCalls(state, bytes, [&] {
      at::_upsample_nearest_exact2d_backward_out(dst, src, outputSize, in, scaleOrNone(s.scaleH), scaleOrNone(s.scaleW));
    });
  } else if (backward) {
    timeTorchCalls(state, bytes,
                   [&] { at::_upsample_nearest_exact1d_backward_out(dst, src, outputSize, in, scaleOrNone(s.scaleW)); });
  } else if (twoD) {
    timeTorchCalls(state, bytes, [&] {
      at::_upsample_nearest_exact2d_out(dst, src, outputSize, scaleOrNone(s.scaleH), scaleOrNone(s.scaleW));
    });
  } else {
    timeTorchCalls(state, bytes, [&] { at::_upsample_nearest_exact1d_out(dst, src, outputSize, scaleOrNone(s.scaleW)); });
  }
}

void registerTorchUpsample(const Options& options) {
  useAllHostThreads();
  for (bool twoD : {true, false}) {
    for (bool backward : {true, false}) {
      for (const UpsampleShape& s : twoD ? upsample2dShapes() : upsample1dShapes()) {
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
