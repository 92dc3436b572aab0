// aclrtMalloc's checks and errors, for callers inside gradlab that choose how the block starts.
#pragma once

#include <cstddef>

#include "acl/acl.h"
#include "runtime/memory.h"

namespace gradlab::rt {

// aclrtMalloc(devPtr, size, policy) with the block's first bytes chosen: DeviceMemory::Fill::kFresh is aclrtMalloc
// itself; kUnfilled is for a caller that writes every byte at once (no 0xFF pass before its own).
aclError mallocOnDevice(void** devPtr, size_t size, aclrtMemMallocPolicy policy, DeviceMemory::Fill fill);

}  // namespace gradlab::rt
