// How much memory the host can still give this process: what a block of emulated device memory (kept in
// host memory and filled at once) may take without the kernel's OOM killer stepping in.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace gradlab::rt {

struct HostMemory {
  uint64_t availableBytes = 0;  // the smallest of the limits below that the host reports
  std::string source;           // which limit that was: "MemAvailable in /proc/meminfo", "cgroup memory.max ..."
};

// Reads /proc/meminfo's MemAvailable and, for this process's cgroup and each of its parents that has a
// memory limit (cgroup v2 memory.max, or v1 memory.limit_in_bytes), that limit minus the cgroup's current
// usage; the smallest wins. When nothing can be read: the host's physical memory.
HostMemory hostMemoryAvailable();

// The directories whose limits bind a process in cgroup `path` (as /proc/self/cgroup names it: "/a/b")
// of a hierarchy mounted at `mount`: its own directory first, then each parent up to `mount`. Inside a
// container the mount may show only a subtree whose root /proc/self/cgroup still names by its full path
// ("/process_api/ID"), so the process's directory is `mount` plus the longest tail of `path` that
// `isDirectory` finds there (just `mount` when none does).
std::vector<std::string> cgroupChain(const std::string& mount, const std::string& path,
                                     const std::function<bool(const std::string&)>& isDirectory);

}  // namespace gradlab::rt
