#include "gradlab/plan.h"

#include <algorithm>
#include <numeric>

#include "gradlab/trace.h"
#include "ops/common/tile_runner.h"
#include "runtime/executor_registry.h"
#include "runtime/prose.h"

namespace gradlab {

const char* phaseKindName(PhaseKind kind) {
  switch (kind) {
    case PhaseKind::kCheck: return "check";
    case PhaseKind::kZero: return "zero";
    case PhaseKind::kCompute: return "compute";
    case PhaseKind::kRound: return "round";
    case PhaseKind::kCast: return "cast";
    case PhaseKind::kSelect: return "select";
    case PhaseKind::kMatmul: return "matmul";
  }
  return "?";
}

const char* pipeName(Pipe pipe) {
  switch (pipe) {
    case Pipe::kMte2: return "MTE2";
    case Pipe::kVector: return "VECTOR";
    case Pipe::kMte3: return "MTE3";
    case Pipe::kMte1: return "MTE1";
    case Pipe::kCube: return "CUBE";
    case Pipe::kFixPipe: return "FIXPIPE";
  }
  return "?";
}

Pipe pipeOf(EventKind kind) {
  switch (kind) {
    case EventKind::kCopyIn: return Pipe::kMte2;
    case EventKind::kCompute: return Pipe::kVector;
    case EventKind::kCopyOut:
    case EventKind::kAtomicAdd: return Pipe::kMte3;
    case EventKind::kLoadL0: return Pipe::kMte1;
    case EventKind::kMatmul: return Pipe::kCube;
    case EventKind::kFixPipe: return Pipe::kFixPipe;
  }
  return Pipe::kVector;
}

std::span<const Pipe> pipesOf(CoreKind kind) {
  static constexpr Pipe kVectorPipes[] = {Pipe::kMte2, Pipe::kVector, Pipe::kMte3};
  static constexpr Pipe kCubePipes[] = {Pipe::kMte2, Pipe::kMte1, Pipe::kCube, Pipe::kFixPipe};
  if (kind == CoreKind::kCube) return kCubePipes;
  return kVectorPipes;
}

const char* eventKindName(EventKind kind) {
  switch (kind) {
    case EventKind::kCopyIn: return "CopyIn";
    case EventKind::kCompute: return "Compute";
    case EventKind::kCopyOut: return "CopyOut";
    case EventKind::kAtomicAdd: return "AtomicAdd";
    case EventKind::kLoadL0: return "LoadL0";
    case EventKind::kMatmul: return "Mmad";
    case EventKind::kFixPipe: return "FixPipe";
  }
  return "?";
}

std::string Plan::coreName(int32_t lane) const {
  return std::string(coreKindName(coreKind(lane))) + " " + std::to_string(coreId(lane));
}

const StrategyInfo* Plan::strategyInfo() const { return findStrategy(op, strategyName); }

int32_t Plan::coresWorking(CoreKind kind) const {
  std::vector<bool> seen(static_cast<size_t>(std::max(coresUsed, 0)), false);
  int32_t n = 0;
  for (const Tile& t : tiles) {
    if (t.core < 0 || t.core >= coresUsed || seen[static_cast<size_t>(t.core)] || coreKind(t.core) != kind) continue;
    seen[static_cast<size_t>(t.core)] = true;
    ++n;
  }
  return n;
}

const std::vector<int64_t>& Plan::srcShapeOf(const Tile& tile) const {
  return tile.srcBuffer >= 0 && static_cast<size_t>(tile.srcBuffer) < buffers.size()
             ? buffers[static_cast<size_t>(tile.srcBuffer)].shape
             : srcShape;
}

const std::vector<int64_t>& Plan::dstShapeOf(const Tile& tile) const {
  return tile.dstBuffer >= 0 && static_cast<size_t>(tile.dstBuffer) < buffers.size()
             ? buffers[static_cast<size_t>(tile.dstBuffer)].shape
             : dstShape;
}

std::pair<size_t, size_t> Plan::phaseTiles(int32_t phase) const {
  auto first = std::lower_bound(tiles.begin(), tiles.end(), phase, [](const Tile& t, int32_t p) { return t.phase < p; });
  auto last = std::upper_bound(first, tiles.end(), phase, [](int32_t p, const Tile& t) { return p < t.phase; });
  return {static_cast<size_t>(first - tiles.begin()), static_cast<size_t>(last - tiles.begin())};
}

int32_t Plan::coresWithWork() const { return coresWorking(CoreKind::kVector) + coresWorking(CoreKind::kCube); }

std::vector<double> Plan::coreLoadUs() const {
  std::vector<double> load(std::max(coresUsed, 0), 0.0);
  for (const Tile& t : tiles) load[t.core] += t.estimatedUs;
  return load;
}

const std::string& Plan::ubUseText(const Tile& tile) const {
  static const std::string none;
  return tile.ubUse >= 0 && static_cast<size_t>(tile.ubUse) < ubUses.size() ? ubUses[static_cast<size_t>(tile.ubUse)] : none;
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
  // Described outside the registry's lock: planning a large call again must not hold up other threads'
  // GetWorkspaceSize and launches. Two threads asking at once both plan; the first to finish is kept.
  std::function<std::shared_ptr<const Plan>()> describe;
  rt::ExecutorRegistry& registry = rt::ExecutorRegistry::instance();
  registry.withLive(executor, [&](aclOpExecutor& e) {
    describe = e.describe;
    plan = e.plan.get();
  });
  if (!describe) return plan;
  std::shared_ptr<const Plan> described;
  {
    rt::DescribeScope scope;
    described = describe();
  }
  registry.withLive(executor, [&](aclOpExecutor& e) {
    if (e.describe) {
      e.plan = std::move(described);
      e.describe = nullptr;
    }
    plan = e.plan.get();
  });
  return plan;
}

bool traceExecutor(aclOpExecutor* executor, std::shared_ptr<Trace> trace) {
  if constexpr (!ops::kTracingBuilt) return false;
  return rt::ExecutorRegistry::instance().withLive(executor, [&](aclOpExecutor& e) { e.trace = std::move(trace); });
}

}  // namespace gradlab
