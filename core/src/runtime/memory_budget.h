// The device-memory budget: how many bytes of emulated device memory may be live at once. The emulator
// keeps device memory in host memory and fills it at once, so a budget the host cannot back would end in
// the OOM killer instead of ACL_ERROR_RT_MEMORY_ALLOCATION.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gradlab::rt {

struct MemoryBudget {
  uint64_t bytes = 0;
  std::string source;  // where the figure comes from, for the refusal's reason
  std::string problem;  // set when GRADLAB_DEVICE_MEMORY cannot be read: every allocation is refused with it
};

// GRADLAB_DEVICE_MEMORY ("2g", "512m", "1073741824") when set; otherwise 3/4 of what the host could give
// (hostMemoryAvailable()) when first asked, at most the emulated device's capacity. Fixed for the process.
MemoryBudget deviceMemoryBudget();

// Tests: a budget in place of the one above (nullopt: back to it).
void setDeviceMemoryBudgetForTesting(std::optional<uint64_t> bytes);

}  // namespace gradlab::rt
