#include "common/timed_calls.h"

namespace gradlab::bench {

void setTrafficCounters(benchmark::State& state, uint64_t bytes, double callSeconds, double copySeconds,
                        double floorSeconds) {
  const double total = static_cast<double>(bytes) * static_cast<double>(state.iterations());
  state.counters["bytes"] = benchmark::Counter(static_cast<double>(bytes));
  state.counters["GB/s"] = benchmark::Counter(callSeconds > 0 ? total / callSeconds / 1e9 : 0.0);
  state.counters["memcpyGB/s"] = benchmark::Counter(copySeconds > 0 ? total / copySeconds / 1e9 : 0.0);
  state.counters["x_memcpy"] = benchmark::Counter(callSeconds > 0 ? copySeconds / callSeconds : 0.0);
  if (floorSeconds > 0 && callSeconds > 0) state.counters["x_floor"] = benchmark::Counter(floorSeconds / callSeconds);
}

}  // namespace gradlab::bench
