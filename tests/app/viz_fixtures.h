// Hand-built runs for the viz tests: a 2-D nearest upsample backward 4x4 -> 2x2 (gradOutput 1..16) on
// two cores, with its plan, trace (moves interleaved between the cores) and tensors, exactly as
// gradlab::run would return them.
#pragma once

#include <map>
#include <memory>

#include "gradlab/runner.h"

namespace gradlab::viz::testing {

inline Plan twoCorePlan() {
  Plan p;
  p.op = OpKind::kUpsampleNearestExact2dBackward;
  p.profile.name = "test";
  p.profile.vectorCores = 2;
  p.profile.ubBytes = 1024;
  p.profile.launchOverheadUs = 0.0;  // the hand-made events below start at 0
  p.srcShape = {1, 1, 4, 4};
  p.dstShape = {1, 1, 2, 2};
  p.planes = 1;
  p.coresUsed = 2;
  p.phases = {{PhaseKind::kCompute, "sum two row bands"}};
  Tile t0;
  t0.id = 0, t0.core = 0, t0.src = {0, 1, 0, 2, 0, 4}, t0.dst = {0, 1, 0, 1, 0, 2};
  t0.ubBytes = 128, t0.bytesIn = 32, t0.bytesOut = 8, t0.vectorElems = 10, t0.estimatedUs = 1.0;
  Tile t1 = t0;
  t1.id = 1, t1.core = 1, t1.src = {0, 1, 2, 4, 0, 4}, t1.dst = {0, 1, 1, 2, 0, 2}, t1.estimatedUs = 3.0;
  p.tiles = {t0, t1};
  p.strategy = "two row bands";
  return p;
}

// Moves in the order: core 0's k-th move, then core 1's k-th move, ... (row-major within each core).
inline std::shared_ptr<Trace> twoCoreTrace() {
  auto trace = std::make_shared<Trace>();
  trace->plan = twoCorePlan();
  std::map<int64_t, float> sums;
  std::map<int64_t, uint32_t> order;
  uint64_t seq = 0;
  for (int k = 0; k < 8; ++k) {
    for (int core = 0; core < 2; ++core) {
      const int64_t h = core * 2 + k / 4, w = k % 4;
      const int64_t src = h * 4 + w, dst = (h / 2) * 2 + w / 2;
      const float value = static_cast<float>(src + 1);
      sums[dst] += value;
      trace->moves.push_back({src, dst, core, core, seq++, order[dst]++, value, sums[dst]});
    }
  }
  for (int core = 0; core < 2; ++core) {
    const double scale = core == 0 ? 1.0 : 3.0;
    trace->events.push_back({core, core, EventKind::kCopyIn, Pipe::kMte2, 0.0, 0.4 * scale, 32});
    trace->events.push_back({core, core, EventKind::kCompute, Pipe::kVector, 0.4 * scale, 0.8 * scale, 0});
    trace->events.push_back({core, core, EventKind::kCopyOut, Pipe::kMte3, 0.8 * scale, 1.0 * scale, 8});
  }
  return trace;
}

inline RunResult twoCoreResult() {
  RunResult r;
  HostTensor go;
  go.name = "gradOutput";
  go.shape = {1, 1, 4, 4};
  std::vector<float> goValues;
  for (int i = 0; i < 16; ++i) goValues.push_back(static_cast<float>(i + 1));
  go.values = goValues;
  HostTensor gi;
  gi.name = "gradInput";
  gi.shape = {1, 1, 2, 2};
  gi.values = {14, 22, 46, 54};
  r.inputs = {go};
  r.outputs = {gi};
  r.trace = twoCoreTrace();
  r.plan = std::make_shared<const Plan>(r.trace->plan);
  return r;
}

}  // namespace gradlab::viz::testing
