// Emulated device memory: every allocation knows its extent, so any pointer can be checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "gradlab/no_copy.h"

namespace gradlab::rt {

// The address range of one block: an anonymous mapping of its own, unmapped when the last owner goes.
// While a freed block is remembered as freed it keeps its range reserved (no pages, no access), so the
// host allocator can never hand out an address the emulator would call "freed device memory".
struct Reservation : NoCopy {
  void* base = nullptr;
  size_t bytes = 0;
  Reservation(void* b, size_t n) : base(b), bytes(n) {}
  ~Reservation();
};

// One aclrtMalloc block, or host memory lent to the device (lendHost: `range` is null, the pages are the
// lender's). Held by shared_ptr: an in-flight kernel pins the bytes until it finishes, even when the user
// frees the pointer meanwhile. Its destructor gives an aclrtMalloc block's pages back.
struct Allocation : NoCopy {
  std::byte* base = nullptr;
  size_t size = 0;
  int32_t device = 0;
  std::shared_ptr<Reservation> range;
  Allocation(std::byte* b, size_t s, int32_t d, std::shared_ptr<Reservation> r)
      : base(b), size(s), device(d), range(std::move(r)) {}
  ~Allocation();
  bool lent() const { return range == nullptr; }
};

using AllocationRef = std::shared_ptr<Allocation>;

// Where a pointer falls: inside a live allocation (alloc set), inside a freed one, or nowhere known.
struct PointerInfo {
  AllocationRef alloc;
  size_t offset = 0;
  bool freed = false;
};

class DeviceMemory {
 public:
  static DeviceMemory& instance();

  // Capacity of the emulated HBM; allocations beyond it fail like a full device.
  static constexpr uint64_t kCapacityBytes = uint64_t{64} << 30;

  // nullptr when the emulated capacity, the device-memory budget (memory_budget.h) or the host's memory
  // available now cannot hold `size` more bytes; `refusal` then gets the sentence after "cannot allocate N
  // bytes on device D".
  // kFresh: every byte reads 0xFF (a NaN in every float), as aclrtMalloc hands blocks out; kUnfilled: the caller
  // writes every byte at once (the runner's generated inputs), so the block is left as the host maps it.
  enum class Fill { kFresh, kUnfilled };
  void* allocate(size_t size, int32_t device, std::string* refusal, Fill fill = Fill::kFresh);
  enum class FreeResult { kOk, kUnknown, kAlreadyFreed, kNotBase, kLent };
  FreeResult release(void* p);

  // Host memory [p, p + size) reads as device memory of `device` until takeBack(the returned block): the
  // operators' pointer checks accept it and kernels work on it in place, with no copy (the Python module hands
  // numpy arrays to operators this way). It takes none of the device's capacity. nullptr, with the reason in
  // `refusal`, when the range overlaps device memory or another lent range.
  AllocationRef lendHost(void* p, size_t size, int32_t device, std::string* refusal);
  // Ends a loan (the block lendHost returned); nothing when the device was reset since.
  void takeBack(const AllocationRef& lent);
  PointerInfo lookup(const void* p) const;
  bool isDevicePointer(const void* p) const { return lookup(p).alloc != nullptr; }

  // Checks that [p, p+bytes) lies inside one live allocation; on failure returns a sentence
  // naming `what`, the pointer and the extents (empty string on success). On success `pin` (when given)
  // holds the allocation, taken in the same look-up as the check: a free that comes later leaves its
  // pages mapped until the pin goes, so work that checked its memory can always finish on it.
  std::string checkRange(const void* p, size_t bytes, const std::string& what, AllocationRef* pin = nullptr) const;
  // The sentence checkRange writes for a failed `info` (lookup(p)'s answer) and range.
  static std::string rangeProblem(const void* p, size_t bytes, const PointerInfo& info, const std::string& what);

  size_t liveCount() const;
  size_t liveBytes() const;
  // Releases every allocation of `device` (or all when device < 0); returns {count, bytes}.
  std::pair<size_t, size_t> releaseAll(int32_t device);

 private:
  mutable std::mutex mutex_;
  std::map<uintptr_t, AllocationRef> live_;  // keyed by base address
  struct FreedRange {
    size_t size = 0;
    std::shared_ptr<Reservation> range;  // keeps the addresses out of the host allocator's hands
    uint64_t serial = 0;                 // when it was freed: its key in freedOrder_
  };
  std::map<uintptr_t, FreedRange> freed_;     // recently freed ranges, to tell "freed" from "unknown"
  std::map<uint64_t, uintptr_t> freedOrder_;  // the same ranges, oldest first
  uint64_t nextFreedSerial_ = 0;
  size_t freedBytes_ = 0;  // the reserved bytes of freed_'s ranges
  size_t liveBytes_ = 0;
  void forgetFreedOverlapping(uintptr_t base, size_t size);
  std::map<uintptr_t, FreedRange>::iterator forgetFreed(std::map<uintptr_t, FreedRange>::iterator it);
  // Keeps a released block's range reserved and known as freed, forgetting the longest-freed range when
  // the list is full or holds too many bytes (never a recent one: its pointer may still be in use by mistake,
  // even as a host pointer).
  void rememberFreed(uintptr_t key, const Allocation& alloc);
};

}  // namespace gradlab::rt
