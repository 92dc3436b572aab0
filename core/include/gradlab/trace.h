// Execution traces: what each emulated core did, and where every gradient cell went.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/export.h"

struct aclOpExecutor;

GRADLAB_API_BEGIN
namespace gradlab {

enum class Pipe : uint8_t { kMte2, kVector, kMte3 };         // copy-in, compute, copy-out engines
enum class EventKind : uint8_t { kCopyIn, kCompute, kCopyOut, kAtomicAdd };
const char* pipeName(Pipe pipe);
const char* eventKindName(EventKind kind);

struct TraceEvent {
  int32_t core = 0;
  int32_t tile = 0;
  EventKind kind = EventKind::kCopyIn;
  Pipe pipe = Pipe::kMte2;
  double startUs = 0.0;  // modelled device time (plan.h's clock) from the launch; kernels start after its overhead
  double endUs = 0.0;
  uint64_t bytes = 0;
};

// One gradient cell added into one output cell. src/dst are flat logical indices (plane, row, col
// row-major) of the src and dst tensors of the plan.
struct CellMove {
  int64_t src = 0;
  int64_t dst = 0;
  int32_t core = 0;
  int32_t tile = 0;
  uint64_t sequence = 0;   // global order in which the adds happened (atomic order in default mode)
  uint32_t orderAtDst = 0; // 0 for the first value accumulated into dst, 1 for the next, ...
  float value = 0.0f;      // the gradient value moved (as fp32)
  float sumAfter = 0.0f;   // the running fp32 sum of dst after this add
};

struct Trace {
  Plan plan;
  std::vector<TraceEvent> events;  // per core in issue order
  std::vector<CellMove> moves;     // sorted by sequence
  bool movesTruncated = false;     // more than maxMoves happened; only the first ones are kept
  uint64_t maxMoves = 1u << 22;
};

// The events a plan is modelled to produce (the clock of plan.h): per core, each tile's copy-in, compute
// and copy-out (an atomic add for atomic tiles) on the MTE2, vector and MTE3 pipes, double-buffered tiles
// overlapping; the first phase starts when the launch overhead has passed, every later one at the barrier
// where the previous one ended. A trace places what the kernels really moved on the same clock.
std::vector<TraceEvent> planEvents(const Plan& plan);

// Asks the executor to record a trace when it runs; after aclrtSynchronizeStream `trace` is filled.
// Returns false for an unknown executor. Tracing off (the default) costs nothing.
bool traceExecutor(aclOpExecutor* executor, std::shared_ptr<Trace> trace);

}  // namespace gradlab
GRADLAB_API_END
