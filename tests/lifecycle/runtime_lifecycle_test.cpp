// The runtime's lifecycle: calls before aclInit, aclInit/aclFinalize pairs, what aclFinalize cleans up,
// no device set, several devices and threads. Every test starts and ends with the runtime finalized.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "runtime/context.h"
#include "runtime/executor_registry.h"
#include "runtime/memory.h"
#include "runtime_expect.h"

namespace {

using gradlab::testing::ptr;

class RuntimeLifecycle : public ::testing::Test {
 protected:
  void SetUp() override { finalizeIfInitialized(); }
  void TearDown() override { finalizeIfInitialized(); }
  static void finalizeIfInitialized() {
    if (gradlab::rt::isInitialized()) {
      ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    }
  }
  static void initWithDevice(int32_t device) {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(device), ACL_SUCCESS);
  }
  static int32_t currentDevice() {
    int32_t device = -1;
    return aclrtGetDevice(&device) == ACL_SUCCESS ? device : -1;
  }
};

TEST_F(RuntimeLifecycle, EveryRuntimeCallBeforeAclInit) {
  int fake = 0;
  void* p = nullptr;
  int32_t device = 0;
  uint32_t count = 0;
  aclrtStream stream = nullptr;
  int64_t value = 0;
  char host[8] = {};
  const std::vector<std::pair<std::string, std::function<aclError()>>> calls = {
      {"aclrtSetDevice", [&] { return aclrtSetDevice(0); }},
      {"aclrtResetDevice", [&] { return aclrtResetDevice(0); }},
      {"aclrtGetDevice", [&] { return aclrtGetDevice(&device); }},
      {"aclrtGetDeviceCount", [&] { return aclrtGetDeviceCount(&count); }},
      {"aclrtCreateStream", [&] { return aclrtCreateStream(&stream); }},
      {"aclrtDestroyStream", [&] { return aclrtDestroyStream(&fake); }},
      {"aclrtSynchronizeStream", [&] { return aclrtSynchronizeStream(nullptr); }},
      {"aclrtMalloc", [&] { return aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST); }},
      {"aclrtFree", [&] { return aclrtFree(&fake); }},
      {"aclrtMemcpy", [&] { return aclrtMemcpy(host, 8, &fake, 4, ACL_MEMCPY_HOST_TO_HOST); }},
      {"aclrtMemset", [&] { return aclrtMemset(host, 8, 0, 8); }},
      {"aclrtCtxSetSysParamOpt", [&] { return aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1); }},
      {"aclrtCtxSetSysParamOpt", [&] { return aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 1); }},
      {"aclrtCtxGetSysParamOpt", [&] { return aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value); }},
  };
  for (const auto& [api, call] : calls) {
    EXPECT_FAILS(call(), ACL_ERROR_UNINITIALIZE, api + ": aclInit has not been called");
  }
  EXPECT_EQ(stream, nullptr);
  EXPECT_EQ(p, nullptr);
}

TEST_F(RuntimeLifecycle, FinalizeWithoutInit) {
  EXPECT_FAILS(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: the runtime is not initialized");
}

TEST_F(RuntimeLifecycle, FinalizeTwice) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_FAILS(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: the runtime is not initialized");
}

TEST_F(RuntimeLifecycle, InitTwice) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  EXPECT_FAILS(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit: the runtime is already initialized");
  EXPECT_FAILS(aclInit("some/config.json"), ACL_ERROR_REPEAT_INITIALIZE, "already initialized");
  uint32_t count = 0;
  EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS) << "a refused second aclInit leaves the runtime initialized";
}

TEST_F(RuntimeLifecycle, NoDeviceSet) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  void* p = nullptr;
  int32_t device = 7;
  aclrtStream stream = nullptr;
  int64_t value = 0;
  EXPECT_FAILS(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL,
               "aclrtMalloc: no device is set; call aclrtSetDevice first");
  EXPECT_FAILS(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set");
  EXPECT_FAILS(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL, "aclrtCreateStream: no device is set");
  EXPECT_FAILS(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_CONTEXT_NULL, "aclrtSynchronizeStream: no device is set");
  EXPECT_FAILS(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_ERROR_RT_CONTEXT_NULL,
               "aclrtCtxSetSysParamOpt: no device is set");
  EXPECT_FAILS(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_ERROR_RT_CONTEXT_NULL,
               "aclrtCtxGetSysParamOpt: no device is set");
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(stream, nullptr);
  uint32_t count = 0;
  EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS) << "the device count needs no device";
}

TEST_F(RuntimeLifecycle, FinalizeReleasesLiveAllocationsAndSaysHowMany) {
  initWithDevice(0);
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_EQ(aclrtMalloc(&a, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&b, 28, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  auto executor = std::make_unique<aclOpExecutor>();
  executor->api = "aclnnFakeOp";
  gradlab::rt::ExecutorRegistry::instance().add(std::move(executor));

  EXPECT_FAILS(aclFinalize(), ACL_SUCCESS,
               "aclFinalize: released 2 device allocation(s) (128 bytes) and 1 executor(s) that were never freed or launched");
  EXPECT_EQ(gradlab::rt::DeviceMemory::instance().liveCount(), 0u);
  EXPECT_EQ(gradlab::rt::DeviceMemory::instance().liveBytes(), 0u);

  // The handles of the finished runtime are gone for good.
  initWithDevice(0);
  EXPECT_FAILS(aclrtFree(a), ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr " + ptr(a) + " was already freed");
  EXPECT_FAILS(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE, "is unknown or was destroyed");
}

TEST_F(RuntimeLifecycle, CleanFinalizeLeavesNoMessage) {
  initWithDevice(0);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
  gradlab::rt::clearRecentError();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_STREQ(aclGetRecentErrMsg(), "");
}

TEST_F(RuntimeLifecycle, FinalizeLetsQueuedWorkFinish) {
  initWithDevice(0);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  auto queue = gradlab::rt::resolveStream(stream, "test");
  ASSERT_NE(queue, nullptr);
  std::atomic<int> ran{0};
  for (int i = 0; i < 5; ++i) {
    queue->enqueue([&]() {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      ++ran;
      return gradlab::rt::TaskResult{};
    });
  }
  queue.reset();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(ran.load(), 5);
}

TEST_F(RuntimeLifecycle, InitAgainStartsFromScratch) {
  initWithDevice(2);
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  int32_t device = -1;
  EXPECT_FAILS(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "no device is set");
  ASSERT_EQ(aclrtSetDevice(2), ACL_SUCCESS);
  int64_t value = -1;
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0) << "options do not survive aclFinalize";
  EXPECT_FAILS(aclrtResetDevice(0), ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice: device 0 was not set");
}

TEST_F(RuntimeLifecycle, DeviceReferencesCount) {
  initWithDevice(2);
  ASSERT_EQ(aclrtSetDevice(2), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(2), ACL_SUCCESS);
  EXPECT_EQ(currentDevice(), 2) << "one aclrtSetDevice is still outstanding";
  ASSERT_EQ(aclrtResetDevice(2), ACL_SUCCESS);
  int32_t device = -1;
  EXPECT_FAILS(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set");
  EXPECT_FAILS(aclrtResetDevice(2), ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice: device 2 was not set");
}

TEST_F(RuntimeLifecycle, SwitchingDevices) {
  initWithDevice(3);
  EXPECT_EQ(currentDevice(), 3);
  void* onThree = nullptr;
  ASSERT_EQ(aclrtMalloc(&onThree, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* tooBig = nullptr;
  EXPECT_FAILS(aclrtMalloc(&tooBig, size_t{1} << 40, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
               "on device 3");
  ASSERT_EQ(aclrtSetDevice(4), ACL_SUCCESS);
  EXPECT_EQ(currentDevice(), 4);
  void* onFour = nullptr;
  ASSERT_EQ(aclrtMalloc(&onFour, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  // Resetting device 4 releases its memory only.
  ASSERT_EQ(aclrtResetDevice(4), ACL_SUCCESS);
  EXPECT_FAILS(aclrtFree(onFour), ACL_ERROR_INVALID_PARAM, ptr(onFour) + " was already freed");
  EXPECT_EQ(aclrtFree(onThree), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(3), ACL_SUCCESS);
  EXPECT_EQ(currentDevice(), 3);
}

TEST_F(RuntimeLifecycle, DeterministicIsPerDeviceAndOffByDefault) {
  initWithDevice(1);
  int64_t value = -1;
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0);
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(5), ACL_SUCCESS);
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0) << "device 5 has its own option";
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1);
  // Fully resetting a device clears its option.
  ASSERT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0);
}

TEST_F(RuntimeLifecycle, CurrentDeviceIsPerThread) {
  initWithDevice(1);
  std::thread([] {
    // A thread that never set a device uses the last one any thread set.
    int32_t device = -1;
    EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 1);
    ASSERT_EQ(aclrtSetDevice(6), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 6);
  }).join();
  EXPECT_EQ(currentDevice(), 1) << "another thread's aclrtSetDevice does not move this thread";
}

// A thread's device must not outlive the device: after aclFinalize (or the last aclrtResetDevice) on
// another thread, the thread has no device until it sets one again.
TEST_F(RuntimeLifecycle, ThreadDeviceEndsWithFinalizeOnAnotherThread) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  std::promise<void> deviceSet, reinitialized;
  std::future<void> reinit = reinitialized.get_future();
  std::thread worker([&] {
    ASSERT_EQ(aclrtSetDevice(2), ACL_SUCCESS);
    deviceSet.set_value();
    reinit.wait();
    int32_t device = -1;
    EXPECT_FAILS(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set");
    void* p = nullptr;
    EXPECT_FAILS(aclrtMalloc(&p, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL, "aclrtMalloc: no device is set");
    if (p) {
      aclrtFree(p);
    }
  });
  deviceSet.get_future().wait();
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
  reinitialized.set_value();
  worker.join();
}

TEST_F(RuntimeLifecycle, ThreadDeviceEndsWithResetOnAnotherThread) {
  initWithDevice(0);
  std::promise<void> deviceSet, reset;
  std::future<void> resetDone = reset.get_future();
  std::thread worker([&] {
    ASSERT_EQ(aclrtSetDevice(3), ACL_SUCCESS);
    deviceSet.set_value();
    resetDone.wait();
    int32_t device = -1;
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 0) << "device 3 is gone; the last device still set is 0";
  });
  deviceSet.get_future().wait();
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // main thread is back on device 0 (2 references)
  ASSERT_EQ(aclrtResetDevice(3), ACL_SUCCESS);  // the worker's only reference
  reset.set_value();
  worker.join();
}

}  // namespace
