#include "gradlab/plan.h"

#include <algorithm>
#include <numeric>

#include "gradlab/trace.h"
#include "ops/common/tile_runner.h"
#include "runtime/executor_registry.h"

namespace gradlab {

const char* opName(OpKind op) {
  switch (op) {
    case OpKind::kUpsampleNearestExact1dBackward: return "UpsampleNearestExact1dBackward";
    case OpKind::kUpsampleNearestExact2dBackward: return "UpsampleNearestExact2dBackward";
    case OpKind::kAdaptiveMaxPool2dBackward: return "AdaptiveMaxPool2dBackward";
    case OpKind::kUpsampleNearestExact1d: return "UpsampleNearestExact1d";
    case OpKind::kUpsampleNearestExact2d: return "UpsampleNearestExact2d";
    case OpKind::kAdaptiveMaxPool2d: return "AdaptiveMaxPool2d";
  }
  return "Unknown";
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

double estimateTileUs(const DeviceProfile& profile, uint64_t bytesIn, uint64_t bytesOut, uint64_t vectorElems) {
  double copyUs = static_cast<double>(bytesIn + bytesOut) / (profile.mteBandwidthGBps * 1e3);
  double computeUs = static_cast<double>(vectorElems) / (profile.vectorElemsPerNs * 1e3);
  return copyUs + computeUs;
}

std::vector<double> Plan::coreLoadUs() const {
  std::vector<double> load(std::max(coresUsed, 0), 0.0);
  for (const Tile& t : tiles) load[t.core] += t.estimatedUs;
  return load;
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
