#include "ops/common/device_clock.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace gradlab {
namespace {

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

// GM<->UB bytes per us of one copy engine working alone: the active cores share the HBM equally.
double soloRate(const DeviceProfile& profile, int32_t activeCores) {
  return std::min(profile.mteBandwidthGBps, profile.gmBandwidthGBps / std::max(activeCores, 1)) * 1e3;
}

// How fast a copy progresses, relative to working alone, while the core's other copy engine also runs:
// the two split the core's HBM share (each still capped by its own engine).
double pairedSpeed(const DeviceProfile& profile, int32_t activeCores) {
  const double share = profile.gmBandwidthGBps / std::max(activeCores, 1);
  return std::min(profile.mteBandwidthGBps, share / 2.0) / std::min(profile.mteBandwidthGBps, share);
}

// The cores sharing the HBM while `tile`'s phase runs.
int32_t activeCores(const Plan& plan, int32_t phase) {
  if (phase >= 0 && static_cast<size_t>(phase) < plan.phases.size() && plan.phases[static_cast<size_t>(phase)].cores > 0)
    return plan.phases[static_cast<size_t>(phase)].cores;
  return plan.coresUsed;
}

bool cubeTile(const Plan& plan, const Tile& tile) { return plan.coreKind(tile.core) == CoreKind::kCube; }

// Microseconds of `macs` multiply-adds on one cube core.
double cubeUs(const DeviceProfile& profile, uint64_t macs, bool fp32) {
  return static_cast<double>(macs) / (profile.cubeMacsPerNs * (fp32 ? 0.25 : 1.0) * 1e3);
}

double loadL0Us(const DeviceProfile& profile, uint64_t bytes) {
  return static_cast<double>(bytes) / (profile.mte1BandwidthGBps * 1e3);
}

// A SIMT plan's tile (the 950's kernels): its threads load and store single values through the data cache, not
// through the copy engines, so its bytes move at the core's share of the HBM; its work (a load and an add per
// term, a store per cell) issues a warp of threads a cycle.
TileCost simtCost(const DeviceProfile& profile, int32_t activeCores, uint64_t bytesIn, uint64_t bytesOut, uint64_t work,
                  bool atomic) {
  const double share = profile.gmBandwidthGBps / std::max(activeCores, 1) * 1e3;
  const double lanes = profile.simtLanesPerNs > 0.0 ? profile.simtLanesPerNs : profile.simtWarp * 1.8;
  TileCost c;
  c.copyInUs = static_cast<double>(bytesIn) / share;
  c.computeUs = static_cast<double>(work) / (lanes * 1e3);
  c.copyOutUs = static_cast<double>(bytesOut) / share * (atomic ? profile.atomicAddCost : 1.0);
  return c;
}

}  // namespace

TileCost tileCost(const DeviceProfile& profile, int32_t activeCores, uint64_t bytesIn, uint64_t bytesOut,
                  uint64_t vectorElems, bool atomic) {
  const double rate = soloRate(profile, activeCores);
  TileCost c;
  c.copyInUs = static_cast<double>(bytesIn) / rate;
  c.computeUs = static_cast<double>(vectorElems) / (profile.vectorElemsPerNs * 1e3);
  c.copyOutUs = static_cast<double>(bytesOut) / rate * (atomic ? profile.atomicAddCost : 1.0);
  return c;
}

TileCost tileCost(const Plan& plan, const Tile& tile) {
  if (plan.simtThreads > 0) {
    return simtCost(plan.profile, activeCores(plan, tile.phase), tile.bytesIn, tile.bytesOut, tile.vectorElems, tile.atomic);
  }
  TileCost c = tileCost(plan.profile, activeCores(plan, tile.phase), tile.bytesIn, tile.bytesOut, tile.vectorElems,
                        tile.atomic);
  if (cubeTile(plan, tile)) {
    c.computeUs = cubeUs(plan.profile, tile.cubeMacs, tile.cubeFp32);
    c.loadL0Us = loadL0Us(plan.profile, tile.l0Bytes);
  }
  return c;
}

bool doubleBuffered(const Plan& plan, const Tile& tile) {
  const DeviceProfile& p = plan.profile;
  if (plan.simtThreads > 0) return false;  // nothing staged: its threads overlap their own loads, adds and stores
  if (cubeTile(plan, tile)) {
    return 2 * tile.l1Bytes <= p.l1Bytes && 2 * tile.l0aBytes <= p.l0aBytes && 2 * tile.l0bBytes <= p.l0bBytes &&
           2 * tile.l0cBytes <= p.l0cBytes;
  }
  return 2 * tile.ubBytes <= p.ubBytes;
}

int bufferOf(const Plan& plan, const Tile& tile) { return doubleBuffered(plan, tile) ? tile.order % 2 : -1; }

namespace ops {

TraceEvent unplacedEvent(const Plan& plan, int32_t core, int32_t tile, EventKind kind, uint64_t bytes,
                         uint64_t work) {
  const Tile* t = validTile(plan, tile) ? &plan.tiles[static_cast<size_t>(tile)] : nullptr;
  const int32_t active = activeCores(plan, t ? t->phase : -1);
  double us = 0.0;
  if (plan.simtThreads > 0) {  // the 950's threads (simtCost)
    const bool out = kind == EventKind::kCopyOut || kind == EventKind::kAtomicAdd;
    const TileCost c = simtCost(plan.profile, active, kind == EventKind::kCopyIn ? bytes : 0, out ? bytes : 0,
                                kind == EventKind::kCompute ? work : 0, kind == EventKind::kAtomicAdd);
    us = c.copyInUs + c.computeUs + c.copyOutUs;
  } else {
    switch (kind) {
      case EventKind::kCopyIn: us = tileCost(plan.profile, active, bytes, 0, 0, false).copyInUs; break;
      case EventKind::kCompute: us = tileCost(plan.profile, active, 0, 0, work, false).computeUs; break;
      case EventKind::kCopyOut:
      case EventKind::kFixPipe: us = tileCost(plan.profile, active, 0, bytes, 0, false).copyOutUs; break;
      case EventKind::kAtomicAdd: us = tileCost(plan.profile, active, 0, bytes, 0, true).copyOutUs; break;
      case EventKind::kLoadL0: us = loadL0Us(plan.profile, bytes); break;
      case EventKind::kMatmul: us = cubeUs(plan.profile, work, t && t->cubeFp32); break;
    }
  }
  TraceEvent e{core, tile, kind, pipeOf(kind), 0.0, us, bytes};
  if (t) e.buffer = static_cast<int8_t>(bufferOf(plan, *t));
  return e;
}

double placeCoreEvents(const Plan& plan, std::span<TraceEvent> events, double startUs) {
  const size_t n = events.size();
  if (n == 0) return startUs;
  // Tiles are runs of consecutive events with one tile id; each may start once the tile it must wait
  // for (the one before, or the one before that when both are double-buffered) is done.
  std::vector<size_t> tileOf(n), tileFirst;
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || events[i].tile != events[i - 1].tile) tileFirst.push_back(i);
    tileOf[i] = tileFirst.size() - 1;
  }
  const size_t tiles = tileFirst.size();
  auto buffered = [&](size_t k) {
    const int32_t id = events[tileFirst[k]].tile;
    return validTile(plan, id) && doubleBuffered(plan, plan.tiles[static_cast<size_t>(id)]);
  };
  std::vector<ptrdiff_t> waitsFor(tiles);
  for (size_t k = 0; k < tiles; ++k) {
    waitsFor[k] = static_cast<ptrdiff_t>(k) - (k >= 1 && buffered(k) && buffered(k - 1) ? 2 : 1);
  }
  std::vector<size_t> left(tiles, 0);  // events of each tile not yet done
  for (size_t i = 0; i < n; ++i) ++left[tileOf[i]];
  std::vector<double> remaining(n);     // solo-rate microseconds still to go
  for (size_t i = 0; i < n; ++i) remaining[i] = std::max(0.0, events[i].endUs - events[i].startUs);
  std::vector<bool> done(n, false);
  // Each pipe takes its events in issue order.
  std::vector<size_t> queue[kPipeCount];
  for (size_t i = 0; i < n; ++i) queue[static_cast<int>(events[i].pipe)].push_back(i);
  size_t next[kPipeCount] = {};
  ptrdiff_t running[kPipeCount];
  std::fill(std::begin(running), std::end(running), ptrdiff_t{-1});
  // A SIMT tile's loads, adds and stores run at once: thousands of threads in flight, each at its own step.
  const bool simt = plan.simtThreads > 0;
  const int32_t firstTile = events[0].tile;
  const double paired = pairedSpeed(plan.profile, activeCores(plan, validTile(plan, firstTile) ? plan.tiles[static_cast<size_t>(firstTile)].phase : -1));
  double now = startUs;
  for (size_t finished = 0; finished < n;) {
    for (int p = 0; p < kPipeCount; ++p) {
      if (running[p] >= 0 || next[p] == queue[p].size()) continue;
      const size_t i = queue[p][next[p]];
      const size_t k = tileOf[i];
      const bool previousDone = simt || i == tileFirst[k] || done[i - 1];
      const bool tileReady = waitsFor[k] < 0 || left[static_cast<size_t>(waitsFor[k])] == 0;
      if (!previousDone || !tileReady) continue;
      running[p] = static_cast<ptrdiff_t>(i);
      ++next[p];
      events[i].startUs = now;
    }
    // The engines that move GM bytes (MTE2 in; MTE3 or FixPipe out) split the core's HBM share.
    auto hbm = [](int p) {
      return p == static_cast<int>(Pipe::kMte2) || p == static_cast<int>(Pipe::kMte3) || p == static_cast<int>(Pipe::kFixPipe);
    };
    int copying = 0;
    for (int p = 0; p < kPipeCount; ++p) copying += hbm(p) && running[p] >= 0;
    auto speed = [&](int p) { return hbm(p) && copying >= 2 ? paired : 1.0; };
    double step = -1.0;
    for (int p = 0; p < kPipeCount; ++p) {
      if (running[p] < 0) continue;
      const double t = remaining[static_cast<size_t>(running[p])] / speed(p);
      if (step < 0.0 || t < step) step = t;
    }
    if (step < 0.0) break;  // nothing can run: cannot happen for events in issue order
    now += step;
    for (int p = 0; p < kPipeCount; ++p) {
      if (running[p] < 0) continue;
      const size_t i = static_cast<size_t>(running[p]);
      remaining[i] -= step * speed(p);
      if (remaining[i] > 1e-12 * std::max(1.0, now)) continue;
      remaining[i] = 0.0;
      done[i] = true;
      events[i].endUs = now;
      --left[tileOf[i]];
      running[p] = -1;
      ++finished;
    }
  }
  double end = startUs;
  for (const TraceEvent& e : events) end = std::max(end, e.endUs);
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
        if (plan.coreKind(t.core) == CoreKind::kCube) {
          add(EventKind::kCopyIn, t.bytesIn, 0);
          add(EventKind::kLoadL0, t.l0Bytes, 0);
          add(EventKind::kMatmul, 0, t.cubeMacs);
          add(EventKind::kFixPipe, t.bytesOut, 0);
          continue;
        }
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
      const bool copy = e.pipe == Pipe::kMte2 || e.pipe == Pipe::kMte3 || e.pipe == Pipe::kFixPipe;
      if (phaseOf(e) == p && e.core == lastCore[static_cast<size_t>(p)] && copy)
        copies.emplace_back(e.startUs, e.endUs);
    }
    m.copyUs += coveredUs(std::move(copies));
  }
  return m;
}

}  // namespace gradlab
