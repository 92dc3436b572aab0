// aclFinalize and aclInit racing launches of every operator, copies and memsets on other threads: each
// call either runs (on memory it pinned) or is refused with a code, and nothing crashes or leaks; the
// sanitizer stages turn any touch of released pages into a failure (core/RUNTIME.md).
// GRADLAB_RACE_ITERATIONS=N runs N finalize cycles instead of the default few.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "gradlab/ops.h"
#include "race_support.h"
#include "runtime/context.h"

namespace {

using gradlab::OpInfo;
using gradlab::testing::expectOneOf;
using gradlab::testing::OperatorCall;
using gradlab::testing::raceIterations;

void finalizeIfInitialized() {
  if (gradlab::rt::isInitialized()) aclFinalize();
}

// Every code a call may meet while another thread finalizes and initializes again.
const std::initializer_list<long long> kRuntimeCodes = {
    ACL_SUCCESS, ACL_ERROR_UNINITIALIZE, ACL_ERROR_RT_CONTEXT_NULL, ACL_ERROR_INVALID_PARAM,
    ACL_ERROR_INVALID_RESOURCE_HANDLE, ACL_ERROR_RT_AICORE_EXCEPTION};

void launchEveryOperator(aclrtStream stream) {
  for (const OpInfo& op : gradlab::allOps()) {
    expectOneOf(aclrtSetDevice(0), {ACL_SUCCESS, ACL_ERROR_UNINITIALIZE}, "aclrtSetDevice");
    OperatorCall call(op, ACL_FLOAT);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    const aclnnStatus planned = call.plan(&workspaceSize, &executor);
    expectOneOf(planned, {ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID}, "GetWorkspaceSize");
    if (planned != ACLNN_SUCCESS) continue;
    void* workspace = nullptr;
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    const aclnnStatus launched = call.launch(workspace, workspaceSize, executor, stream);
    expectOneOf(launched, {ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID}, "launch");
    if (launched == ACLNN_SUCCESS) expectOneOf(aclrtSynchronizeStream(stream), kRuntimeCodes, "synchronize");
    call.freeBlocks(nullptr);
    if (workspace != nullptr) aclrtFree(workspace);
  }
}

void copyAndSet(std::vector<std::byte>& host) {
  void* block = nullptr;
  const size_t bytes = host.size();
  expectOneOf(aclrtMalloc(&block, bytes, ACL_MEM_MALLOC_HUGE_FIRST), kRuntimeCodes, "aclrtMalloc");
  if (block == nullptr) return;
  expectOneOf(aclrtMemcpy(block, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), kRuntimeCodes, "H2D");
  expectOneOf(aclrtMemset(block, bytes, 1, bytes), kRuntimeCodes, "aclrtMemset");
  expectOneOf(aclrtMemcpy(host.data(), bytes, block, bytes, ACL_MEMCPY_DEVICE_TO_HOST), kRuntimeCodes, "D2H");
  expectOneOf(aclrtFree(block), kRuntimeCodes, "aclrtFree");
}

TEST(RuntimeFinalizeRace, FinalizeAndInitDuringLaunchesCopiesAndStreams) {
  finalizeIfInitialized();
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  const int cycles = raceIterations(8);
  std::atomic<bool> done{false};
  std::thread copier([&] {
    std::vector<std::byte> host(size_t{1} << 20);
    while (!done.load()) {
      expectOneOf(aclrtSetDevice(0), {ACL_SUCCESS, ACL_ERROR_UNINITIALIZE}, "aclrtSetDevice");
      copyAndSet(host);
    }
  });
  std::thread launcher([&] {
    while (!done.load() && !::testing::Test::HasFailure()) {
      launchEveryOperator(nullptr);
      expectOneOf(aclrtSetDevice(0), {ACL_SUCCESS, ACL_ERROR_UNINITIALIZE}, "aclrtSetDevice");
      aclrtStream stream = nullptr;
      if (aclrtCreateStream(&stream) == ACL_SUCCESS) {
        launchEveryOperator(stream);
        expectOneOf(aclrtDestroyStream(stream), kRuntimeCodes, "aclrtDestroyStream");
      }
    }
  });
  std::mt19937 rng(5);
  for (int cycle = 0; cycle < cycles; ++cycle) {
    // Up most of the time (a finalize refuses every call until the next aclInit), down now and then.
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 2000));
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  done.store(true);
  launcher.join();
  copier.join();
  finalizeIfInitialized();
}

}  // namespace
