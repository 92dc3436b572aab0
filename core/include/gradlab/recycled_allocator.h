// The allocator of a plan's tiles (Plan::tiles): a large block, once freed, is kept for the next plan instead
// of going back to the system. A large call plans hundreds of tiles (a 512-plane adaptive pool backward:
// 119 KB of them), and malloc returns blocks that size to the kernel when they are freed (it trims the heap
// or unmaps them), so every call faulted the same pages in again: on a 2-vCPU VM whose page faults cost
// several microseconds each, 0.6 ms of a 1.8 ms call. Small blocks go straight to operator new.
#pragma once

#include <cstddef>
#include <new>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// A block of at least `bytes` (from the kept ones when one of its size class is there), and its return.
// recycledFree takes the same `bytes` the block was asked for.
void* recycledAllocate(std::size_t bytes);
void recycledFree(void* block, std::size_t bytes);
// Bytes of freed blocks kept now (at most kRecycledBytesKept); for tests.
std::size_t recycledBytesKept();
inline constexpr std::size_t kRecycledBytesKept = std::size_t{16} << 20;

template <typename T>
struct RecycledAllocator {
  using value_type = T;
  RecycledAllocator() = default;
  template <typename U>
  RecycledAllocator(const RecycledAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(recycledAllocate(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { recycledFree(p, n * sizeof(T)); }
  template <typename U>
  bool operator==(const RecycledAllocator<U>&) const noexcept { return true; }
};

}  // namespace gradlab
GRADLAB_API_END
