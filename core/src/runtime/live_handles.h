// The descriptors the API hands out by address (aclTensor, aclIntArray): which of them are live. A call
// looks its handle up here before it reads through it, so a destroyed, twice destroyed or foreign handle
// (another library's object, stray bits from ctypes) is refused with a reason instead of being read.
// A destroyed object's memory is kept, emptied, for the next kRetired destroys: until then no new object
// can take its address, so a stale handle is refused rather than mistaken for the newcomer.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace gradlab::rt {

template <class T>
class LiveHandles {
 public:
  T* add(std::unique_ptr<T> object) {
    T* raw = object.get();
    std::lock_guard lock(mutex_);
    live_.emplace(raw, std::move(object));
    return raw;
  }
  static constexpr size_t kRetired = 4096;

  // Destroys the object; false (and nothing touched) when `handle` is not live.
  bool destroy(const T* handle) {
    std::unique_ptr<T> doomed;
    std::lock_guard lock(mutex_);
    auto it = live_.find(handle);
    if (it == live_.end()) return false;
    *it->second = T{};  // what it held goes now; the bare object keeps its address out of use a while
    retired_.push_back(std::move(it->second));
    live_.erase(it);
    if (retired_.size() > kRetired) {
      doomed = std::move(retired_.front());
      retired_.pop_front();
    }
    return true;
  }
  // Never dereferences `handle`.
  bool live(const T* handle) const {
    std::lock_guard lock(mutex_);
    return live_.contains(handle);
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const T*, std::unique_ptr<T>> live_;
  std::deque<std::unique_ptr<T>> retired_;
};

}  // namespace gradlab::rt
