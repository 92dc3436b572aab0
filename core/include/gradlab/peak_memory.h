// What a piece of work really took in host memory: the process's peak resident size from a starting point
// (gradlab-cli --memory, gradlab --memory, and the tests that hold the runner's estimate to it).
#pragma once

#include <cstdint>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

class PeakMemoryMeter {
 public:
  // Resets the kernel's record of the peak (Linux: "5" into /proc/self/clear_refs) and notes the resident
  // size now.
  PeakMemoryMeter();
  // False where the host does not report these (not Linux, or /proc unreadable).
  bool available() const { return available_; }
  // The peak resident size since construction, less the resident size at construction, in bytes.
  uint64_t peakAboveStart() const;

 private:
  uint64_t startBytes_ = 0;
  bool available_ = false;
};

}  // namespace gradlab
GRADLAB_API_END
