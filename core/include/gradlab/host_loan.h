// Host memory lent to the emulated device: while a loan lives, its bytes read as device memory, so an
// aclTensor can point at them and an operator reads and writes them in place. The emulator keeps device
// memory in host memory anyway; a loan only skips the copy into an aclrtMalloc block. The Python module
// hands numpy arrays to operators this way (a large call needs no second copy of its tensors).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// A loan of [data, data + bytes) to the current device (ensureRuntime() sets one), ended when the last
// copy of the handle goes; the memory stays the caller's and must outlive the handle. nullptr, with one
// sentence in `refusal`, when no device is set or the range overlaps device memory or another loan
// (two loans never share a byte: lend the union of overlapping ranges once).
std::shared_ptr<const void> lendHostMemory(void* data, size_t bytes, std::string* refusal);

}  // namespace gradlab
GRADLAB_API_END
