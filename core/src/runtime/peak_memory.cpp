#include "gradlab/peak_memory.h"

#include <fstream>
#include <string>

namespace gradlab {
namespace {

// A "VmRSS:" or "VmHWM:" line of /proc/self/status, in bytes; false when absent.
bool statusBytes(const char* field, uint64_t* bytes) {
  std::ifstream status("/proc/self/status");
  std::string key;
  uint64_t kib = 0;
  while (status >> key) {
    if (key == field && status >> kib) return *bytes = kib * 1024, true;
    status.ignore(4096, '\n');
  }
  return false;
}

}  // namespace

PeakMemoryMeter::PeakMemoryMeter() {
  {
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
  }
  available_ = statusBytes("VmRSS:", &startBytes_);
}

uint64_t PeakMemoryMeter::peakAboveStart() const {
  uint64_t peak = 0;
  if (!available_ || !statusBytes("VmHWM:", &peak)) return 0;
  return peak > startBytes_ ? peak - startBytes_ : 0;
}

}  // namespace gradlab
