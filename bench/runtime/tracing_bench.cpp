// What asking for a trace costs (gradlab::traceExecutor: every tile event and every cell move recorded).
// Each iteration times one traced call and one untraced call of the same executor shape, so x_untraced =
// traced time / untraced time is measured under the same machine load. The untraced benchmark shows
// the plain call for reference. (Tracing compiled out entirely: bench_tracing_build.)
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <string>

#include "common/device.h"
#include "common/registry.h"
#include "gradlab/trace.h"
#include "runtime/tiny_calls.h"

namespace gradlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

template <typename Call>
void tracingBench(benchmark::State& state, Call& call, bool traced) {
  call.call();
  double tracedSeconds = 0.0, plainSeconds = 0.0;
  uint64_t moves = 0;
  for (auto _ : state) {
    uint64_t ws = 0;
    if (traced) {
      auto trace = std::make_shared<Trace>();
      const auto t0 = Clock::now();
      aclOpExecutor* exec = call.plan(&ws);
      traceExecutor(exec, trace);
      call.launchAndSync(exec, ws);
      const double s = since(t0);
      state.SetIterationTime(s);
      tracedSeconds += s;
      moves = trace->moves.size();
    }
    const auto t1 = Clock::now();
    call.call();
    const double plain = since(t1);
    plainSeconds += plain;
    if (!traced) state.SetIterationTime(plain);
  }
  if (traced) {
    state.counters["moves"] = benchmark::Counter(static_cast<double>(moves));
    state.counters["x_untraced"] = benchmark::Counter(plainSeconds > 0 ? tracedSeconds / plainSeconds : 0.0);
  }
}

void upsampleTracing(benchmark::State& state, bool traced) {
  Runtime::setDeterministic(true);
  static Upsample2dBackwardCall call({1, 4, 32, 32}, ACL_FLOAT);
  tracingBench(state, call, traced);
}

void poolTracing(benchmark::State& state, bool traced) {
  Runtime::setDeterministic(true);
  static AdaptivePoolBackwardCall call({1, 4, 64, 64}, 25, 35, ACL_FLOAT);
  tracingBench(state, call, traced);
}

void registerTracing(const Options& options) {
  for (bool traced : {false, true}) {
    const std::string mode = traced ? "on" : "off";
    configure(benchmark::RegisterBenchmark(
                  benchName({"tracing", "upsample2d_bwd_1x4x64x64", "fp32", "det", mode}).c_str(), upsampleTracing,
                  traced),
              options, benchmark::kMicrosecond);
    configure(benchmark::RegisterBenchmark(
                  benchName({"tracing", "adaptive_pool2d_bwd_1x4x64x64_to_25x35", "fp32", "det", mode}).c_str(),
                  poolTracing, traced),
              options, benchmark::kMicrosecond);
  }
}

const bool registered = addRegistration(&registerTracing);

}  // namespace
}  // namespace gradlab::bench
