// aclrtMalloc's checks and errors, for callers inside gradlab that choose how the block starts.
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl.h"
#include "runtime/memory.h"

namespace gradlab::rt {

// aclrtMalloc(devPtr, size, policy) with the block's first bytes chosen: DeviceMemory::Fill::kFresh is aclrtMalloc
// itself; kUnfilled is for a caller that writes every byte at once (no 0xFF pass before its own). The policy is
// the integer the caller passed (rawEnum): an enum argument outside its range may not even be copied.
aclError mallocOnDevice(void** devPtr, size_t size, int64_t rawPolicy, DeviceMemory::Fill fill);

}  // namespace gradlab::rt
