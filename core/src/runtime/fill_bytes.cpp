#include "runtime/fill_bytes.h"

#include <cstdint>
#include <cstring>

#include "runtime/core_pool.h"

namespace gradlab::rt {
namespace {
// A fill is cut into parts this large, handed to the host threads that play the cores: a smaller fill is
// done by the calling thread before another would have woken.
constexpr size_t kPartBytes = size_t{32} << 20;
}  // namespace

void fillBytes(void* p, int value, size_t count) {
  auto* bytes = static_cast<unsigned char*>(p);
  const size_t parts = count / kPartBytes;
  if (parts <= 1) {
    std::memset(bytes, value, count);
    return;
  }
  runCores(static_cast<int32_t>(parts), [&](int32_t k) {
    const size_t from = count / parts * static_cast<size_t>(k);
    const size_t to = static_cast<size_t>(k) + 1 == parts ? count : from + count / parts;
    std::memset(bytes + from, value, to - from);
  }, count);
}

}  // namespace gradlab::rt
