#include "runtime/memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>

#include "runtime/error.h"
#include "runtime/fill_bytes.h"
#include "runtime/host_memory.h"
#include "runtime/memory_budget.h"

namespace gradlab::rt {
namespace {
constexpr size_t kMaxFreedRanges = 4096;
// Fresh device memory reads as NaN (0xFF bytes), so an output cell a kernel forgot shows up at once.
constexpr int kFreshByte = 0xFF;
constexpr size_t kHugePageBytes = size_t{2} << 20;

// A freed block keeps its address range reserved while it is on the freed list, so the host allocator
// cannot hand its addresses out (a later free of it is "already freed", a host buffer there is never taken
// for freed device memory). Natively its pages are dropped and the list is capped by count alone.
// WebAssembly has no virtual memory (emscripten's mmap is an aligned malloc that ignores MAP_FIXED: re-mapping
// a range would allocate a second block and leak it), so there a kept range keeps its memory, and the
// list is also capped by bytes; a block larger than that cap goes back to the heap at once, unrecorded.
#ifdef __EMSCRIPTEN__
constexpr bool kDropFreedPages = false;
constexpr size_t kMaxFreedBytes = size_t{64} << 20;
#else
constexpr bool kDropFreedPages = true;
constexpr size_t kMaxFreedBytes = SIZE_MAX;
#endif

size_t pageRounded(size_t size) {
  static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return (size + page - 1) / page * page;
}
}  // namespace

Reservation::~Reservation() { munmap(base, bytes); }

Allocation::~Allocation() {
  // Drop the pages but keep the range reserved for as long as `range` has another owner (the freed list).
  if (kDropFreedPages && range) {
    mmap(range->base, range->bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
  }
}

DeviceMemory& DeviceMemory::instance() {
  static DeviceMemory* memory = new DeviceMemory();  // never destroyed: streams may outlive static teardown
  return *memory;
}

void* DeviceMemory::allocate(size_t size, int32_t device, std::string* refusal, Fill fill) {
  if (size == 0) return nullptr;
  const MemoryBudget budget = deviceMemoryBudget();
  {
    std::lock_guard lock(mutex_);
    if (size > kCapacityBytes || liveBytes_ > kCapacityBytes - size) {
      *refusal = cat(" (", liveBytes_, " bytes in use of ", kCapacityBytes, ")");
      return nullptr;
    }
    if (!budget.problem.empty()) {
      *refusal = cat(": ", budget.problem);
      return nullptr;
    }
    if (size > budget.bytes || liveBytes_ > budget.bytes - size) {
      *refusal = cat(": ", liveBytes_, " bytes are in use and the device memory budget is ", budget.bytes, " bytes (",
                     budget.source, ")");
      return nullptr;
    }
    liveBytes_ += size;  // claimed now, so two threads cannot both fit into the same room
  }
  auto giveBack = [&](std::string why) {
    std::lock_guard lock(mutex_);
    liveBytes_ -= size;
    *refusal = std::move(why);
    return nullptr;
  };
  // Fresh memory is filled at once (an unfilled block by its caller, at once too), so a block the host cannot
  // back now would be fought over by the kernel's OOM killer instead of failing here (other processes may have
  // taken memory since the budget).
  if (const HostMemory host = hostMemoryAvailable(); size > host.availableBytes) {
    return giveBack(cat(": the emulator keeps device memory in host memory, and the host can give only ",
                        host.availableBytes, " bytes now (", host.source, ")"));
  }
  // A mapping of its own (page-aligned, so 64-byte aligned as CANN promises).
  size_t mapped = pageRounded(size);
  void* raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return giveBack(cat(": the host refused a mapping of ", mapped, " bytes"));
  // Large blocks in the kernel's huge pages where it offers them on request (Debian's default): filling a
  // 5 GiB tensor took 1.3 million page faults, most of a large call's wall time, in 4 KiB pages.
#ifdef MADV_HUGEPAGE
  if (mapped >= kHugePageBytes) madvise(raw, mapped, MADV_HUGEPAGE);
#endif
  auto range = std::make_shared<Reservation>(raw, mapped);
  auto* bytes = static_cast<std::byte*>(raw);
  if (fill == Fill::kFresh) fillBytes(bytes, kFreshByte, size);
  auto alloc = std::make_shared<Allocation>(bytes, size, device, std::move(range));
  std::lock_guard lock(mutex_);
  forgetFreedOverlapping(reinterpret_cast<uintptr_t>(bytes), size);
  live_.emplace(reinterpret_cast<uintptr_t>(bytes), std::move(alloc));
  return bytes;
}

void DeviceMemory::forgetFreedOverlapping(uintptr_t base, size_t size) {
  auto it = freed_.upper_bound(base);
  if (it != freed_.begin()) --it;
  while (it != freed_.end() && it->first < base + size) {
    if (it->first + it->second.size > base) {
      it = forgetFreed(it);
    } else {
      ++it;
    }
  }
}

DeviceMemory::FreeResult DeviceMemory::release(void* p) {
  AllocationRef doomed;  // destroyed outside the lock
  std::lock_guard lock(mutex_);
  auto key = reinterpret_cast<uintptr_t>(p);
  auto it = live_.find(key);
  if (it == live_.end()) {
    auto after = live_.upper_bound(key);
    if (after != live_.begin()) {
      auto prev = std::prev(after);
      if (key < prev->first + prev->second->size) return FreeResult::kNotBase;
    }
    auto f = freed_.upper_bound(key);
    if (f != freed_.begin() && key < std::prev(f)->first + std::max<size_t>(std::prev(f)->second.size, 1))
      return FreeResult::kAlreadyFreed;
    return FreeResult::kUnknown;
  }
  if (it->second->lent()) return FreeResult::kLent;
  doomed = std::move(it->second);
  liveBytes_ -= doomed->size;
  live_.erase(it);
  rememberFreed(key, *doomed);
  return FreeResult::kOk;
}

AllocationRef DeviceMemory::lendHost(void* p, size_t size, int32_t device, std::string* refusal) {
  if (p == nullptr || size == 0) {
    *refusal = p == nullptr ? "the host pointer is null" : "the size is 0";
    return nullptr;
  }
  const auto base = reinterpret_cast<uintptr_t>(p);
  if (size > UINTPTR_MAX - base) {
    *refusal = cat(size, " bytes from ", formatPointer(p), " run past the end of the address space");
    return nullptr;
  }
  std::lock_guard lock(mutex_);
  auto after = live_.upper_bound(base + size - 1);
  if (after != live_.begin()) {
    const auto& [otherBase, other] = *std::prev(after);
    if (otherBase + other->size > base) {
      *refusal = cat(formatPointer(p), " + ", size, " bytes overlaps ", other->lent() ? "host memory lent" : "device memory",
                     " at ", formatPointer(other->base), " (", other->size, " bytes)");
      return nullptr;
    }
  }
  forgetFreedOverlapping(base, size);  // the host owns these addresses again: they are not freed device memory
  auto alloc = std::make_shared<Allocation>(static_cast<std::byte*>(p), size, device, nullptr);
  live_.emplace(base, alloc);
  return alloc;
}

void DeviceMemory::takeBack(const AllocationRef& lent) {
  if (!lent) return;
  AllocationRef doomed;  // destroyed outside the lock
  std::lock_guard lock(mutex_);
  auto it = live_.find(reinterpret_cast<uintptr_t>(lent->base));
  if (it != live_.end() && it->second == lent) {
    doomed = std::move(it->second);
    live_.erase(it);
  }
}

// `key` is not in the list yet: allocate() forgot every freed range a live block overlaps.
void DeviceMemory::rememberFreed(uintptr_t key, const Allocation& alloc) {
  const size_t bytes = alloc.range->bytes;
  if (bytes > kMaxFreedBytes) return;
  while (!freed_.empty() && (freed_.size() >= kMaxFreedRanges || freedBytes_ > kMaxFreedBytes - bytes)) {
    forgetFreed(freed_.find(freedOrder_.begin()->second));
  }
  const uint64_t serial = nextFreedSerial_++;
  freed_[key] = {alloc.size, alloc.range, serial};
  freedOrder_[serial] = key;
  freedBytes_ += bytes;
}

std::map<uintptr_t, DeviceMemory::FreedRange>::iterator DeviceMemory::forgetFreed(
    std::map<uintptr_t, FreedRange>::iterator it) {
  freedBytes_ -= it->second.range->bytes;
  freedOrder_.erase(it->second.serial);
  return freed_.erase(it);
}

PointerInfo DeviceMemory::lookup(const void* p) const {
  PointerInfo info;
  auto key = reinterpret_cast<uintptr_t>(p);
  std::lock_guard lock(mutex_);
  auto after = live_.upper_bound(key);
  if (after != live_.begin()) {
    const auto& [base, alloc] = *std::prev(after);
    if (key < base + alloc->size) {
      info.alloc = alloc;
      info.offset = key - base;
      return info;
    }
  }
  auto f = freed_.upper_bound(key);
  if (f != freed_.begin()) {
    auto prev = std::prev(f);
    info.freed = key < prev->first + prev->second.size;
  }
  return info;
}

std::string DeviceMemory::checkRange(const void* p, size_t bytes, const std::string& what, AllocationRef* pin) const {
  if (p == nullptr) return cat(what, " is a null pointer");
  PointerInfo info = lookup(p);
  if (!info.alloc || bytes > info.alloc->size - info.offset) return rangeProblem(p, bytes, info, what);
  if (pin != nullptr) *pin = std::move(info.alloc);
  return {};
}

std::string DeviceMemory::rangeProblem(const void* p, size_t bytes, const PointerInfo& info, const std::string& what) {
  if (p == nullptr) return cat(what, " is a null pointer");
  if (!info.alloc) {
    if (info.freed) return cat(what, " ", formatPointer(p), " points into device memory that was already freed");
    return cat(what, " ", formatPointer(p), " is not device memory from aclrtMalloc");
  }
  return cat(what, " needs ", bytes, " bytes at ", formatPointer(p), " but only ", info.alloc->size - info.offset,
             " remain in its ", info.alloc->size, "-byte device allocation");
}

size_t DeviceMemory::liveCount() const {
  std::lock_guard lock(mutex_);
  return live_.size();
}

size_t DeviceMemory::liveBytes() const {
  std::lock_guard lock(mutex_);
  return liveBytes_;
}

std::pair<size_t, size_t> DeviceMemory::releaseAll(int32_t device) {
  std::vector<AllocationRef> doomed;
  std::lock_guard lock(mutex_);
  size_t count = 0, bytes = 0;
  for (auto it = live_.begin(); it != live_.end();) {
    if (device >= 0 && it->second->device != device) {
      ++it;
      continue;
    }
    if (!it->second->lent()) {  // a loan only ends: the lender's memory is neither counted nor freed
      ++count;
      bytes += it->second->size;
      liveBytes_ -= it->second->size;
      rememberFreed(it->first, *it->second);
    }
    doomed.push_back(std::move(it->second));
    it = live_.erase(it);
  }
  return {count, bytes};
}

}  // namespace gradlab::rt
