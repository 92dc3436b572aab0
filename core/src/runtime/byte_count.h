// Byte counts as people write them, the one parser for all: GRADLAB_DEVICE_MEMORY and a device spec's ub.
#pragma once

#include <cstdint>
#include <string>

namespace gradlab::rt {

// "65536", "64k", "64KiB", "512m", "2g", "1t" (binary suffixes, any case, optional "b"/"ib"); false when not a
// byte count (no digits first, another suffix, a sign, spaces, or more than 2^64 - 1).
bool parseByteCount(const std::string& text, uint64_t* out);

}  // namespace gradlab::rt
