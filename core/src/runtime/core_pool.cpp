#include "runtime/core_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace gradlab::rt {
namespace {

// A fixed set of worker threads shared by every stream; a job hands out core indices atomically.
class CorePool {
 public:
  explicit CorePool(int32_t threads) {
    for (int32_t i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~CorePool() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }

  void run(int32_t coreCount, const std::function<void(int32_t)>& fn) {
    std::lock_guard serial(jobMutex_);  // one launch at a time owns the pool; others wait their turn
    std::atomic<int32_t> next{0};
    auto drain = [&] {
      for (int32_t c; (c = next.fetch_add(1)) < coreCount;) fn(c);
    };
    int32_t helpers = std::min<int32_t>(static_cast<int32_t>(workers_.size()), coreCount - 1);
    {
      std::lock_guard lock(mutex_);
      job_ = drain;
      wanted_ = helpers;
      active_ = helpers;
      ++generation_;
    }
    wake_.notify_all();
    drain();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return active_ == 0; });
    job_ = nullptr;
  }

  int32_t threads() const { return static_cast<int32_t>(workers_.size()) + 1; }

 private:
  void work() {
    uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && wanted_ > 0); });
      if (stopping_) return;
      seen = generation_;
      --wanted_;
      auto job = job_;
      lock.unlock();
      job();
      lock.lock();
      if (--active_ == 0) done_.notify_all();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex jobMutex_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::function<void()> job_;
  int32_t wanted_ = 0, active_ = 0;
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

CorePool& pool() {
  static CorePool* p = new CorePool(std::max(1u, std::thread::hardware_concurrency()) - 1);
  return *p;
}

}  // namespace

void runCores(int32_t coreCount, const std::function<void(int32_t)>& fn) {
  if (coreCount <= 0) return;
  if (coreCount == 1) {
    fn(0);
    return;
  }
  pool().run(coreCount, fn);
}

int32_t hostThreadCount() { return pool().threads(); }

}  // namespace gradlab::rt
