#include "ops/common/device_clock.h"

#include <algorithm>

namespace gradlab {
namespace {

Pipe pipeOf(EventKind kind) {
  switch (kind) {
    case EventKind::kCopyIn: return Pipe::kMte2;
    case EventKind::kCompute: return Pipe::kVector;
    case EventKind::kCopyOut:
    case EventKind::kAtomicAdd: return Pipe::kMte3;
  }
  return Pipe::kVector;
}

bool validTile(const Plan& plan, int32_t tile) { return tile >= 0 && static_cast<size_t>(tile) < plan.tiles.size(); }

// Length of the union of [start, end) intervals.
double coveredUs(std::vector<std::pair<double, double>> spans) {
  std::sort(spans.begin(), spans.end());
  double covered = 0.0, reach = -1e300;
  for (const auto& [s, e] : spans) {
    if (e <= reach) continue;
    covered += e - std::max(s, reach);
    reach = e;
  }
  return covered;
}

}  // namespace

TileCost tileCost(const DeviceProfile& profile, int32_t activeCores, bool doubleBuffered, uint64_t bytesIn,
                  uint64_t bytesOut, uint64_t vectorElems, bool atomic) {
  const double engines = static_cast<double>(std::max(activeCores, 1)) * (doubleBuffered ? 2.0 : 1.0);
  const double bytesPerUs = std::min(profile.mteBandwidthGBps, profile.gmBandwidthGBps / engines) * 1e3;
  return {static_cast<double>(bytesIn) / bytesPerUs,
          static_cast<double>(vectorElems) / (profile.vectorElemsPerNs * 1e3),
          static_cast<double>(bytesOut) / bytesPerUs * (atomic ? profile.atomicAddCost : 1.0)};
}

TileCost tileCost(const Plan& plan, const Tile& tile) {
  return tileCost(plan.profile, plan.coresUsed, doubleBuffered(plan, tile), tile.bytesIn, tile.bytesOut,
                  tile.vectorElems, tile.atomic);
}

bool doubleBuffered(const Plan& plan, const Tile& tile) { return 2 * tile.ubBytes <= plan.profile.ubBytes; }

namespace ops {

TraceEvent unplacedEvent(const Plan& plan, int32_t core, int32_t tile, EventKind kind, uint64_t bytes,
                         uint64_t vectorElems) {
  const bool buffered = validTile(plan, tile) && doubleBuffered(plan, plan.tiles[static_cast<size_t>(tile)]);
  const bool in = kind == EventKind::kCopyIn;
  const TileCost cost = tileCost(plan.profile, plan.coresUsed, buffered, in ? bytes : 0, in ? 0 : bytes,
                                 kind == EventKind::kCompute ? vectorElems : 0, kind == EventKind::kAtomicAdd);
  return {core, tile, kind, pipeOf(kind), 0.0, cost.totalUs(), bytes};
}

double placeCoreEvents(const Plan& plan, std::span<TraceEvent> events, double startUs) {
  double pipeFree[3] = {startUs, startUs, startUs};
  double doneTwoAgo = startUs, doneLast = startUs;  // when the tiles before the current one finished
  bool lastBuffered = false;
  int32_t tile = -1;
  double ready = startUs, tileEnd = startUs, end = startUs;
  for (size_t i = 0; i < events.size(); ++i) {
    TraceEvent& e = events[i];
    if (i == 0 || e.tile != tile) {
      if (i != 0) {
        doneTwoAgo = doneLast;
        doneLast = tileEnd;
      }
      const bool buffered = validTile(plan, e.tile) && doubleBuffered(plan, plan.tiles[static_cast<size_t>(e.tile)]);
      ready = buffered && lastBuffered ? doneTwoAgo : doneLast;
      lastBuffered = buffered;
      tile = e.tile;
      tileEnd = ready;
    }
    const double duration = std::max(0.0, e.endUs - e.startUs);
    double& free = pipeFree[static_cast<int>(e.pipe)];
    e.startUs = std::max(ready, free);
    e.endUs = e.startUs + duration;
    free = ready = e.endUs;
    tileEnd = std::max(tileEnd, e.endUs);
    end = std::max(end, e.endUs);
  }
  return end;
}

}  // namespace ops

std::vector<TraceEvent> planEvents(const Plan& plan) {
  std::vector<TraceEvent> events;
  double barrier = plan.profile.launchOverheadUs;
  for (int32_t phase = 0; phase < static_cast<int32_t>(plan.phases.size()); ++phase) {
    const auto [first, last] = plan.phaseTiles(phase);
    double phaseEnd = barrier;
    for (size_t i = first; i < last;) {
      const int32_t core = plan.tiles[i].core;
      const size_t coreFirst = events.size();
      for (; i < last && plan.tiles[i].core == core; ++i) {
        const Tile& t = plan.tiles[i];
        auto add = [&](EventKind kind, uint64_t bytes, uint64_t elems) {
          TraceEvent e = ops::unplacedEvent(plan, core, t.id, kind, bytes, elems);
          if (e.endUs > 0.0 || bytes != 0) events.push_back(e);
        };
        add(EventKind::kCopyIn, t.bytesIn, 0);
        add(EventKind::kCompute, 0, t.vectorElems);
        add(t.atomic ? EventKind::kAtomicAdd : EventKind::kCopyOut, t.bytesOut, 0);
      }
      std::span<TraceEvent> mine(events.data() + coreFirst, events.size() - coreFirst);
      phaseEnd = std::max(phaseEnd, ops::placeCoreEvents(plan, mine, barrier));
    }
    barrier = phaseEnd;
  }
  std::stable_sort(events.begin(), events.end(), [](const TraceEvent& a, const TraceEvent& b) { return a.core < b.core; });
  return events;
}

ModelledTime modelledTime(const Plan& plan) {
  ModelledTime m;
  m.launchUs = plan.profile.launchOverheadUs;
  m.bytes = plan.trafficBytes();
  const std::vector<TraceEvent> events = planEvents(plan);
  const int32_t phases = static_cast<int32_t>(plan.phases.size());
  // Per phase: when it ended, which core ended it, and that core's copy spans.
  std::vector<double> phaseEnd(static_cast<size_t>(phases), 0.0);
  std::vector<int32_t> lastCore(static_cast<size_t>(phases), -1);
  auto phaseOf = [&](const TraceEvent& e) { return plan.tiles[static_cast<size_t>(e.tile)].phase; };
  for (const TraceEvent& e : events) {
    const size_t p = static_cast<size_t>(phaseOf(e));
    if (e.endUs >= phaseEnd[p]) phaseEnd[p] = e.endUs, lastCore[p] = e.core;
    m.kernelUs = std::max(m.kernelUs, e.endUs - m.launchUs);
  }
  for (int32_t p = 0; p < phases; ++p) {
    std::vector<std::pair<double, double>> copies;
    for (const TraceEvent& e : events) {
      if (phaseOf(e) == p && e.core == lastCore[static_cast<size_t>(p)] && e.pipe != Pipe::kVector)
        copies.emplace_back(e.startUs, e.endUs);
    }
    m.copyUs += coveredUs(std::move(copies));
  }
  return m;
}

}  // namespace gradlab
