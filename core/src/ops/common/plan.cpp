#include "gradlab/plan.h"

#include <algorithm>
#include <numeric>

#include "gradlab/trace.h"
#include "ops/common/tile_runner.h"
#include "runtime/executor_registry.h"

namespace gradlab {

const char* phaseKindName(PhaseKind kind) {
  switch (kind) {
    case PhaseKind::kCheck: return "check";
    case PhaseKind::kZero: return "zero";
    case PhaseKind::kCompute: return "compute";
    case PhaseKind::kRound: return "round";
  }
  return "?";
}

const char* pipeName(Pipe pipe) {
  switch (pipe) {
    case Pipe::kMte2: return "MTE2";
    case Pipe::kVector: return "VECTOR";
    case Pipe::kMte3: return "MTE3";
  }
  return "?";
}

const char* eventKindName(EventKind kind) {
  switch (kind) {
    case EventKind::kCopyIn: return "CopyIn";
    case EventKind::kCompute: return "Compute";
    case EventKind::kCopyOut: return "CopyOut";
    case EventKind::kAtomicAdd: return "AtomicAdd";
  }
  return "?";
}

TileCost tileCost(const DeviceProfile& profile, int32_t activeCores, uint64_t bytesIn, uint64_t bytesOut,
                  uint64_t vectorElems) {
  const double share = profile.gmBandwidthGBps / std::max(activeCores, 1);
  const double bytesPerUs = std::min(profile.mteBandwidthGBps, share) * 1e3;
  return {static_cast<double>(bytesIn) / bytesPerUs, static_cast<double>(vectorElems) / (profile.vectorElemsPerNs * 1e3),
          static_cast<double>(bytesOut) / bytesPerUs};
}

std::pair<size_t, size_t> Plan::phaseTiles(int32_t phase) const {
  auto first = std::lower_bound(tiles.begin(), tiles.end(), phase, [](const Tile& t, int32_t p) { return t.phase < p; });
  auto last = std::upper_bound(first, tiles.end(), phase, [](int32_t p, const Tile& t) { return p < t.phase; });
  return {static_cast<size_t>(first - tiles.begin()), static_cast<size_t>(last - tiles.begin())};
}

std::vector<TraceEvent> planEvents(const Plan& plan) {
  std::vector<TraceEvent> events;
  std::vector<double> clock(static_cast<size_t>(std::max(plan.coresUsed, 0)), 0.0);
  for (int32_t phase = 0; phase < static_cast<int32_t>(plan.phases.size()); ++phase) {
    const auto [first, last] = plan.phaseTiles(phase);
    for (size_t i = first; i < last; ++i) {
      const Tile& t = plan.tiles[i];
      double& c = clock[static_cast<size_t>(t.core)];
      const TileCost cost = tileCost(plan.profile, plan.coresUsed, t.bytesIn, t.bytesOut, t.vectorElems);
      auto add = [&](EventKind kind, Pipe pipe, double us, uint64_t bytes) {
        if (us <= 0.0 && bytes == 0) return;
        events.push_back({t.core, t.id, kind, pipe, c, c + us, bytes});
        c += us;
      };
      add(EventKind::kCopyIn, Pipe::kMte2, cost.copyInUs, t.bytesIn);
      add(EventKind::kCompute, Pipe::kVector, cost.computeUs, 0);
      add(t.atomic ? EventKind::kAtomicAdd : EventKind::kCopyOut, Pipe::kMte3, cost.copyOutUs, t.bytesOut);
    }
    const double barrier = clock.empty() ? 0.0 : *std::max_element(clock.begin(), clock.end());
    std::fill(clock.begin(), clock.end(), barrier);
  }
  std::stable_sort(events.begin(), events.end(), [](const TraceEvent& a, const TraceEvent& b) { return a.core < b.core; });
  return events;
}

std::vector<double> Plan::coreLoadUs() const {
  std::vector<double> load(std::max(coresUsed, 0), 0.0);
  for (const Tile& t : tiles) load[t.core] += t.estimatedUs;
  return load;
}

ModelledTime modelledTime(const Plan& plan) {
  ModelledTime m;
  m.launchUs = plan.profile.launchOverheadUs;
  m.bytes = plan.trafficBytes();
  const size_t cores = static_cast<size_t>(std::max(plan.coresUsed, 0));
  for (int32_t phase = 0; phase < static_cast<int32_t>(plan.phases.size()); ++phase) {
    std::vector<double> busy(cores, 0.0), copying(cores, 0.0);
    const auto [first, last] = plan.phaseTiles(phase);
    for (size_t i = first; i < last; ++i) {
      const Tile& t = plan.tiles[i];
      const TileCost c = tileCost(plan.profile, plan.coresUsed, t.bytesIn, t.bytesOut, t.vectorElems);
      busy[static_cast<size_t>(t.core)] += c.totalUs();
      copying[static_cast<size_t>(t.core)] += c.copyInUs + c.copyOutUs;
    }
    if (cores == 0) continue;
    const size_t busiest = static_cast<size_t>(std::max_element(busy.begin(), busy.end()) - busy.begin());
    m.kernelUs += busy[busiest];
    m.copyUs += copying[busiest];
  }
  return m;
}

uint64_t Plan::trafficBytes() const {
  uint64_t bytes = 0;
  for (const Tile& t : tiles) bytes += t.bytesIn + t.bytesOut;
  return bytes;
}

double Plan::imbalance() const {
  std::vector<double> load = coreLoadUs();
  if (load.empty()) return 1.0;
  double mean = std::accumulate(load.begin(), load.end(), 0.0) / static_cast<double>(load.size());
  return mean > 0 ? *std::max_element(load.begin(), load.end()) / mean : 1.0;
}

const Plan* executorPlan(const aclOpExecutor* executor) {
  const Plan* plan = nullptr;
  rt::ExecutorRegistry::instance().withLive(executor, [&](aclOpExecutor& e) { plan = e.plan.get(); });
  return plan;
}

bool traceExecutor(aclOpExecutor* executor, std::shared_ptr<Trace> trace) {
  if constexpr (!ops::kTracingBuilt) return false;
  return rt::ExecutorRegistry::instance().withLive(executor, [&](aclOpExecutor& e) { e.trace = std::move(trace); });
}

}  // namespace gradlab
