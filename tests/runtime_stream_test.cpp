// Streams: handle errors through the public API, and (through the runtime's own queue) that work runs
// asynchronously, in submission order, and that aclrtSynchronizeStream reports the first device error.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::rt::TaskResult;
using gradlab::testing::ptr;

class RuntimeStream : public ::testing::Test {
 protected:
  void SetUp() override {
    gradlab::verify::RuntimeScope::shared();
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
  }
  void TearDown() override {
    if (stream_) {
      EXPECT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS);
    }
  }
  // The queue behind a public handle: what an aclnn launch enqueues on.
  std::shared_ptr<gradlab::rt::Stream> queue() { return gradlab::rt::resolveStream(stream_, "test"); }
  aclrtStream stream_ = nullptr;
};

TEST_F(RuntimeStream, CreateWithNull) {
  EXPECT_FAILS(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is a null pointer");
}

TEST_F(RuntimeStream, DestroyNull) {
  EXPECT_FAILS(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: stream is a null pointer");
}

TEST_F(RuntimeStream, DestroyUnknown) {
  int notAStream = 0;
  EXPECT_FAILS(aclrtDestroyStream(&notAStream), ACL_ERROR_INVALID_RESOURCE_HANDLE,
               "aclrtDestroyStream: stream " + ptr(&notAStream) + " is unknown or already destroyed");
}

// A stream created and destroyed (nullptr if either failed, which the caller's expectations then report).
aclrtStream destroyedStream() {
  aclrtStream s = nullptr;
  if (aclrtCreateStream(&s) != ACL_SUCCESS || s == nullptr) return nullptr;
  return aclrtDestroyStream(s) == ACL_SUCCESS ? s : nullptr;
}

TEST_F(RuntimeStream, DestroyTwice) {
  aclrtStream s = destroyedStream();
  ASSERT_NE(s, nullptr);
  EXPECT_FAILS(aclrtDestroyStream(s), ACL_ERROR_INVALID_RESOURCE_HANDLE,
               "aclrtDestroyStream: stream " + ptr(s) + " is unknown or already destroyed");
}

TEST_F(RuntimeStream, SynchronizeUnknown) {
  int notAStream = 0;
  EXPECT_FAILS(aclrtSynchronizeStream(&notAStream), ACL_ERROR_INVALID_RESOURCE_HANDLE,
               "aclrtSynchronizeStream: stream " + ptr(&notAStream) + " is unknown or was destroyed");
}

TEST_F(RuntimeStream, SynchronizeDestroyed) {
  aclrtStream s = destroyedStream();
  ASSERT_NE(s, nullptr);
  EXPECT_FAILS(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_RESOURCE_HANDLE, ptr(s) + " is unknown or was destroyed");
}

TEST_F(RuntimeStream, SynchronizeIdleAndDefaultStreams) {
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << "nullptr is the current device's default stream";
}

TEST_F(RuntimeStream, StreamsAreDistinct) {
  aclrtStream other = nullptr;
  ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
  EXPECT_NE(other, stream_);
  EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << "destroying one stream leaves the others";
}

TEST_F(RuntimeStream, WorkRunsAsynchronously) {
  auto q = queue();
  ASSERT_NE(q, nullptr);
  std::promise<void> release;
  std::shared_future<void> gate = release.get_future().share();
  std::promise<void> started;
  bool ran = false;
  q->enqueue([&, gate]() {
    started.set_value();
    gate.wait();
    ran = true;
    return TaskResult{};
  });
  // enqueue returned while the task is still blocked: it runs on the stream's own thread.
  ASSERT_EQ(started.get_future().wait_for(std::chrono::seconds(10)), std::future_status::ready);
  release.set_value();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_TRUE(ran);
}

TEST_F(RuntimeStream, WorkRunsInSubmissionOrder) {
  auto q = queue();
  ASSERT_NE(q, nullptr);
  std::mutex m;
  std::vector<int> order;
  for (int i = 0; i < 100; ++i) {
    q->enqueue([&, i]() {
      std::lock_guard lock(m);
      order.push_back(i);
      return TaskResult{};
    });
  }
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  std::vector<int> expected(100);
  for (int i = 0; i < 100; ++i) expected[i] = i;
  EXPECT_EQ(order, expected);
}

TEST_F(RuntimeStream, SynchronizeReportsTheFirstDeviceErrorAndSkipsLaterWork) {
  auto q = queue();
  ASSERT_NE(q, nullptr);
  int ran = 0;
  q->enqueue([&]() { ++ran; return TaskResult{}; });
  q->enqueue([&]() { ++ran; return TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "cell [0, 0] has index 9 outside [0, 4)", {}}; });
  q->enqueue([&]() { ++ran; return TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "a second error", {}}; });
  q->enqueue([&]() { ++ran; return TaskResult{}; });
  EXPECT_FAILS(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_EXCEPTION,
               "aclrtSynchronizeStream: cell [0, 0] has index 9 outside [0, 4)",
               "2 task(s) queued after it on this stream were skipped");
  EXPECT_EQ(ran, 2);
  // The error was reported once; the stream works again.
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  q->enqueue([&]() { ++ran; return TaskResult{}; });
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(ran, 3);
}

TEST_F(RuntimeStream, ErrorOnOneStreamDoesNotLeakIntoAnother) {
  aclrtStream other = nullptr;
  ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
  queue()->enqueue([]() { return TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "boom", {}}; });
  EXPECT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);
  EXPECT_FAILS(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_EXCEPTION, "aclrtSynchronizeStream: boom");
  EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
}

TEST_F(RuntimeStream, DestroyWaitsForQueuedWork) {
  aclrtStream s = nullptr;
  ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
  auto q = gradlab::rt::resolveStream(s, "test");
  ASSERT_NE(q, nullptr);
  std::atomic<int> ran{0};
  for (int i = 0; i < 10; ++i) {
    q->enqueue([&]() {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      ++ran;
      return TaskResult{};
    });
  }
  q.reset();
  EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
  EXPECT_EQ(ran.load(), 10);
}

}  // namespace
