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

// One launch. Its cores are split into one contiguous part per thread that runs it (the launching thread and
// its helpers); each thread takes the cores of its own part from the front, then helps the others from the
// back of theirs. Threads that took cores side by side (one shared counter) streamed into neighbouring
// addresses in step, and on a two-core VM that made a memory-bound launch 1.4-1.6x slower than the same
// threads each writing their own half. `done` counts the cores that finished. Shared by pointer, so a
// helper that wakes only after the launching thread has run every core itself finds nothing left and never
// touches `fn`; the launching thread waits for the cores that were taken, never for helpers to wake up.
struct Job {
  Job(const std::function<void(int32_t)>& f, int32_t n, int32_t threads) : fn(f), count(n), parts(threads) {
    for (int32_t i = 0; i < threads; ++i) {
      parts[i].range.store(pack(static_cast<int64_t>(n) * i / threads, static_cast<int64_t>(n) * (i + 1) / threads),
                           std::memory_order_relaxed);
    }
  }
  // The launching thread drains part 0; each helper the next part not yet claimed.
  void drain(int32_t part) {
    const int32_t n = static_cast<int32_t>(parts.size());
    for (int32_t c; (c = take(parts[part], true)) >= 0;) run(c);
    for (int32_t k = 1; k < n; ++k) {
      for (int32_t c; (c = take(parts[(part + k) % n], false)) >= 0;) run(c);
    }
  }
  int32_t claimPart() { return std::min(joined.fetch_add(1, std::memory_order_relaxed), static_cast<int32_t>(parts.size()) - 1); }
  void waitAll() {
    for (int32_t d; (d = done.load(std::memory_order_acquire)) < count;) done.wait(d, std::memory_order_acquire);
  }

  struct alignas(64) Part {
    std::atomic<uint64_t> range{0};  // [front, back) of its cores: front in the low 32 bits
  };
  static uint64_t pack(int64_t front, int64_t back) { return static_cast<uint64_t>(back) << 32 | static_cast<uint64_t>(front); }
  // A core of `part` from its front (its owner) or back (a helper), -1 when it has none left.
  static int32_t take(Part& part, bool front) {
    uint64_t r = part.range.load(std::memory_order_relaxed);
    for (;;) {
      const auto lo = static_cast<int32_t>(r & 0xFFFFFFFFu), hi = static_cast<int32_t>(r >> 32);
      if (lo >= hi) return -1;
      const uint64_t next = front ? pack(lo + 1, hi) : pack(lo, hi - 1);
      if (part.range.compare_exchange_weak(r, next, std::memory_order_relaxed)) return front ? lo : hi - 1;
    }
  }
  void run(int32_t c) {
    fn(c);
    if (done.fetch_add(1, std::memory_order_acq_rel) + 1 == count) done.notify_all();
  }

  const std::function<void(int32_t)>& fn;
  const int32_t count;
  std::vector<Part> parts;
  std::atomic<int32_t> joined{1};  // part 0 is the launching thread's
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
    const int32_t limit = threadLimit_.load(std::memory_order_relaxed);
    int32_t helpers = std::min<int32_t>(static_cast<int32_t>(workers_.size()), coreCount - 1);
    if (limit > 0) helpers = std::min(helpers, limit - 1);
    auto job = std::make_shared<Job>(fn, coreCount, std::max(helpers, 0) + 1);
    if (helpers > 0) {
      {
        std::lock_guard lock(mutex_);
        job_ = job;
        wanted_ = helpers;
        ++generation_;
      }
      wake_.notify_all();
    }
    job->drain(0);
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
      if (job) job->drain(job->claimPart());
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
