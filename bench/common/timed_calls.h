// The timed loop of an operator benchmark: each iteration times one call (GetWorkspaceSize + launch +
// aclrtSynchronizeStream), then a memcpy of the call's byte count, then the traffic floor (the call's reads
// and writes and nothing else, MemcpyBaseline::streamSeconds), and reports
//   bytes      = bytes the operator must read + write per call
//   GB/s       = bytes / call time (10^9 bytes per second)
//   memcpyGB/s = bytes / memcpy time, measured right after each call
//   x_memcpy   = GB/s / memcpyGB/s (1.0 = as fast as copying the same bytes)
//   x_floor    = floor time / call time (1.0 = as fast as only moving the call's bytes on all host threads)
// Register these benchmarks with UseManualTime(): the reported time is the call alone.
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>

#include "common/memcpy_baseline.h"

namespace gradlab::bench {

// x_floor only where floorSeconds > 0 (the thread-scaling runs time no floor).
void setTrafficCounters(benchmark::State& state, uint64_t bytes, double callSeconds, double copySeconds,
                        double floorSeconds = 0.0);

template <typename Call>
void timeCalls(benchmark::State& state, Traffic traffic, Call&& call) {
  using Clock = std::chrono::steady_clock;
  MemcpyBaseline& baseline = MemcpyBaseline::shared();
  double callSeconds = 0.0, copySeconds = 0.0, floorSeconds = 0.0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    call();
    const double s = std::chrono::duration<double>(Clock::now() - t0).count();
    state.SetIterationTime(s);
    callSeconds += s;
    copySeconds += baseline.copySeconds(traffic.bytes());
    floorSeconds += baseline.streamSeconds(traffic);
  }
  setTrafficCounters(state, traffic.bytes(), callSeconds, copySeconds, floorSeconds);
}

}  // namespace gradlab::bench
