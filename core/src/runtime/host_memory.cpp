#include "runtime/host_memory.h"

#include <unistd.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "runtime/error.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/heap.h>
#include <malloc.h>
#endif

namespace gradlab::rt {
#ifndef __EMSCRIPTEN__
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

// This process's path in the hierarchy /proc/self/cgroup lists as `controller` ("" for v2's "0::/path"),
// or nullopt when it is in none.
std::optional<std::string> cgroupPath(const std::string& controller) {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {  // "ID:CONTROLLER[,CONTROLLER...]:PATH"
    const size_t first = line.find(':');
    const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const bool match = controller.empty() ? controllers.empty()
                                          : ("," + controllers + ",").find("," + controller + ",") != std::string::npos;
    if (match) return line.substr(second + 1);
  }
  return std::nullopt;
}

struct CgroupRoom {
  uint64_t bytes = 0;
  std::string source;
};

// The least limit - usage over the cgroup and its parents that set a limit below 2^62 (v1's "unlimited").
std::optional<CgroupRoom> cgroupRoom() {
  constexpr uint64_t kUnlimited = uint64_t{1} << 62;
  auto isDirectory = [](const std::string& dir) {
    std::error_code ec;
    return std::filesystem::is_directory(dir, ec);
  };
  struct Files {
    std::string mount, controller, limit, usage;
  };
  const Files hierarchies[] = {{"/sys/fs/cgroup", "", "memory.max", "memory.current"},
                               {"/sys/fs/cgroup/unified", "", "memory.max", "memory.current"},
                               {"/sys/fs/cgroup/memory", "memory", "memory.limit_in_bytes", "memory.usage_in_bytes"}};
  std::optional<CgroupRoom> least;
  for (const Files& h : hierarchies) {
    const std::string path = cgroupPath(h.controller).value_or("/");
    for (const std::string& dir : cgroupChain(h.mount, path, isDirectory)) {
      auto limit = readNumber(dir + "/" + h.limit);
      auto usage = readNumber(dir + "/" + h.usage);
      if (!limit || !usage || *limit >= kUnlimited) continue;
      const uint64_t room = *limit > *usage ? *limit - *usage : 0;
      if (!least || room < least->bytes) {
        least = CgroupRoom{room, cat("the cgroup ", dir, "'s ", h.limit, " ", *limit, " minus ", h.usage, " ", *usage)};
      }
    }
  }
  return least;
}

}  // namespace
#endif

std::vector<std::string> cgroupChain(const std::string& mount, const std::string& path,
                                     const std::function<bool(const std::string&)>& isDirectory) {
  std::vector<std::string> parts;
  std::stringstream in(path);
  for (std::string part; std::getline(in, part, '/');) {
    if (!part.empty() && part != "." && part != "..") parts.push_back(part);
  }
  if (!isDirectory(mount)) return {};
  size_t from = 0;  // the longest tail parts[from..] that exists under the mount
  for (; from < parts.size(); ++from) {
    std::string dir = mount;
    for (size_t i = from; i < parts.size(); ++i) dir += "/" + parts[i];
    if (isDirectory(dir)) break;
  }
  std::vector<std::string> chain;
  for (size_t end = parts.size(); end > from; --end) {
    std::string dir = mount;
    for (size_t i = from; i < end; ++i) dir += "/" + parts[i];
    chain.push_back(dir);
  }
  chain.push_back(mount);
  return chain;
}

#ifdef __EMSCRIPTEN__
// A web page's WebAssembly memory: what it may still grow to plus what its heap holds free. No /proc to read,
// and a file read from a worker thread would wait for the page's main thread, a frame at a time.
HostMemory hostMemoryAvailable() {
  const uint64_t max = emscripten_get_heap_max();
  const uint64_t size = emscripten_get_heap_size();
  const uint64_t used = size - std::min<uint64_t>(size, mallinfo().fordblks);
  return {max > used ? max - used : 0, cat("the page's WebAssembly memory: at most ", max, " bytes, ", used, " in use")};
}
#else
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
#endif

}  // namespace gradlab::rt
