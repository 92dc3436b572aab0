#include "runtime/core_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gradlab/host_threads.h"
#include "runtime/host_thread.h"
#include "runtime/thread_scratch.h"

namespace gradlab::rt {
namespace {

// One launch: core indices are handed out atomically to whichever thread asks first, and `done` counts
// the cores that finished. Shared by pointer, so a helper that wakes only after the launching thread has
// run every core itself finds nothing left and never touches `fn`; the launching thread waits for the
// cores that were taken, never for helpers to wake up.
struct Job {
  Job(const std::function<void(int32_t)>& f, int32_t n) : fn(f), count(n) {}
  void drain() {
    for (int32_t c; (c = next.fetch_add(1, std::memory_order_relaxed)) < count;) {
      fn(c);
      if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == count) done.notify_all();
    }
  }
  void waitAll() {
    for (int32_t d; (d = done.load(std::memory_order_acquire)) < count;) done.wait(d, std::memory_order_acquire);
  }
  const std::function<void(int32_t)>& fn;
  const int32_t count;
  std::atomic<int32_t> next{0};
  std::atomic<int32_t> done{0};
};

// A fixed set of worker threads shared by every stream.
class CorePool {
 public:
  // A host that refuses some of the threads leaves fewer helpers: the launching thread runs every core
  // no helper takes, so results are the same, only slower.
  explicit CorePool(int32_t threads) {
    for (int32_t i = 0; i < threads; ++i) {
      std::thread worker;
      std::string reason;
      const bool started = startHostThread(
          [this] {
            markLibraryThread();
            work();
            releaseThreadScratch();
          },
          &worker, &reason);
      if (!started) break;
      workers_.push_back(std::move(worker));
    }
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
    auto job = std::make_shared<Job>(fn, coreCount);
    const int32_t limit = threadLimit_.load(std::memory_order_relaxed);
    int32_t helpers = std::min<int32_t>(static_cast<int32_t>(workers_.size()), coreCount - 1);
    if (limit > 0) helpers = std::min(helpers, limit - 1);
    if (helpers > 0) {
      {
        std::lock_guard lock(mutex_);
        job_ = job;
        wanted_ = helpers;
        ++generation_;
      }
      wake_.notify_all();
    }
    job->drain();
    job->waitAll();
    std::lock_guard lock(mutex_);
    job_.reset();
    wanted_ = 0;
  }

  void limit(int32_t threads) { threadLimit_.store(std::max(0, threads), std::memory_order_relaxed); }

 private:
  void work() {
    uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || (generation_ != seen && wanted_ > 0); });
      if (stopping_) return;
      seen = generation_;
      --wanted_;
      std::shared_ptr<Job> job = job_;
      lock.unlock();
      if (job) job->drain();
      job.reset();
      lock.lock();
    }
  }

  std::vector<std::thread> workers_;
  std::atomic<int32_t> threadLimit_{0};
  std::mutex jobMutex_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::shared_ptr<Job> job_;
  int32_t wanted_ = 0;
  uint64_t generation_ = 0;
  bool stopping_ = false;
};

CorePool& pool() {
  static CorePool* p = new CorePool(std::max(1u, std::thread::hardware_concurrency()) - 1);
  return *p;
}

}  // namespace

void runCores(int32_t coreCount, const std::function<void(int32_t)>& fn, uint64_t workBytes) {
  if (coreCount <= 0) return;
  if (coreCount == 1 || (workBytes > 0 && workBytes < kSmallJobBytes) || singleThreaded()) {
    for (int32_t c = 0; c < coreCount; ++c) fn(c);
    return;
  }
  pool().run(coreCount, fn);
}

void limitHostThreads(int32_t threads) { pool().limit(threads); }

}  // namespace gradlab::rt
