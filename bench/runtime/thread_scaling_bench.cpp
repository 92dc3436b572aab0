// Scaling with host threads, two ways:
//  - threads/core_pool: one large call with the emulated cores spread over 1 .. all host threads
//    (rt::limitHostThreads), the speed-up of the core pool itself;
//  - threads/streams: 1, 2, 4 user threads, each with its own stream and tensors, calling in a loop
//    (calls/s summed over the threads). Launches that use several emulated cores share one core pool,
//    so they take turns; one-core (tiny) launches run on their stream's thread and overlap.
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>

#include "common/device.h"
#include "common/registry.h"
#include "runtime/core_pool.h"
#include "runtime/tiny_calls.h"

namespace gradlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

void corePoolScaling(benchmark::State& state, std::vector<int64_t> outDims) {
  const int32_t threads = static_cast<int32_t>(state.range(0));
  Runtime::setDeterministic(true);
  static std::unique_ptr<Upsample2dBackwardCall> call;
  if (!call) call = std::make_unique<Upsample2dBackwardCall>(outDims, ACL_FLOAT);
  rt::limitHostThreads(threads);
  call->call();
  for (auto _ : state) {
    const auto t0 = Clock::now();
    call->call();
    state.SetIterationTime(std::chrono::duration<double>(Clock::now() - t0).count());
  }
  rt::limitHostThreads(0);
  state.counters["host_threads"] = benchmark::Counter(threads);
}

// Every benchmark thread: its own device binding, stream and tensors.
void streamScaling(benchmark::State& state, std::vector<int64_t> outDims) {
  Runtime::setDeterministic(true);
  require(aclrtSetDevice(0), "aclrtSetDevice");  // the current device is per host thread
  aclrtStream stream = nullptr;
  require(aclrtCreateStream(&stream), "aclrtCreateStream");
  {
    Upsample2dBackwardCall call(outDims, ACL_FLOAT);
    call.call(stream);
    for (auto _ : state) call.call(stream);
    state.SetItemsProcessed(state.iterations());
  }
  require(aclrtDestroyStream(stream), "aclrtDestroyStream");
}

void registerThreadScaling(const Options& options) {
  const int hostThreads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const std::vector<int64_t> large{8, 64, 128, 128}, medium{4, 16, 64, 64}, tiny{1, 1, 2, 2};
  auto* pool = benchmark::RegisterBenchmark("threads/core_pool/upsample2d_bwd_large/fp32/det", corePoolScaling,
                                            options.smoke ? tiny : large);
  for (int t = 1; t <= hostThreads; ++t) pool->Arg(t);
  pool->ArgName("host_threads");
  configure(pool, options, benchmark::kMillisecond);

  for (const auto& [label, dims] : {std::pair{"medium", medium}, std::pair{"tiny", tiny}}) {
    if (options.smoke && dims != tiny) continue;
    const std::string name = benchName({"threads", "streams", std::string("upsample2d_bwd_").append(label), "fp32", "det"});
    auto* b = benchmark::RegisterBenchmark(name.c_str(), streamScaling, dims);
    b->UseRealTime()->Unit(benchmark::kMicrosecond)->Threads(1)->Threads(2)->Threads(4);
    if (options.smoke) b->Iterations(1)->Repetitions(1);
  }
}

const bool registered = addRegistration(&registerThreadScaling);

}  // namespace
}  // namespace gradlab::bench
