#include "runtime/memory_budget.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <mutex>

#include "runtime/byte_count.h"
#include "runtime/error.h"
#include "runtime/host_memory.h"
#include "runtime/memory.h"

namespace gradlab::rt {
namespace {

std::mutex testMutex;
std::optional<uint64_t> testBudget;

MemoryBudget budgetFromEnvironmentOrHost() {
  if (const char* text = std::getenv("GRADLAB_DEVICE_MEMORY"); text != nullptr && *text != '\0') {
    uint64_t bytes = 0;
    if (!parseByteCount(text, &bytes) || bytes == 0) {
      return {0, "", cat("GRADLAB_DEVICE_MEMORY='", text, "' is not a positive byte count (e.g. 2g, 512m, 1048576)")};
    }
    return {bytes, "set by GRADLAB_DEVICE_MEMORY", ""};
  }
  const HostMemory host = hostMemoryAvailable();
  const uint64_t share = host.availableBytes / 4 * 3;
  const uint64_t bytes = std::min<uint64_t>(share, DeviceMemory::kCapacityBytes);
  return {bytes,
          cat("3/4 of the ", host.availableBytes, " bytes the host could give at the first aclrtMalloc (", host.source,
              "); GRADLAB_DEVICE_MEMORY sets another"),
          ""};
}

}  // namespace

MemoryBudget deviceMemoryBudget() {
  {
    std::lock_guard lock(testMutex);
    if (testBudget) return {*testBudget, "set by the test", ""};
  }
  static const MemoryBudget budget = budgetFromEnvironmentOrHost();
  return budget;
}

void setDeviceMemoryBudgetForTesting(std::optional<uint64_t> bytes) {
  std::lock_guard lock(testMutex);
  testBudget = bytes;
}

}  // namespace gradlab::rt
