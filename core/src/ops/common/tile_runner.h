// Runs a plan's tiles on the emulated vector cores, each core through its own unified buffer (UB),
// and records the trace when one was asked for.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/trace.h"

// CMake -DGRADLAB_TRACING=OFF builds the library with every recording path compiled out (traceExecutor
// then returns false), to measure what merely being able to trace costs (bench/tracing_build).
#ifndef GRADLAB_TRACING
#define GRADLAB_TRACING 1
#endif

namespace gradlab::ops {

inline constexpr bool kTracingBuilt = GRADLAB_TRACING != 0;

// Per-core trace recording. Kernels only touch it through CoreContext, and only when tracing is on.
class CoreRecorder {
 public:
  CoreRecorder(const DeviceProfile& profile, int32_t core, std::atomic<uint64_t>* sequence, uint64_t maxMoves)
      : profile_(profile), core_(core), sequence_(sequence), maxMoves_(maxMoves) {}
  void event(int32_t tile, EventKind kind, uint64_t bytes, uint64_t vectorElems);
  // A cell move whose order at dst is fixed by the kernel (one owner per cell).
  void move(int32_t tile, int64_t src, int64_t dst, float value, float sumAfter);
  // An atomic add into a GM fp32 cell recorded in the exact order the adds happen.
  float atomicAdd(int32_t tile, float* cell, float value, int64_t src, int64_t dst);

  std::vector<TraceEvent> events;
  std::vector<CellMove> moves;
  bool truncated = false;

 private:
  const DeviceProfile& profile_;
  int32_t core_;
  double clockUs_ = 0.0;
  std::atomic<uint64_t>* sequence_;
  uint64_t maxMoves_;
};

struct CoreContext {
  int32_t core = 0;
  std::byte* ub = nullptr;  // this core's unified buffer, ubBytes long, 64-byte aligned
  uint64_t ubBytes = 0;
  CoreRecorder* recorder = nullptr;  // nullptr when tracing is off

  bool traced() const { return kTracingBuilt && recorder != nullptr; }

  // Carves `count` elements of T out of the UB at `offsetBytes`; the plan guarantees they fit.
  template <typename T>
  T* ubAt(uint64_t offsetBytes) const {
    return reinterpret_cast<T*>(ub + offsetBytes);
  }
};

using TileKernel = std::function<void(CoreContext&, const Tile&)>;

// Runs every tile on its core in tile order; cores run in parallel on host threads. When `trace`
// is non-null it receives the plan, the per-core events and the cell moves.
void runTiles(const Plan& plan, Trace* trace, const TileKernel& kernel);

// Splits [0, total) into `parts` nearly equal consecutive ranges; returns the start of part i.
inline int64_t splitStart(int64_t total, int64_t parts, int64_t i) {
  return total / parts * i + std::min<int64_t>(i, total % parts);
}

// Fills the cost-model fields of each tile, sorts tiles by (core, order), numbers them and sets coresUsed.
void finalizePlan(Plan& plan);

}  // namespace gradlab::ops
