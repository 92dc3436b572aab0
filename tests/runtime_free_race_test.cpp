// Frees racing the work that uses the memory: a launch of every operator whose tensor or workspace
// another thread frees at a random moment, copies and memsets whose block goes meanwhile, and a device
// reset racing launches on that device. Every call returns one of its documented codes and nothing
// crashes; the sanitizer stages turn any touch of released pages into a failure (core/RUNTIME.md).
// GRADLAB_RACE_ITERATIONS=N runs N iterations of each race instead of the default few.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "gradlab/ops.h"
#include "race_support.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::OpInfo;
using gradlab::testing::expectOneOf;
using gradlab::testing::OperatorCall;
using gradlab::testing::raceIterations;
using gradlab::testing::RacingFreer;

class RuntimeFreeRace : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::verify::RuntimeScope::shared(); }
  aclrtStream stream() const { return gradlab::verify::RuntimeScope::shared().stream(); }
};

constexpr size_t kNoVictim = SIZE_MAX;

// One launch of `op` while the freer frees block `victim` of the call (the workspace when victim is
// past the tensors and the call has one). `deviceResets`: another thread may reset the device meanwhile,
// so the device, its memory and its default stream may be gone at any step.
void launchWhileFreeing(const OpInfo& op, aclDataType dtype, size_t victim, RacingFreer& freer, aclrtStream stream,
                        bool deviceResets = false) {
  OperatorCall call(op, dtype);
  void* freed = nullptr;
  if (victim < call.blockCount()) {
    freed = call.block(victim);
    freer.hand(freed);
  }
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  const aclnnStatus planned = call.plan(&workspaceSize, &executor);
  expectOneOf(planned, {ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID}, "GetWorkspaceSize");
  void* workspace = nullptr;
  if (planned == ACLNN_SUCCESS && workspaceSize > 0) {
    const aclError allocated = aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    if (!deviceResets) {
      EXPECT_EQ(allocated, ACL_SUCCESS) << aclGetRecentErrMsg();
    }
    if (freed == nullptr && victim != kNoVictim && workspace != nullptr) {
      freed = workspace;
      freer.hand(freed);
    }
  }
  if (planned == ACLNN_SUCCESS) {
    const aclnnStatus launched = call.launch(workspace, workspaceSize, executor, stream);
    expectOneOf(launched, {ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID}, "launch");
    if (launched == ACLNN_SUCCESS) {
      if (deviceResets) {
        expectOneOf(aclrtSynchronizeStream(stream),
                    {ACL_SUCCESS, ACL_ERROR_RT_AICORE_EXCEPTION, ACL_ERROR_RT_CONTEXT_NULL}, "synchronize");
      } else {
        expectOneOf(aclrtSynchronizeStream(stream), {ACL_SUCCESS, ACL_ERROR_RT_AICORE_EXCEPTION}, "synchronize");
      }
    }
  }
  if (freed != nullptr) {
    EXPECT_EQ(freer.wait(), ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  call.freeBlocks(freed);  // after a reset: "already freed"
  if (workspace != nullptr && workspace != freed) {
    if (deviceResets) {
      expectOneOf(aclrtFree(workspace), {ACL_SUCCESS, ACL_ERROR_INVALID_PARAM}, "aclrtFree");
    } else {
      EXPECT_EQ(aclrtFree(workspace), ACL_SUCCESS) << aclGetRecentErrMsg();
    }
  }
}

TEST_F(RuntimeFreeRace, FreeingATensorOrTheWorkspaceDuringALaunchOfEveryOperator) {
  const int iterations = raceIterations(60);  // without pins, 60 crash a plain build every time
  RacingFreer freer(1);
  for (const OpInfo& op : gradlab::allOps()) {
    SCOPED_TRACE(op.name);
    for (int i = 0; i < iterations; ++i) {
      const aclDataType dtype = i % 2 == 0 ? ACL_FLOAT : ACL_FLOAT16;
      launchWhileFreeing(op, dtype, static_cast<size_t>(i) % (static_cast<size_t>(op.roleCount) + 1), freer, stream());
      if (HasFailure()) return;
    }
  }
}

// Copies in every direction and a memset, while the device block they use is freed.
TEST_F(RuntimeFreeRace, FreeingTheBlockOfACopyOrMemset) {
  const int iterations = raceIterations(24);
  // 4 MiB: a copy long enough for a free to land in it; the smaller ones race its start and end more often.
  constexpr size_t kMaxBytes = size_t{4} << 20;
  std::vector<std::byte> host(kMaxBytes);
  void* other = nullptr;
  ASSERT_EQ(aclrtMalloc(&other, kMaxBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  RacingFreer freer(2);
  for (int i = 0; i < iterations; ++i) {
    const size_t bytes = kMaxBytes >> (2 * ((i / 5) % 4));  // 4 MiB, 1 MiB, 256 KiB, 64 KiB
    void* block = nullptr;
    ASSERT_EQ(aclrtMalloc(&block, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    freer.hand(block);
    const std::initializer_list<long long> allowed = {ACL_SUCCESS, ACL_ERROR_INVALID_PARAM};
    switch (i % 5) {
      case 0: expectOneOf(aclrtMemcpy(block, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), allowed, "H2D"); break;
      case 1: expectOneOf(aclrtMemcpy(host.data(), bytes, block, bytes, ACL_MEMCPY_DEVICE_TO_HOST), allowed, "D2H"); break;
      case 2: expectOneOf(aclrtMemcpy(other, bytes, block, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE), allowed, "D2D"); break;
      case 3: expectOneOf(aclrtMemcpy(block, bytes, host.data(), bytes, ACL_MEMCPY_DEFAULT), allowed, "DEFAULT"); break;
      default: expectOneOf(aclrtMemset(block, bytes, 7, bytes), allowed, "memset"); break;
    }
    EXPECT_EQ(freer.wait(), ACL_SUCCESS) << aclGetRecentErrMsg();
    if (HasFailure()) break;
  }
  EXPECT_EQ(aclrtFree(other), ACL_SUCCESS);
}

// The case: a 64 MiB copy takes milliseconds, so the free lands in its middle.
TEST_F(RuntimeFreeRace, FreeingTheDestinationOfA64MiBCopy) {
  constexpr size_t kBytes = size_t{64} << 20;
  std::vector<std::byte> host(kBytes, std::byte{3});
  void* block = nullptr;
  ASSERT_EQ(aclrtMalloc(&block, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  std::atomic<bool> copying{false};
  std::thread freer([&] {
    while (!copying.load()) std::this_thread::yield();
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS) << aclGetRecentErrMsg();
  });
  copying.store(true);
  expectOneOf(aclrtMemcpy(block, kBytes, host.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              {ACL_SUCCESS, ACL_ERROR_INVALID_PARAM}, "aclrtMemcpy");
  freer.join();
}

// aclrtResetDevice of a device's last reference while another thread launches on it: the launches
// finish on their pinned memory or are refused; the device can be set again afterwards.
TEST_F(RuntimeFreeRace, ResettingADeviceDuringLaunches) {
  constexpr int32_t kDevice = 3;
  const int iterations = raceIterations(24);
  std::atomic<bool> done{false};
  std::thread resetter([&] {
    std::mt19937 rng(3);
    while (!done.load()) {
      gradlab::testing::randomPause(rng);
      // Drop every reference, the launcher's too: the last reset releases the device's streams and memory.
      while (aclrtResetDevice(kDevice) == ACL_SUCCESS) {
      }
    }
  });
  std::thread launcher([&] {
    RacingFreer freer(4);
    for (int i = 0; i < iterations && !::testing::Test::HasFailure(); ++i) {
      for (const OpInfo& op : gradlab::allOps()) {
        ASSERT_EQ(aclrtSetDevice(kDevice), ACL_SUCCESS);
        launchWhileFreeing(op, ACL_FLOAT, kNoVictim, freer, nullptr, /*deviceResets=*/true);
      }
    }
  });
  launcher.join();
  done.store(true);
  resetter.join();
  // Later tests of this process find device 0 as the last one set, as before.
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

}  // namespace
