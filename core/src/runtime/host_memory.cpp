#include "runtime/host_memory.h"

#include <unistd.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "runtime/error.h"

namespace gradlab::rt {
namespace {

// A file holding one decimal number ("max" or an unreadable file: no limit).
std::optional<uint64_t> readNumber(const std::string& path) {
  std::ifstream in(path);
  uint64_t v = 0;
  if (!(in >> v)) return std::nullopt;
  return v;
}

std::optional<uint64_t> memAvailable() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  std::string unit;
  while (in >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib * 1024;
  }
  return std::nullopt;
}

// This process's cgroup v2 directory ("0::/path" in /proc/self/cgroup), or "" when it has none.
std::string cgroupV2Dir() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("0::", 0) == 0) return "/sys/fs/cgroup" + (line.size() > 3 && line[3] == '/' ? line.substr(3) : "/");
  }
  return {};
}

struct CgroupRoom {
  uint64_t bytes = 0;
  std::string source;
};

// limit - usage when a cgroup limit below 2^62 (v1's "unlimited") is set.
std::optional<CgroupRoom> cgroupRoom() {
  constexpr uint64_t kUnlimited = uint64_t{1} << 62;
  const std::string v2 = cgroupV2Dir();
  for (const std::string& dir : {v2, std::string("/sys/fs/cgroup")}) {
    if (dir.empty()) continue;
    auto limit = readNumber(dir + "/memory.max");
    auto usage = readNumber(dir + "/memory.current");
    if (limit && usage && *limit < kUnlimited) {
      return CgroupRoom{*limit > *usage ? *limit - *usage : 0,
                        cat("the cgroup's memory.max ", *limit, " minus memory.current ", *usage)};
    }
  }
  auto limit = readNumber("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  auto usage = readNumber("/sys/fs/cgroup/memory/memory.usage_in_bytes");
  if (limit && usage && *limit < kUnlimited) {
    return CgroupRoom{*limit > *usage ? *limit - *usage : 0,
                      cat("the cgroup's memory.limit_in_bytes ", *limit, " minus memory.usage_in_bytes ", *usage)};
  }
  return std::nullopt;
}

}  // namespace

HostMemory hostMemoryAvailable() {
  HostMemory host;
  if (auto available = memAvailable()) {
    host = {*available, "MemAvailable in /proc/meminfo"};
  } else {
    host = {static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)),
            "the host's physical memory"};
  }
  if (auto room = cgroupRoom(); room && room->bytes < host.availableBytes) host = {room->bytes, room->source};
  return host;
}

}  // namespace gradlab::rt
