// Per-call overhead on a tiny tensor: the whole call (GetWorkspaceSize + launch + aclrtSynchronizeStream)
// and its two halves, timed separately, plus synchronizing an idle stream; and planning alone, with and
// without the plan's prose, on the tiny calls and two large ones. A 2x2 gradInput does almost no
// work, so what is left is checks, planning, executor bookkeeping and the hand-off to the stream thread.
#include <benchmark/benchmark.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "common/device.h"
#include "common/registry.h"
#include "runtime/prose.h"
#include "runtime/tiny_calls.h"

namespace gradlab::bench {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// kPlan / kPlanDescribed: GetWorkspaceSize alone, the executor destroyed unlaunched (so no launch's threads
// run beside the timing); described: inside a DescribeScope, planning with the prose every GetWorkspaceSize
// wrote before plans were described on request (runtime/prose.h).
enum class Part { kWholeCall, kGetWorkspaceSize, kLaunchAndSync, kPlan, kPlanDescribed };

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
    } else if (part == Part::kLaunchAndSync) {
      aclOpExecutor* exec = call.plan(&ws);
      const auto t0 = Clock::now();
      call.launchAndSync(exec, ws);
      state.SetIterationTime(since(t0));
    } else {
      std::optional<rt::DescribeScope> describe;
      if (part == Part::kPlanDescribed) describe.emplace();
      const auto t0 = Clock::now();
      aclOpExecutor* exec = call.plan(&ws);
      state.SetIterationTime(since(t0));
      require(aclDestroyAclOpExecutor(exec), "aclDestroyAclOpExecutor");
    }
  }
}

const char* partName(Part part) {
  switch (part) {
    case Part::kWholeCall: return "call";
    case Part::kGetWorkspaceSize: return "get_workspace_size";
    case Part::kLaunchAndSync: return "launch_sync";
    case Part::kPlan: return "plan";
    case Part::kPlanDescribed: return "plan_described";
  }
  return "";
}

// The calls, made when a benchmark of theirs first runs (the large ones hold 170 MB of tensors).
TinyCall& tinyUpsample() {
  static Upsample2dBackwardCall call({1, 1, 2, 2}, ACL_FLOAT);
  return call;
}
TinyCall& tinyPool() {
  static AdaptivePoolBackwardCall call({1, 1, 4, 4}, 2, 2, ACL_FLOAT);
  return call;
}
// Planning a large call: 1 536 tiles to build (and, when asked, to describe).
TinyCall& largeUpsample() {
  static Upsample2dBackwardCall call({8, 64, 128, 128}, ACL_FLOAT);
  return call;
}
TinyCall& largePool() {
  static AdaptivePoolBackwardCall call({8, 64, 128, 128}, 50, 70, ACL_FLOAT);
  return call;
}

void overhead(benchmark::State& state, TinyCall& (*call)(), Part part, bool deterministic) {
  Runtime::setDeterministic(deterministic);
  overheadBench(state, call(), part);
}

// The call as a program makes it when it does not keep its aclTensors between calls (CANN's samples, and the
// Python module's functions): two tensors over device buffers, outputSize and inputSize made, both phases on the
// default stream, everything destroyed. The Python module's cost is held to this (docs/python.md).
void callMakingTensors(benchmark::State& state, bool deterministic) {
  Runtime::setDeterministic(deterministic);
  Runtime::shared();
  const std::vector<int64_t> outDims = {1, 1, 2, 2}, inDims = {1, 1, 4, 4}, outStrides = {4, 4, 2, 1},
                             inStrides = {16, 16, 4, 1}, sizes = {4, 4};
  DeviceBuffer gradOutput, gradInput;
  gradOutput.reserve(16 * sizeof(float));
  gradInput.reserve(4 * sizeof(float));
  const int64_t inStorage = 16, outStorage = 4;
  auto call = [&] {
    aclTensor* go = aclCreateTensor(inDims.data(), 4, ACL_FLOAT, inStrides.data(), 0, ACL_FORMAT_NCHW, &inStorage, 1,
                                    gradOutput.data());
    aclTensor* gi = aclCreateTensor(outDims.data(), 4, ACL_FLOAT, outStrides.data(), 0, ACL_FORMAT_NCHW, &outStorage, 1,
                                    gradInput.data());
    aclIntArray* outputSize = aclCreateIntArray(sizes.data(), 2);
    aclIntArray* inputSize = aclCreateIntArray(outDims.data(), 4);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    require(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(go, outputSize, inputSize, 0.0, 0.0, gi, &ws, &exec),
            "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize");
    require(aclnnUpsampleNearestExact2dBackward(nullptr, ws, exec, nullptr), "aclnnUpsampleNearestExact2dBackward");
    require(aclrtSynchronizeStream(nullptr), "aclrtSynchronizeStream");
    aclDestroyTensor(go);
    aclDestroyTensor(gi);
    aclDestroyIntArray(outputSize);
    aclDestroyIntArray(inputSize);
  };
  call();
  for (auto _ : state) {
    const auto t0 = Clock::now();
    call();
    state.SetIterationTime(since(t0));
  }
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
  struct Subject {
    const char* name;
    TinyCall& (*call)();
    std::vector<Part> parts;
  };
  const std::vector<Part> tinyParts = {Part::kWholeCall, Part::kGetWorkspaceSize, Part::kLaunchAndSync, Part::kPlan,
                                       Part::kPlanDescribed};
  const std::vector<Part> planParts = {Part::kPlan, Part::kPlanDescribed};
  const Subject subjects[] = {{"upsample2d_bwd_1x1x4x4", tinyUpsample, tinyParts},
                              {"adaptive_pool2d_bwd_1x1x4x4", tinyPool, tinyParts},
                              {"upsample2d_bwd_8x64x128x128", largeUpsample, planParts},
                              {"adaptive_pool2d_bwd_8x64x128x128_to_50x70", largePool, planParts}};
  for (bool det : {true, false}) {
    const std::string mode = det ? "det" : "default";
    for (const Subject& subject : subjects) {
      for (Part part : subject.parts) {
        configure(benchmark::RegisterBenchmark(benchName({"overhead", subject.name, "fp32", partName(part), mode}).c_str(),
                                               overhead, subject.call, part, det),
                  options, benchmark::kMicrosecond);
      }
    }
  }
  for (bool det : {true, false}) {
    configure(benchmark::RegisterBenchmark(
                  benchName({"overhead", "upsample2d_bwd_1x1x4x4", "fp32", "call_making_tensors", det ? "det" : "default"})
                      .c_str(),
                  callMakingTensors, det),
              options, benchmark::kMicrosecond);
  }
  configure(benchmark::RegisterBenchmark("overhead/synchronize_idle_stream", idleSync), options,
            benchmark::kMicrosecond);
}

const bool registered = addRegistration(&registerOverhead);

}  // namespace
}  // namespace gradlab::bench
