#include "gradlab/recycled_allocator.h"

#include <array>
#include <bit>
#include <mutex>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define GRADLAB_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define GRADLAB_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define GRADLAB_POISON(p, n) ((void)(p), (void)(n))
#define GRADLAB_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace gradlab {
namespace {

constexpr std::size_t kSmallest = std::size_t{64} << 10;  // blocks below this go straight to operator new
constexpr int kClasses = 20;                              // 64 KiB .. 32 GiB, powers of two
constexpr std::size_t kPerClass = 4;                      // blocks kept of one size class

// The size class a block of `bytes` is kept in; -1 for blocks that are never kept.
int keptClass(std::size_t bytes) {
  if (bytes < kSmallest) return -1;
  const int c = std::bit_width((bytes - 1) / kSmallest);
  return c < kClasses ? c : -1;
}
std::size_t classBytes(int c) { return kSmallest << c; }

struct Kept {
  std::mutex mutex;
  std::array<std::vector<void*>, kClasses> blocks;
  std::size_t bytes = 0;
};

// Never destroyed: a plan freed during static destruction still finds it.
Kept& kept() {
  static Kept* k = new Kept;
  return *k;
}

}  // namespace

void* recycledAllocate(std::size_t bytes) {
  const int c = keptClass(bytes);
  if (c < 0) return ::operator new(bytes);
  {
    Kept& k = kept();
    std::lock_guard lock(k.mutex);
    if (!k.blocks[c].empty()) {
      void* block = k.blocks[c].back();
      k.blocks[c].pop_back();
      k.bytes -= classBytes(c);
      GRADLAB_UNPOISON(block, classBytes(c));
      return block;
    }
  }
  return ::operator new(classBytes(c));
}

void recycledFree(void* block, std::size_t bytes) {
  if (block == nullptr) return;
  const int c = keptClass(bytes);
  if (c < 0) {
    ::operator delete(block);
    return;
  }
  {
    Kept& k = kept();
    std::lock_guard lock(k.mutex);
    if (k.blocks[c].size() < kPerClass && k.bytes + classBytes(c) <= kRecycledBytesKept) {
      if (k.blocks[c].capacity() == 0) k.blocks[c].reserve(kPerClass);  // no allocation while blocks come back later
      GRADLAB_POISON(block, classBytes(c));  // a kept block still reads as freed to AddressSanitizer
      k.blocks[c].push_back(block);
      k.bytes += classBytes(c);
      return;
    }
  }
  ::operator delete(block);
}

std::size_t recycledBytesKept() {
  Kept& k = kept();
  std::lock_guard lock(k.mutex);
  return k.bytes;
}

}  // namespace gradlab
