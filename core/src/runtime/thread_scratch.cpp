#include "runtime/thread_scratch.h"

#include <memory>
#include <mutex>
#include <new>
#include <unordered_map>

namespace gradlab::rt {
namespace {

struct AlignedDelete {
  void operator()(std::byte* p) const { ::operator delete(p, std::align_val_t{64}); }
};

// Owns every thread's buffer, so a buffer is reachable from a global while its thread runs.
class ScratchOwner {
 public:
  std::byte* grow(std::byte* old, uint64_t bytes) {
    auto* fresh = static_cast<std::byte*>(::operator new(bytes, std::align_val_t{64}));
    std::lock_guard lock(mutex_);
    if (old) owned_.erase(old);
    owned_.emplace(fresh, std::unique_ptr<std::byte, AlignedDelete>(fresh));
    return fresh;
  }
  void release(std::byte* p) {
    std::lock_guard lock(mutex_);
    owned_.erase(p);
  }
  size_t count() {
    std::lock_guard lock(mutex_);
    return owned_.size();
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::byte*, std::unique_ptr<std::byte, AlignedDelete>> owned_;
};

ScratchOwner& owner() {
  static ScratchOwner* o = new ScratchOwner;  // never destroyed: library threads may hold a buffer at exit
  return *o;
}

// Trivially destructible, so glibc registers nothing for it.
struct Slot {
  std::byte* data = nullptr;
  uint64_t capacity = 0;
  bool library = false;
  bool guarded = false;
};
thread_local Slot t_slot;

struct ReleaseAtThreadEnd {
  ~ReleaseAtThreadEnd() { releaseThreadScratch(); }
};

}  // namespace

std::byte* threadScratch(uint64_t bytes) {
  Slot& s = t_slot;
  if (s.capacity < bytes) {
    s.data = owner().grow(s.data, bytes);
    s.capacity = bytes;
    if (!s.library && !s.guarded) {
      thread_local ReleaseAtThreadEnd guard;
      (void)guard;
      s.guarded = true;
    }
  }
  return s.data;
}

void markLibraryThread() { t_slot.library = true; }

void releaseThreadScratch() {
  Slot& s = t_slot;
  if (s.data) owner().release(s.data);
  s.data = nullptr;
  s.capacity = 0;
}

size_t threadScratchBuffers() { return owner().count(); }

}  // namespace gradlab::rt
