// Execution traces: what each emulated core did, and where every gradient cell went.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/export.h"

struct aclOpExecutor;

GRADLAB_API_BEGIN
namespace gradlab {

// The pipes of a core. A vector core: MTE2 (GM -> UB), VECTOR, MTE3 (UB -> GM, atomic adds too). A cube
// core: MTE2 (GM -> L1), MTE1 (L1 -> L0A/L0B), CUBE (the matrix unit, into L0C), FIXPIPE (L0C -> GM).
enum class Pipe : uint8_t { kMte2, kVector, kMte3, kMte1, kCube, kFixPipe };
inline constexpr int kPipeCount = 6;
enum class EventKind : uint8_t { kCopyIn, kCompute, kCopyOut, kAtomicAdd, kLoadL0, kMatmul, kFixPipe };
const char* pipeName(Pipe pipe);             // "MTE2", "VECTOR", "MTE3", "MTE1", "CUBE", "FIXPIPE"
const char* eventKindName(EventKind kind);   // "CopyIn", ..., "LoadL0", "Mmad", "FixPipe"
Pipe pipeOf(EventKind kind);
// The pipes a core of `kind` has, top to bottom as timelines draw them.
std::span<const Pipe> pipesOf(CoreKind kind);

// Which line of its kernel's listing (gradlab/kernel_code.h) recorded an event or a move: the listing's
// CodeLine::step. kNoStep: none (traces written before steps, hand-made ones).
inline constexpr int16_t kNoStep = -1;

struct TraceEvent {
  int32_t core = 0;
  int32_t tile = 0;
  EventKind kind = EventKind::kCopyIn;
  Pipe pipe = Pipe::kMte2;
  double startUs = 0.0;  // modelled device time (plan.h's clock) from the launch; kernels start after its overhead
  double endUs = 0.0;
  uint64_t bytes = 0;
  int8_t buffer = -1;    // the tile's buffer: 0 ping, 1 pong (double-buffered tiles), -1 single
  int16_t step = kNoStep;  // the line of kernelListing(plan, its tile's phase) that recorded it
};

// One gradient cell added into one output cell. src/dst are flat logical indices (plane, row, col
// row-major) of the src and dst tensors of the plan.
// Hops: most strategies move a value straight from src to dst. The cube strategy's matrix products pass
// through an intermediate buffer (Plan::intermediate): hop 1 adds a src cell into an intermediate cell, hop
// 2 an intermediate cell into a dst cell (src then indexes the intermediate).
enum class Hop : uint8_t { kDirect, kIntoIntermediate, kOutOfIntermediate };

struct CellMove {
  int64_t src = 0;
  int64_t dst = 0;
  int32_t core = 0;
  int32_t tile = 0;
  uint64_t sequence = 0;   // global order in which the adds happened (atomic order in default mode)
  uint32_t orderAtDst = 0; // 0 for the first value accumulated into dst, 1 for the next, ... (per hop target)
  float value = 0.0f;      // the gradient value moved (as fp32)
  float sumAfter = 0.0f;   // the running fp32 sum of dst after this add
  Hop hop = Hop::kDirect;
  // What value is multiplied by before the add: 1, or a matrix product's 0 where 0 x value is not 0 (an
  // infinity or NaN makes NaN). Zero products that add nothing are not recorded.
  float weight = 1.0f;
  int16_t step = kNoStep;  // the line of kernelListing(plan, its tile's phase) that made the add
};

struct Trace {
  Plan plan;
  std::vector<TraceEvent> events;  // per core in issue order
  std::vector<CellMove> moves;     // sorted by sequence
  bool movesTruncated = false;     // more than maxMoves happened; only the first ones are kept
  uint64_t maxMoves = 1u << 22;   // at most 2^32 are kept
};

// The events a plan is modelled to produce (the clock of plan.h): per core, each tile's copy-in, compute
// and copy-out (an atomic add for atomic tiles) on the MTE2, vector and MTE3 pipes (a cube tile: copy-in,
// load L0, matmul, FixPipe on MTE2, MTE1, CUBE and FIXPIPE), double-buffered tiles overlapping; the first phase starts when the launch overhead has passed, every later one at the barrier
// where the previous one ended. A trace places what the kernels really moved on the same clock.
std::vector<TraceEvent> planEvents(const Plan& plan);

// Asks the executor to record a trace when it runs; after aclrtSynchronizeStream `trace` is filled.
// Returns false for an unknown executor. Tracing off (the default) costs nothing.
bool traceExecutor(aclOpExecutor* executor, std::shared_ptr<Trace> trace);

}  // namespace gradlab
GRADLAB_API_END
