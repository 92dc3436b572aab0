// The host threads that play the AI cores (runtime/core_pool.h): every core of a launch runs exactly once,
// whatever the thread cap, the core count, or how long each core takes; the threads start in parts of their
// own and help each other from the back of the others' parts.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "runtime/core_pool.h"

namespace {

using gradlab::rt::limitHostThreads;
using gradlab::rt::runCores;

struct ThreadCap {
  explicit ThreadCap(int32_t threads) { limitHostThreads(threads); }
  ~ThreadCap() { limitHostThreads(0); }
};

// How many times each core ran.
std::vector<int> runCounts(int32_t cores, const std::function<void(int32_t)>& work = {}) {
  std::vector<std::atomic<int>> ran(static_cast<size_t>(cores));
  runCores(cores, [&](int32_t c) {
    if (work) work(c);
    ran[static_cast<size_t>(c)].fetch_add(1, std::memory_order_relaxed);
  });
  std::vector<int> counts;
  for (auto& r : ran) counts.push_back(r.load());
  return counts;
}

TEST(RuntimeCorePool, EveryCoreRunsOnceWhateverTheThreadCap) {
  for (int32_t cap : {0, 1, 2, 3, 8}) {
    ThreadCap threads(cap);
    for (int32_t cores : {1, 2, 3, 5, 48, 1000}) {
      const std::vector<int> counts = runCounts(cores);
      EXPECT_EQ(counts, std::vector<int>(static_cast<size_t>(cores), 1)) << cores << " cores, thread cap " << cap;
    }
  }
}

// Uneven cores: the first part's cores are slow, so the other threads finish theirs and take from its back.
TEST(RuntimeCorePool, SlowCoresAreHelpedAndStillRunOnce) {
  const std::vector<int> counts = runCounts(64, [](int32_t c) {
    if (c < 8) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  });
  EXPECT_EQ(counts, std::vector<int>(64, 1));
}

// Two threads, two parts ([0, 48) and [48, 96)): a thread takes its own part's cores from the front and the
// other's from the back, so within each part the cores one thread ran rise (its own) or fall (helping), and the
// launching thread's own part is [0, 48). Whatever the timing: a thread that wakes late only finds less left.
TEST(RuntimeCorePool, EachThreadWalksItsOwnPartUpAndTheOtherDown) {
  ThreadCap threads(2);
  constexpr int32_t kCores = 96, kHalf = kCores / 2;
  std::mutex mutex;
  std::map<std::thread::id, std::vector<int32_t>> ran;  // per thread, in the order it ran them
  runCores(kCores, [&](int32_t c) {
    {
      std::lock_guard lock(mutex);
      ran[std::this_thread::get_id()].push_back(c);
    }
    // Some work per core, so that a helper usually wakes in time to share them (the checks hold either way).
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(50);
    while (std::chrono::steady_clock::now() < until) {
    }
  });
  std::set<int32_t> seen;
  for (const auto& [thread, cores] : ran) {
    for (int32_t c : cores) EXPECT_TRUE(seen.insert(c).second) << "core " << c << " ran twice";
    for (int32_t part = 0; part < 2; ++part) {
      std::vector<int32_t> inPart;
      for (int32_t c : cores) {
        if (c / kHalf == part) inPart.push_back(c);
      }
      const bool rising = std::is_sorted(inPart.begin(), inPart.end());
      const bool falling = std::is_sorted(inPart.rbegin(), inPart.rend());
      EXPECT_TRUE(rising || falling) << "a thread's cores in part " << part << " neither rise nor fall";
      if (thread == std::this_thread::get_id() && part == 0) {
        EXPECT_TRUE(rising) << "the launching thread's own part";
      }
      // A helper ran cores, so there were two parts: the launching thread helped with the other from its back
      // (a single shared counter had both threads rise through both halves).
      if (thread == std::this_thread::get_id() && part == 1 && ran.size() == 2) {
        EXPECT_TRUE(falling) << "the launching thread took the helper's part from the front";
      }
    }
  }
  EXPECT_EQ(seen.size(), static_cast<size_t>(kCores));
}

}  // namespace
