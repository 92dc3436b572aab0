#include "ops/common/tile_runner.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>

#include "runtime/core_pool.h"

namespace gradlab::ops {
namespace {

// Atomic adds under tracing take one of these locks (by cell address), so the recorded order is the
// order in which the adds really happened.
std::mutex& stripeFor(const void* cell) {
  static std::mutex stripes[64];
  return stripes[(reinterpret_cast<uintptr_t>(cell) >> 2) % 64];
}

struct UbDeleter {
  void operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }
};

// Each host thread keeps one UB-sized buffer and reuses it for every core it plays.
std::byte* threadUb(uint64_t bytes) {
  thread_local std::unique_ptr<std::byte, UbDeleter> buffer;
  thread_local uint64_t capacity = 0;
  if (capacity < bytes) {
    buffer.reset(static_cast<std::byte*>(::operator new(bytes, std::align_val_t{64})));
    capacity = bytes;
  }
  return buffer.get();
}

}  // namespace

void CoreRecorder::event(int32_t tile, EventKind kind, uint64_t bytes, uint64_t vectorElems) {
  Pipe pipe = kind == EventKind::kCopyIn ? Pipe::kMte2 : kind == EventKind::kCompute ? Pipe::kVector : Pipe::kMte3;
  double us = kind == EventKind::kCompute ? estimateTileUs(profile_, 0, 0, vectorElems)
                                          : estimateTileUs(profile_, bytes, 0, 0);
  events.push_back({core_, tile, kind, pipe, clockUs_, clockUs_ + us, bytes});
  clockUs_ += us;
}

void CoreRecorder::move(int32_t tile, int64_t src, int64_t dst, float value, float sumAfter) {
  uint64_t seq = sequence_->fetch_add(1, std::memory_order_relaxed);
  if (seq >= maxMoves_) {
    truncated = true;
    return;
  }
  moves.push_back({src, dst, core_, tile, seq, 0, value, sumAfter});
}

float CoreRecorder::atomicAdd(int32_t tile, float* cell, float value, int64_t src, int64_t dst) {
  std::lock_guard lock(stripeFor(cell));
  float before = *cell;
  *cell = before + value;
  move(tile, src, dst, value, before + value);
  return before;
}

void runTiles(const Plan& plan, Trace* trace, const TileKernel& kernel) {
  if constexpr (!kTracingBuilt) trace = nullptr;
  const int32_t cores = plan.coresUsed;
  std::vector<size_t> first(cores + 1, plan.tiles.size());
  for (size_t i = plan.tiles.size(); i-- > 0;) first[plan.tiles[i].core] = i;
  for (int32_t c = cores; c-- > 0;) first[c] = std::min(first[c], first[c + 1]);

  std::atomic<uint64_t> sequence{0};
  std::vector<std::unique_ptr<CoreRecorder>> recorders(trace ? cores : 0);
  for (int32_t c = 0; trace && c < cores; ++c) {
    recorders[c] = std::make_unique<CoreRecorder>(plan.profile, c, &sequence, trace->maxMoves);
  }
  const uint64_t workBytes = plan.trafficBytes() + 1;  // never 0 (unknown): an empty plan is small
  rt::runCores(cores, [&](int32_t core) {
    CoreContext ctx;
    ctx.core = core;
    ctx.ubBytes = plan.profile.ubBytes;
    ctx.ub = threadUb(plan.profile.ubBytes);
    ctx.recorder = trace ? recorders[core].get() : nullptr;
    for (size_t i = first[core]; i < first[core + 1]; ++i) kernel(ctx, plan.tiles[i]);
  }, workBytes);
  if (!trace) return;

  trace->plan = plan;
  trace->events.clear();
  trace->moves.clear();
  trace->movesTruncated = false;
  for (auto& r : recorders) {
    trace->events.insert(trace->events.end(), r->events.begin(), r->events.end());
    trace->moves.insert(trace->moves.end(), r->moves.begin(), r->moves.end());
    trace->movesTruncated |= r->truncated;
  }
  std::sort(trace->moves.begin(), trace->moves.end(),
            [](const CellMove& a, const CellMove& b) { return a.sequence < b.sequence; });
  std::unordered_map<int64_t, uint32_t> seen;
  for (CellMove& m : trace->moves) m.orderAtDst = seen[m.dst]++;
}

void finalizePlan(Plan& plan) {
  std::stable_sort(plan.tiles.begin(), plan.tiles.end(), [](const Tile& a, const Tile& b) {
    return a.core != b.core ? a.core < b.core : a.order < b.order;
  });
  int32_t maxCore = -1;
  for (size_t i = 0; i < plan.tiles.size(); ++i) {
    Tile& t = plan.tiles[i];
    t.id = static_cast<int32_t>(i);
    t.estimatedUs = estimateTileUs(plan.profile, t.bytesIn, t.bytesOut, t.vectorElems);
    maxCore = std::max(maxCore, t.core);
  }
  plan.coresUsed = maxCore + 1;
}

}  // namespace gradlab::ops
