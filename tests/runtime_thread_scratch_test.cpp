// Per-thread scratch (the emulated cores' UB): aligned, grows, and freed when its thread ends, whether
// the thread is the user's (a thread_local guard) or marked as the library's (explicit release).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <thread>

#include "runtime/thread_scratch.h"

namespace {

using gradlab::rt::markLibraryThread;
using gradlab::rt::releaseThreadScratch;
using gradlab::rt::threadScratch;
using gradlab::rt::threadScratchBuffers;

TEST(ThreadScratch, AlignedReusedAndGrown) {
  std::thread([] {
    std::byte* small = threadScratch(100);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
    std::memset(small, 1, 100);
    EXPECT_EQ(threadScratch(64), small);  // no more than it has: the same buffer
    std::byte* large = threadScratch(1 << 20);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(large) % 64, 0u);
    std::memset(large, 2, 1 << 20);  // all of it is usable (AddressSanitizer checks)
  }).join();
}

TEST(ThreadScratch, AUserThreadFreesItsBufferWhenItEnds) {
  const size_t before = threadScratchBuffers();
  for (int i = 0; i < 8; ++i) {
    std::thread([before] {
      threadScratch(4096);
      EXPECT_EQ(threadScratchBuffers(), before + 1);
    }).join();
  }
  EXPECT_EQ(threadScratchBuffers(), before);
}

TEST(ThreadScratch, ALibraryThreadReleasesExplicitly) {
  const size_t before = threadScratchBuffers();
  std::thread([before] {
    markLibraryThread();
    threadScratch(4096);
    EXPECT_EQ(threadScratchBuffers(), before + 1);
    releaseThreadScratch();
    EXPECT_EQ(threadScratchBuffers(), before);
    threadScratch(64);  // usable again after a release
    releaseThreadScratch();
  }).join();
  EXPECT_EQ(threadScratchBuffers(), before);
}

}  // namespace
