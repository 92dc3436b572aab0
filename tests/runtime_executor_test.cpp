// The second phase shared by every aclnn op (rt::launchExecutor) and aclDestroyAclOpExecutor, driven with
// a hand-made executor so each refusal can be provoked on its own.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>
#include <future>
#include <memory>
#include <vector>

#include "acl/acl.h"
#include "runtime/executor_registry.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::rt::ExecutorRegistry;
using gradlab::rt::LaunchArgs;
using gradlab::rt::launchExecutor;
using gradlab::rt::TaskResult;
using gradlab::testing::ptr;

constexpr const char* kApi = "aclnnFakeOp";

class RuntimeExecutor : public ::testing::Test {
 protected:
  void SetUp() override { stream_ = gradlab::verify::RuntimeScope::shared().stream(); }

  // What an op's GetWorkspaceSize would publish: `run` is the kernel, `tensors` are re-checked at launch.
  aclOpExecutor* make(uint64_t workspaceSize = 0,
                      std::function<TaskResult(const LaunchArgs&)> run = [](const LaunchArgs&) { return TaskResult{}; },
                      std::vector<std::pair<std::string, aclTensor>> tensors = {}) {
    auto exec = std::make_unique<aclOpExecutor>();
    exec->api = kApi;
    exec->workspaceSize = workspaceSize;
    exec->run = std::move(run);
    exec->tensors = std::move(tensors);
    return ExecutorRegistry::instance().add(std::move(exec));
  }

  aclrtStream stream_ = nullptr;
};

TEST_F(RuntimeExecutor, LaunchRunsTheKernelOnTheStream) {
  bool ran = false;
  aclOpExecutor* exec = make(0, [&](const LaunchArgs& args) {
    ran = args.workspace == nullptr && args.workspaceSize == 0;
    return TaskResult{};
  });
  ASSERT_EQ(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_TRUE(ran);
}

TEST_F(RuntimeExecutor, LaunchPassesTheWorkspace) {
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const void* seen = nullptr;
  uint64_t seenSize = 0;
  aclOpExecutor* exec = make(64, [&](const LaunchArgs& args) {
    seen = args.workspace;
    seenSize = args.workspaceSize;
    return TaskResult{};
  });
  ASSERT_EQ(launchExecutor(kApi, ws, 128, exec, stream_), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(seen, ws);
  EXPECT_EQ(seenSize, 64u);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
}

TEST_F(RuntimeExecutor, NullExecutor) {
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, nullptr, stream_), ACLNN_ERR_PARAM_NULLPTR,
               "aclnnFakeOp: executor is a null pointer");
}

TEST_F(RuntimeExecutor, UnknownExecutor) {
  int notAnExecutor = 0;
  auto* fake = reinterpret_cast<aclOpExecutor*>(&notAnExecutor);
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, fake, stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: executor " + ptr(fake) + " is unknown, already launched or destroyed (an executor runs once)");
}

TEST_F(RuntimeExecutor, AnExecutorRunsOnce) {
  int runs = 0;
  aclOpExecutor* exec = make(0, [&](const LaunchArgs&) { ++runs; return TaskResult{}; });
  ASSERT_EQ(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_SUCCESS);
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID,
               "executor " + ptr(exec) + " is unknown, already launched or destroyed");
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(runs, 1);
}

TEST_F(RuntimeExecutor, ExecutorOfAnotherOp) {
  aclOpExecutor* exec = make();
  EXPECT_FAILS(launchExecutor("aclnnOtherOp", nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnOtherOp: executor " + ptr(exec) + " was made by aclnnFakeOpGetWorkspaceSize");
  // The refused launch did not run it: it is still there to be launched by its own API, or destroyed.
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  EXPECT_FAILS(aclDestroyAclOpExecutor(exec), ACLNN_ERR_PARAM_INVALID, "is unknown, already launched or destroyed");
}

TEST_F(RuntimeExecutor, WorkspaceSizeSmallerThanAskedFor) {
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_FAILS(launchExecutor(kApi, ws, 8, make(64), stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: workspaceSize 8 is smaller than the 64 bytes GetWorkspaceSize asked for");
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
}

TEST_F(RuntimeExecutor, WorkspaceNullHostOrTooSmall) {
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 64, make(64), stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: workspace is a null pointer");
  std::vector<char> host(64);
  EXPECT_FAILS(launchExecutor(kApi, host.data(), 64, make(64), stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: workspace " + ptr(host.data()) + " is not device memory from aclrtMalloc");
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_FAILS(launchExecutor(kApi, ws, 64, make(64), stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: workspace needs 64 bytes at " + ptr(ws), "only 32 remain in its 32-byte device allocation");
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
}

// The kernels add fp32 partial sums into the workspace atomically; an odd address would be undefined
// behaviour on the host (the fuzzer found it) and a fault on the device.
TEST_F(RuntimeExecutor, WorkspaceMustBe32ByteAligned) {
  void* ws = nullptr;
  ASSERT_EQ(aclrtMalloc(&ws, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* odd = static_cast<char*>(ws) + 5;
  int runs = 0;
  EXPECT_FAILS(launchExecutor(kApi, odd, 64, make(64, [&](const LaunchArgs&) { ++runs; return TaskResult{}; }), stream_),
               ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: workspace " + ptr(odd) + " is not aligned to 32 bytes (address % 32 = 5)");
  void* aligned = static_cast<char*>(ws) + 32;
  ASSERT_EQ(launchExecutor(kApi, aligned, 64, make(64, [&](const LaunchArgs&) { ++runs; return TaskResult{}; }), stream_),
            ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(aclrtFree(ws), ACL_SUCCESS);
}

TEST_F(RuntimeExecutor, TensorMemoryIsRecheckedAtLaunch) {
  gradlab::verify::DeviceTensor out({2, 2}, ACL_FLOAT, {1, 2, 3, 4});
  aclTensor copy = *out.get();
  // Freed between the two phases.
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  copy.data = dev;
  aclOpExecutor* exec = make(0, [](const LaunchArgs&) { return TaskResult{}; }, {{"out", copy}});
  ASSERT_EQ(aclrtFree(dev), ACL_SUCCESS);
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: out (FLOAT [2, 2]) " + ptr(dev) + " points into device memory that was already freed");
  // A view that reaches past its allocation.
  void* small = nullptr;
  ASSERT_EQ(aclrtMalloc(&small, 12, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  copy.data = small;
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, make(0, [](const LaunchArgs&) { return TaskResult{}; }, {{"gradInput", copy}}),
                              stream_),
               ACLNN_ERR_PARAM_INVALID, "aclnnFakeOp: gradInput (FLOAT [2, 2]) needs 16 bytes at " + ptr(small),
               "only 12 remain in its 12-byte device allocation");
  EXPECT_EQ(aclrtFree(small), ACL_SUCCESS);
}

TEST_F(RuntimeExecutor, UnknownStream) {
  int notAStream = 0;
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, make(), &notAStream), ACLNN_ERR_PARAM_INVALID,
               "aclnnFakeOp: stream " + ptr(&notAStream) + " is unknown or was destroyed");
}

TEST_F(RuntimeExecutor, KernelErrorSurfacesAtSynchronize) {
  aclOpExecutor* exec = make(0, [](const LaunchArgs&) {
    return TaskResult{ACL_ERROR_RT_AICORE_EXCEPTION, "aclnnFakeOp: indices[0, 0, 0, 0] = 6 is outside [0, 4)", {}};
  });
  ASSERT_EQ(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_SUCCESS);
  EXPECT_FAILS(aclrtSynchronizeStream(stream_), ACL_ERROR_RT_AICORE_EXCEPTION,
               "aclrtSynchronizeStream: aclnnFakeOp: indices[0, 0, 0, 0] = 6 is outside [0, 4)");
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
}

// A kernel in flight keeps its memory alive even when the user frees it meanwhile.
TEST_F(RuntimeExecutor, LaunchPinsTensorMemoryUntilTheKernelHasRun) {
  gradlab::verify::DeviceTensor t({4}, ACL_FLOAT, {1, 2, 3, 4});
  void* dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const float values[4] = {5, 6, 7, 8};
  ASSERT_EQ(aclrtMemcpy(dev, 16, values, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclTensor copy = *t.get();
  copy.data = dev;
  std::promise<void> release;
  std::shared_future<void> gate = release.get_future().share();
  float seen[4] = {};
  aclOpExecutor* exec = make(0, [&, gate](const LaunchArgs&) {
    gate.wait();
    std::memcpy(seen, dev, sizeof seen);
    return TaskResult{};
  }, {{"self", copy}});
  ASSERT_EQ(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_SUCCESS);
  EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
  release.set_value();
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_EQ(std::vector<float>(seen, seen + 4), std::vector<float>({5, 6, 7, 8}));
  EXPECT_FAILS(aclrtFree(dev), ACL_ERROR_INVALID_PARAM, "was already freed");
}

TEST_F(RuntimeExecutor, DestroyUnlaunchedExecutor) {
  aclOpExecutor* exec = make();
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  EXPECT_FAILS(aclDestroyAclOpExecutor(exec), ACLNN_ERR_PARAM_INVALID,
               "aclDestroyAclOpExecutor: executor " + ptr(exec) + " is unknown, already launched or destroyed");
  EXPECT_FAILS(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_ERR_PARAM_INVALID, "is unknown");
}

TEST_F(RuntimeExecutor, DestroyNullOrUnknownExecutor) {
  EXPECT_FAILS(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_PARAM_NULLPTR,
               "aclDestroyAclOpExecutor: executor is a null pointer");
  int notAnExecutor = 0;
  auto* fake = reinterpret_cast<aclOpExecutor*>(&notAnExecutor);
  EXPECT_FAILS(aclDestroyAclOpExecutor(fake), ACLNN_ERR_PARAM_INVALID,
               "aclDestroyAclOpExecutor: executor " + ptr(fake) + " is unknown, already launched or destroyed");
}

TEST_F(RuntimeExecutor, DestroyLaunchedExecutor) {
  aclOpExecutor* exec = make();
  ASSERT_EQ(launchExecutor(kApi, nullptr, 0, exec, stream_), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  EXPECT_FAILS(aclDestroyAclOpExecutor(exec), ACLNN_ERR_PARAM_INVALID, ptr(exec), "already launched");
}

}  // namespace
