#include "ops/common/tile_runner.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <fmt/format.h>

#include "ops/common/device_clock.h"
#include "ops/common/plane_tensor.h"
#include "runtime/core_pool.h"
#include "runtime/error.h"
#include "runtime/launch_progress.h"
#include "runtime/prose.h"
#include "runtime/thread_scratch.h"

namespace gradlab::ops {
namespace {

// Atomic adds under tracing take one of these locks (by cell address), so the recorded order is the
// order in which the adds really happened.
std::mutex& stripeFor(const void* cell) {
  static std::mutex stripes[64];
  return stripes[(reinterpret_cast<uintptr_t>(cell) >> 2) % 64];
}

struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

struct UbDeleter {
  void operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }
};

// A vector core's UB; a cube core's L1, L0A, L0B and L0C, one after another (CoreContext::cubeBuffers).
uint64_t laneBufferBytes(const Plan& plan, int32_t core) {
  const DeviceProfile& p = plan.profile;
  return plan.coreKind(core) == CoreKind::kCube ? p.l1Bytes + p.l0aBytes + p.l0bBytes + p.l0cBytes : p.ubBytes;
}

// A watched launch (gradlab/run_progress.h): whether to stop before the next tile, and one tile done.
bool stopping(const RunProgress* progress) { return progress != nullptr && progress->cancelled(); }
void tileDone(RunProgress* progress) {
  if (progress != nullptr) progress->done.fetch_add(1, std::memory_order_relaxed);
}

// Runs tiles [first, last) of the plan (one phase, sorted by core) on their cores.
void runPhase(const Plan& plan, size_t first, size_t last, std::vector<std::unique_ptr<CoreRecorder>>& recorders,
              const TileKernel& kernel, RunProgress* progress) {
  const int32_t cores = plan.coresUsed;
  std::vector<size_t> start(static_cast<size_t>(cores) + 1, last);
  for (size_t i = last; i-- > first;) start[plan.tiles[i].core] = i;
  for (int32_t c = cores; c-- > 0;) start[c] = std::min(start[c], start[c + 1]);
  uint64_t workBytes = 1;  // never 0 (unknown): an empty phase is small
  for (size_t i = first; i < last; ++i) workBytes += plan.tiles[i].bytesIn + plan.tiles[i].bytesOut;
  rt::runCores(cores, [&](int32_t core) {
    if (start[core] == start[core + 1]) return;
    CoreContext ctx;
    ctx.core = core;
    ctx.ubBytes = laneBufferBytes(plan, core);
    ctx.ub = rt::threadScratch(ctx.ubBytes);
    ctx.recorder = recorders.empty() ? nullptr : recorders[core].get();
    for (size_t i = start[core]; i < start[core + 1] && !stopping(progress); ++i) {
      kernel(ctx, plan.tiles[i]);
      tileDone(progress);
    }
  }, workBytes);
}

// The seeded schedule (gradlab/schedule.h): the phase's tiles one at a time on this thread, each next
// tile taken from a core drawn uniformly among those with tiles left, every core's tiles in its order.
void runPhaseSeeded(const Plan& plan, size_t first, size_t last, int32_t phase,
                    std::vector<std::unique_ptr<CoreRecorder>>& recorders, const TileKernel& kernel,
                    RunProgress* progress) {
  std::vector<std::vector<size_t>> queues(static_cast<size_t>(plan.coresUsed));
  for (size_t i = last; i-- > first;) queues[plan.tiles[i].core].push_back(i);  // back() is the core's next tile
  std::vector<int32_t> busy;
  for (int32_t c = 0; c < plan.coresUsed; ++c) {
    if (!queues[c].empty()) busy.push_back(c);
  }
  SplitMix64 random{plan.schedule.seed ^ (0x9e3779b97f4a7c15ull * static_cast<uint64_t>(phase + 1))};
  // Every core keeps its own UB while the cores take turns: a kernel may carry data in UB from one of its
  // tiles to its next (the adaptive backward's accumulator does), and another core's tile in between must
  // not overwrite it. Each buffer is as large as its core's largest tile says it needs, so a kernel that
  // uses more than its plan states stops here (debug builds) or under AddressSanitizer.
  std::vector<uint64_t> need(static_cast<size_t>(plan.coresUsed), 64);
  for (size_t i = first; i < last; ++i) {
    const Tile& t = plan.tiles[i];
    const uint64_t bytes = plan.coreKind(t.core) == CoreKind::kCube ? laneBufferBytes(plan, t.core) : t.ubBytes;
    need[t.core] = std::max(need[t.core], bytes);
  }
  std::vector<std::unique_ptr<std::byte, UbDeleter>> ubs(static_cast<size_t>(plan.coresUsed));
  for (int32_t c : busy) ubs[c].reset(static_cast<std::byte*>(::operator new((need[c] + 63) / 64 * 64, std::align_val_t{64})));
  CoreContext ctx;
  while (!busy.empty() && !stopping(progress)) {
    const size_t pick = static_cast<size_t>(random.next() % busy.size());
    const int32_t core = busy[pick];
    ctx.core = core;
    ctx.ub = ubs[core].get();
    ctx.ubBytes = need[core];
    ctx.recorder = recorders.empty() ? nullptr : recorders[core].get();
    kernel(ctx, plan.tiles[queues[core].back()]);
    tileDone(progress);
    queues[core].pop_back();
    if (queues[core].empty()) busy.erase(busy.begin() + static_cast<std::ptrdiff_t>(pick));
  }
}

// Each move's rank among the moves into its cell, in sequence order (`all` is in sequence order); hop-1
// moves count their order in the intermediate, the rest in the output. Indices sorted by (target, index)
// keep sequence order within a target without a stable sort's buffer: 4 bytes a move where they fit.
template <typename Index>
void rankAtTargets(std::vector<CellMove>& all) {
  std::vector<Index> byTarget(all.size());
  for (size_t i = 0; i < all.size(); ++i) byTarget[i] = static_cast<Index>(i);
  auto target = [&all](Index i) { return std::pair(all[i].hop == Hop::kIntoIntermediate, all[i].dst); };
  std::sort(byTarget.begin(), byTarget.end(), [&](Index a, Index b) {
    const auto ta = target(a), tb = target(b);
    return ta != tb ? ta < tb : a < b;
  });
  uint32_t rank = 0;
  for (size_t k = 0; k < byTarget.size(); ++k) {
    rank = k > 0 && target(byTarget[k]) == target(byTarget[k - 1]) ? rank + 1 : 0;
    all[byTarget[k]].orderAtDst = rank;
  }
}

// Gathers the cores' records into the trace. Memory matters here (a capped trace holds 4M moves, 235 MB):
// the moves come out of the store in sequence order a chunk at a time, never twice in memory.
void collect(std::vector<std::unique_ptr<CoreRecorder>>& recorders, MoveStore& store, uint64_t sequences,
             Trace* trace) {
  trace->events.clear();
  trace->moves.clear();
  trace->movesTruncated = false;
  size_t events = 0;
  for (const auto& r : recorders) events += r->events.size();
  trace->events.reserve(events);
  for (auto& r : recorders) {
    trace->events.insert(trace->events.end(), r->events.begin(), r->events.end());
    trace->movesTruncated |= r->truncated;
    std::vector<TraceEvent>().swap(r->events);
  }
  store.drainInto(sequences, trace->moves);
  if (trace->moves.size() <= UINT32_MAX) rankAtTargets<uint32_t>(trace->moves);
  else rankAtTargets<size_t>(trace->moves);
}

}  // namespace

void CoreContext::ubOverflow(uint64_t offsetBytes, uint64_t bytes) const {
  std::fprintf(stderr, "gradlab: core %d used unified buffer bytes [%llu, %llu) but has only %llu: a tiling bug\n",
               core, static_cast<unsigned long long>(offsetBytes), static_cast<unsigned long long>(offsetBytes + bytes),
               static_cast<unsigned long long>(ubBytes));
  std::abort();
}

void CoreRecorder::event(int32_t tile, EventKind kind, uint64_t bytes, uint64_t work, int16_t step) {
  events.push_back(unplacedEvent(plan_, core_, tile, kind, bytes, work));
  events.back().step = step;
}

double CoreRecorder::endPhase(double startUs) {
  std::span<TraceEvent> phase(events.data() + phaseFirst_, events.size() - phaseFirst_);
  phaseFirst_ = events.size();
  return placeCoreEvents(plan_, phase, startUs);
}

void CoreRecorder::move(int32_t tile, int64_t src, int64_t dst, float value, float sumAfter, int16_t step, Hop hop,
                        float weight) {
  uint64_t seq = sequence_->fetch_add(1, std::memory_order_relaxed);
  if (seq >= moves_->capacity()) {
    truncated = true;
    return;
  }
  moves_->put(seq, {src, dst, core_, tile, seq, 0, value, sumAfter, hop, weight, step});
}

float CoreRecorder::atomicAdd(int32_t tile, float* cell, float value, int64_t src, int64_t dst, int16_t step) {
  return atomicAdd(tile, reinterpret_cast<std::byte*>(cell), ACL_FLOAT, ACL_FLOAT, value, src, dst, step);
}

float CoreRecorder::atomicAdd(int32_t tile, std::byte* cell, aclDataType storage, aclDataType rounding, float value,
                              int64_t src, int64_t dst, int16_t step) {
  std::lock_guard lock(stripeFor(cell));
  const float after = roundToDtype(rounding, loadCell(cell, storage) + value);
  storeCell(cell, storage, after);
  move(tile, src, dst, value, after, step);
  return after;
}

double CoreRecorder::atomicAdd(int32_t tile, double* cell, double value, int64_t src, int64_t dst, int16_t step) {
  std::lock_guard lock(stripeFor(reinterpret_cast<std::byte*>(cell)));
  const double after = *cell + value;
  *cell = after;
  move(tile, src, dst, static_cast<float>(value), static_cast<float>(after), step);
  return after;
}

rt::TaskResult runPlan(const Plan& plan, Trace* trace, const PhaseKernels& kernels) {
  if constexpr (!kTracingBuilt) trace = nullptr;
  std::atomic<uint64_t> sequence{0};
  std::unique_ptr<MoveStore> moves = trace ? std::make_unique<MoveStore>(trace->maxMoves) : nullptr;
  std::vector<std::unique_ptr<CoreRecorder>> recorders;
  for (int32_t c = 0; trace && c < plan.coresUsed; ++c) {
    recorders.push_back(std::make_unique<CoreRecorder>(plan, c, &sequence, moves.get()));
  }
  rt::TaskResult result;
  RunProgress* progress = rt::launchProgress();
  if (progress != nullptr) progress->total.fetch_add(plan.tiles.size(), std::memory_order_relaxed);
  double barrier = plan.profile.launchOverheadUs;
  for (int32_t p = 0; p < static_cast<int32_t>(plan.phases.size()) && result.code == 0; ++p) {
    const PhaseKernel kernel = kernels(plan.phases[p], p);
    const auto [first, last] = plan.phaseTiles(p);
    if (plan.schedule.seeded && !plan.deterministic) runPhaseSeeded(plan, first, last, p, recorders, kernel.tile, progress);
    else runPhase(plan, first, last, recorders, kernel.tile, progress);
    if (stopping(progress)) {  // the outputs hold what the tiles run so far wrote
      result = {ACL_ERROR_RT_INTERNAL_ERROR,
                rt::cat("cancelled after ", progress->done.load(), " of ", progress->total.load(), " tiles"), {}};
      break;
    }
    if (kernel.after) result = kernel.after();
    double phaseEnd = barrier;
    for (auto& r : recorders) phaseEnd = std::max(phaseEnd, r->endPhase(barrier));
    barrier = phaseEnd;
  }
  if (trace) collect(recorders, *moves, sequence.load(), trace);
  return result;
}

Plan newPlan(OpKind op, const DeviceProfile& profile, bool deterministic, aclDataType dtype, int64_t planes,
             std::vector<int64_t> srcShape, std::vector<int64_t> dstShape) {
  Plan p;
  p.op = op;
  p.profile = profile;
  p.deterministic = deterministic;
  p.dtype = dtype;
  p.planes = planes;
  p.srcShape = std::move(srcShape);
  p.dstShape = std::move(dstShape);
  return p;
}

void finalizePlan(Plan& plan) {
  auto launchOrder = [](const Tile& a, const Tile& b) {
    if (a.phase != b.phase) return a.phase < b.phase;
    return a.core != b.core ? a.core < b.core : a.order < b.order;
  };
  // Planners mostly emit in launch order; a stable sort would still copy every tile through a buffer.
  if (!std::is_sorted(plan.tiles.begin(), plan.tiles.end(), launchOrder)) {
    std::stable_sort(plan.tiles.begin(), plan.tiles.end(), launchOrder);
  }
  int32_t maxCore = -1;
  for (const Tile& t : plan.tiles) maxCore = std::max(maxCore, t.core);
  plan.coresUsed = maxCore + 1;
  for (size_t p = 0; p < plan.phases.size(); ++p) {  // tiles are sorted: count each phase's distinct lanes
    int32_t cores = 0, last = -1;
    for (const Tile& t : plan.tiles) {
      if (t.phase == static_cast<int32_t>(p) && t.core != last) ++cores, last = t.core;
    }
    plan.phases[p].cores = cores;
  }
  for (size_t i = 0; i < plan.tiles.size(); ++i) {
    Tile& t = plan.tiles[i];
    t.id = static_cast<int32_t>(i);
    t.estimatedUs = tileCost(plan, t).totalUs();
  }
}

void UbUses::describe(Tile& tile, std::string text) {
  if (!rt::describing()) return;
  auto [it, added] = index_.try_emplace(std::move(text), static_cast<int32_t>(plan_.ubUses.size()));
  if (added) plan_.ubUses.push_back(it->first);
  tile.ubUse = it->second;
}

std::string boxDims(const Box& box) {
  std::string dims = box.plane1 - box.plane0 > 1 ? rt::cat(box.plane1 - box.plane0, "x") : std::string();
  return dims + rt::cat(box.row1 - box.row0, "x", box.col1 - box.col0);
}

std::string coreChoiceText(int32_t used, const DeviceProfile& profile, int64_t units, const std::string& unit) {
  if (!rt::describing()) return {};
  if (used >= profile.vectorCores) return rt::planProse("{0} {1} over {2} cores: every core gets work", units, unit, profile.vectorCores);
  if (units > used) {  // the planner left cores idle: splitting further would share rows and finish no sooner
    return rt::planProse("{0} {1} over {2} cores: only {3} get work: more would not make the busiest core finish sooner", units,
                     unit, profile.vectorCores, used);
  }
  return rt::planProse("{0} {1} over {2} cores: only {3} get work, the rest stay idle", units, unit, profile.vectorCores, used);
}

std::string cannDealText(const Plan& plan, CoreKind kind) {
  if (!rt::describing()) return {};
  const std::vector<double> loads = plan.coreLoadUs();
  double most = 0.0, total = 0.0;
  for (size_t lane = 0; lane < loads.size(); ++lane) {
    if (plan.coreKind(static_cast<int32_t>(lane)) != kind) continue;
    most = std::max(most, loads[lane]);
    total += loads[lane];
  }
  const int32_t cores = kind == CoreKind::kCube ? plan.profile.cubeCores : plan.profile.vectorCores;
  if (total <= 0.0 || cores <= 0) return "";
  const std::string ratio = fmt::format("{:.2f}", most / (total / cores));
  return kind == CoreKind::kCube ? rt::planProse("; CANN's deal: the busiest cube core carries {0}x an even share of the work", ratio)
                                  : rt::planProse("; CANN's deal: the busiest vector core carries {0}x an even share of the work", ratio);
}

std::string unitsPerCoreText(const std::vector<int64_t>& bounds) {
  if (!rt::describing()) return {};
  std::vector<int64_t> counts;
  for (size_t c = 0; c + 1 < bounds.size(); ++c) counts.push_back(bounds[c + 1] - bounds[c]);
  std::string text;
  if (counts.size() <= 8) {
    for (int64_t n : counts) text += rt::cat(text.empty() ? "" : "/", n);
    return text;
  }
  std::map<int64_t, int64_t, std::greater<>> cores;  // units -> how many cores got that many
  for (int64_t n : counts) ++cores[n];
  for (const auto& [n, k] : cores)
    text += rt::cat(text.empty() ? "" : ", ", k == 1 ? rt::planProse("{0} on {1} core", n, k) : rt::planProse("{0} on {1} cores", n, k));
  return text;
}

}  // namespace gradlab::ops
