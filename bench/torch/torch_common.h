// PyTorch CPU (libtorch) on the same shapes as the gradlab benchmarks, for a side-by-side comparison in
// the same run: out= variants on tensors allocated once, all host threads, the same byte counts and the
// same memcpy yardstick. Unsupported dtype/op pairs are reported as skipped, with PyTorch's message.
#pragma once

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <benchmark/benchmark.h>

#include <thread>

#include "acl/acl_base.h"
#include "common/device.h"
#include "common/timed_calls.h"

namespace gradlab::bench {

inline at::ScalarType torchType(aclDataType dtype) {
  return dtype == ACL_FLOAT16 ? at::kHalf : dtype == ACL_BF16 ? at::kBFloat16 : at::kFloat;
}

inline void useAllHostThreads() {
  at::set_num_threads(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

inline uint64_t tensorBytes(const at::Tensor& t) { return static_cast<uint64_t>(t.numel()) * t.element_size(); }

// timeCalls for a PyTorch call; a c10::Error (an op without a kernel for the dtype) skips the benchmark.
template <typename Call>
void timeTorchCalls(benchmark::State& state, Traffic bytes, Call&& call) {
  try {
    call();  // warm-up
  } catch (const c10::Error& e) {
    state.SkipWithError(e.what_without_backtrace());
    for (auto _ : state) {
    }
    return;
  }
  timeCalls(state, bytes, call);
}

}  // namespace gradlab::bench
