// What one gradlab::run will hold at its peak, estimated before anything is allocated, so a call that
// cannot fit is refused with a reason instead of failing half-built (or being killed by the OOM killer).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

#include "gradlab/runner.h"

namespace gradlab::runner {

struct RunMemory {
  uint64_t deviceBytes = 0;  // the tensors' storage, the twin forward's tensors and a workspace bound
  uint64_t hostBytes = 0;    // host copies of the values, the staging of one tensor's storage
  uint64_t traceBytes = 0;   // the trace's recorded moves (at most Trace::maxMoves)
  uint64_t callerBytes = 0;  // RunRequest::callerHostBytes: what the caller needs beside the result
  uint64_t total() const {  // saturates: a hostile file's header may claim any size
    uint64_t sum = 0;
    for (uint64_t part : {deviceBytes, hostBytes, traceBytes, callerBytes}) {
      if (__builtin_add_overflow(sum, part, &sum)) return UINT64_MAX;
    }
    return sum;
  }
};

RunMemory estimateRunMemory(const RunRequest& request, const Extents& sizes);

// "" when `need` fits the device-memory budget's free room and what the host can give now; else one
// sentence naming the figures.
std::string runMemoryProblem(const RunMemory& need);

}  // namespace gradlab::runner
