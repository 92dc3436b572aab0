// Per-call overhead on a tiny tensor: the whole call (GetWorkspaceSize + launch + aclrtSynchronizeStream)
// and its two halves, timed separately, plus synchronizing an idle stream. A 2x2 gradInput does almost no
// work, so what is left is checks, planning, executor bookkeeping and the hand-off to the stream thread.
#include <benchmark/benchmark.h>

#include <chrono>
#include <string>

#include "common/device.h"
#include "common/registry.h"
#include "runtime/tiny_calls.h"

namespace gradlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

enum class Part { kWholeCall, kGetWorkspaceSize, kLaunchAndSync };

template <typename Call>
void overheadBench(benchmark::State& state, Call& call, Part part) {
  call.call();  // warm-up: workspace, first-use allocations
  for (auto _ : state) {
    uint64_t ws = 0;
    if (part == Part::kWholeCall) {
      const auto t0 = Clock::now();
      call.call();
      state.SetIterationTime(since(t0));
    } else if (part == Part::kGetWorkspaceSize) {
      const auto t0 = Clock::now();
      aclOpExecutor* exec = call.plan(&ws);
      state.SetIterationTime(since(t0));
      call.launchAndSync(exec, ws);
    } else {
      aclOpExecutor* exec = call.plan(&ws);
      const auto t0 = Clock::now();
      call.launchAndSync(exec, ws);
      state.SetIterationTime(since(t0));
    }
  }
}

const char* partName(Part part) {
  switch (part) {
    case Part::kWholeCall: return "call";
    case Part::kGetWorkspaceSize: return "get_workspace_size";
    case Part::kLaunchAndSync: return "launch_sync";
  }
  return "";
}

void upsampleOverhead(benchmark::State& state, Part part, bool deterministic) {
  Runtime::setDeterministic(deterministic);
  static Upsample2dBackwardCall call({1, 1, 2, 2}, ACL_FLOAT);
  overheadBench(state, call, part);
}

void poolOverhead(benchmark::State& state, Part part, bool deterministic) {
  Runtime::setDeterministic(deterministic);
  static AdaptivePoolBackwardCall call({1, 1, 4, 4}, 2, 2, ACL_FLOAT);
  overheadBench(state, call, part);
}

void idleSync(benchmark::State& state) {
  aclrtStream stream = Runtime::shared().stream();
  for (auto _ : state) {
    const auto t0 = Clock::now();
    require(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
    state.SetIterationTime(since(t0));
  }
}

void registerOverhead(const Options& options) {
  for (bool det : {true, false}) {
    for (Part part : {Part::kWholeCall, Part::kGetWorkspaceSize, Part::kLaunchAndSync}) {
      const std::string mode = det ? "det" : "default";
      configure(benchmark::RegisterBenchmark(
                    benchName({"overhead", "upsample2d_bwd_1x1x4x4", "fp32", partName(part), mode}).c_str(),
                    upsampleOverhead, part, det),
                options, benchmark::kMicrosecond);
      configure(benchmark::RegisterBenchmark(
                    benchName({"overhead", "adaptive_pool2d_bwd_1x1x4x4", "fp32", partName(part), mode}).c_str(),
                    poolOverhead, part, det),
                options, benchmark::kMicrosecond);
    }
  }
  configure(benchmark::RegisterBenchmark("overhead/synchronize_idle_stream", idleSync), options,
            benchmark::kMicrosecond);
}

const bool registered = addRegistration(&registerOverhead);

}  // namespace
}  // namespace gradlab::bench
