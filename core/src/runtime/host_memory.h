// How much memory the host can still give this process: what a block of emulated device memory (kept in
// host memory and filled at once) may take without the kernel's OOM killer stepping in.
#pragma once

#include <cstdint>
#include <string>

namespace gradlab::rt {

struct HostMemory {
  uint64_t availableBytes = 0;  // the smallest of the limits below that the host reports
  std::string source;           // which limit that was: "MemAvailable in /proc/meminfo", "cgroup memory.max ..."
};

// Reads /proc/meminfo's MemAvailable and, when this process's cgroup has a memory limit (cgroup v2
// memory.max, or v1 memory.limit_in_bytes), that limit minus the cgroup's current usage. When nothing can
// be read: the host's physical memory.
HostMemory hostMemoryAvailable();

}  // namespace gradlab::rt
