// The one launch path of every operator: a plan's phases run one after another (a barrier between them),
// each phase's tiles on their emulated vector cores in parallel, every core through its own unified
// buffer (UB). Traced or not, the same kernels do the same arithmetic; tracing only records.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/trace.h"
#include "ops/common/move_store.h"
#include "runtime/stream.h"

// CMake -DGRADLAB_TRACING=OFF builds the library with every recording path compiled out (traceExecutor
// then returns false), to measure what merely being able to trace costs (bench/tracing_build).
#ifndef GRADLAB_TRACING
#define GRADLAB_TRACING 1
#endif

namespace gradlab::ops {

inline constexpr bool kTracingBuilt = GRADLAB_TRACING != 0;

// Per-core trace recording. Kernels only touch it through CoreContext, and only when tracing is on. Its
// events are what the kernel really moved, placed on the clock of plan.h when their phase ends.
class CoreRecorder {
 public:
  CoreRecorder(const Plan& plan, int32_t core, std::atomic<uint64_t>* sequence, MoveStore* moves)
      : plan_(plan), core_(core), sequence_(sequence), moves_(moves) {}
  // `work`: vector elements of a compute, multiply-adds of a matmul. `step`: the line of the kernel's listing
  // that does it (ops/common/kernel_code.h); every kernel passes one, kNoStep is for hand-made traces.
  void event(int32_t tile, EventKind kind, uint64_t bytes, uint64_t work, int16_t step = kNoStep);
  // A cell move whose order at dst is fixed by the kernel (one owner per cell), made by listing line `step`.
  void move(int32_t tile, int64_t src, int64_t dst, float value, float sumAfter, int16_t step, Hop hop = Hop::kDirect,
            float weight = 1.0f);
  void move(int32_t tile, int64_t src, int64_t dst, float value, float sumAfter, Hop hop = Hop::kDirect,
            float weight = 1.0f) {
    move(tile, src, dst, value, sumAfter, kNoStep, hop, weight);
  }
  // An atomic add into a GM fp32 cell, recorded in the exact order the adds happen; returns the sum after.
  float atomicAdd(int32_t tile, float* cell, float value, int64_t src, int64_t dst, int16_t step = kNoStep);
  // The same for a cell stored as `storage` whose sum rounds to `rounding` (atomicAddCell's contract).
  float atomicAdd(int32_t tile, std::byte* cell, aclDataType storage, aclDataType rounding, float value, int64_t src,
                  int64_t dst, int16_t step = kNoStep);
  // An atomic add into a GM fp64 cell (DOUBLE tensors); the move keeps the fp32 values for display.
  double atomicAdd(int32_t tile, double* cell, double value, int64_t src, int64_t dst, int16_t step = kNoStep);
  // Places the events recorded since the last call from `startUs` on (device_clock.h); returns when they end.
  double endPhase(double startUs);

  std::vector<TraceEvent> events;
  bool truncated = false;

 private:
  const Plan& plan_;
  int32_t core_;
  size_t phaseFirst_ = 0;  // the first event of the running phase
  std::atomic<uint64_t>* sequence_;
  MoveStore* moves_;  // the launch's moves, shared by its cores (each at its sequence number; its capacity the cap)
};

struct CoreContext {
  int32_t core = 0;
  // A vector core's unified buffer; a cube core's L1, L0A, L0B and L0C one after another (in that order,
  // each as large as the profile says). ubBytes long, 64-byte aligned.
  std::byte* ub = nullptr;
  uint64_t ubBytes = 0;
  CoreRecorder* recorder = nullptr;  // nullptr when tracing is off

  bool traced() const { return kTracingBuilt && recorder != nullptr; }

  // `count` elements of T at `offsetBytes` of the UB. The plan guarantees they fit; debug builds check it.
  template <typename T>
  T* ubAt(uint64_t offsetBytes, uint64_t count) const {
#ifndef NDEBUG
    if (offsetBytes + count * sizeof(T) > ubBytes) ubOverflow(offsetBytes, count * sizeof(T));
#endif
    (void)count;
    return reinterpret_cast<T*>(ub + offsetBytes);
  }

 private:
  [[noreturn]] void ubOverflow(uint64_t offsetBytes, uint64_t bytes) const;
};

using TileKernel = std::function<void(CoreContext&, const Tile&)>;

// What one phase runs: `tile` for each of its tiles, then (optionally) `after` once the phase's barrier is
// passed; an `after` that fails ends the launch with its result and later phases do not run.
struct PhaseKernel {
  TileKernel tile;
  std::function<rt::TaskResult()> after;
};
using PhaseKernels = std::function<PhaseKernel(const PlanPhase& phase, int32_t index)>;

// Runs every phase of `plan`. When `trace` is non-null it receives the events and the cell moves; the launch
// gives it the plan, described (runtime/executor_registry.cpp).
rt::TaskResult runPlan(const Plan& plan, Trace* trace, const PhaseKernels& kernels);

// Splits [0, total) into `parts` nearly equal consecutive ranges; returns the start of part i.
inline int64_t splitStart(int64_t total, int64_t parts, int64_t i) {
  return total / parts * i + std::min<int64_t>(i, total % parts);
}

// A plan with its call's facts and no phases or tiles yet.
Plan newPlan(OpKind op, const DeviceProfile& profile, bool deterministic, aclDataType dtype, int64_t planes,
             std::vector<int64_t> srcShape, std::vector<int64_t> dstShape);

// Sorts tiles by (phase, core, order), numbers them, fills their cost-model fields and sets coresUsed.
void finalizePlan(Plan& plan);

// Gives tiles their UB-use text (Plan::ubUses), storing each distinct text once.
class UbUses {
 public:
  explicit UbUses(Plan& plan) : plan_(plan) {}
  void describe(Tile& tile, std::string text);

 private:
  Plan& plan_;
  std::unordered_map<std::string, int32_t> index_;
};

// "3x30x64" (planes x rows x cols, planes left out when 1) for UB texts.
std::string boxDims(const Box& box);

// Plan::coreChoice: "12 gradOutput rows over 4 cores: every core gets work", "3 rows over 4 cores:
// only 3 get work, the rest stay idle", or where there were rows enough "64 rows over 48 cores: only 32
// get work: more would not make the busiest core finish sooner".
std::string coreChoiceText(int32_t used, const DeviceProfile& profile, int64_t units, const std::string& unit);
// CANN's own deals (the cube's slides, pooling's plane lanes) are kept as CANN makes them; this says how far
// the busiest core of `kind` is from an even share of the same work, from the plan's tiles (after
// finalizePlan): "; CANN's deal: the busiest cube core carries 1.50x an even share of the work".
std::string cannDealText(const Plan& plan, CoreKind kind);
// How many units each core got, from a split's boundaries (core c: [b[c], b[c+1])): "3/3/2", or past
// eight cores "2 on 16 cores, 1 on 32".
std::string unitsPerCoreText(const std::vector<int64_t>& bounds);

}  // namespace gradlab::ops
