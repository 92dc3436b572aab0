// Tearing the runtime down under real operator work: aclrtResetDevice and aclFinalize with launches
// still queued, live allocations and unlaunched executors. Each call succeeds, the queued work finishes
// on memory it pinned, the handles are refused afterwards with a reason, and nothing leaks (the
// sanitizer build runs this under LeakSanitizer).
#include <gtest/gtest.h>

#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "runtime/context.h"
#include "runtime/memory.h"
#include "runtime_expect.h"

namespace {

using gradlab::testing::ptr;

class RuntimeTeardown : public ::testing::Test {
 protected:
  void SetUp() override { finalizeIfInitialized(); }
  void TearDown() override {
    for (aclIntArray* a : arrays_) aclDestroyIntArray(a);
    for (aclTensor* t : tensors_) aclDestroyTensor(t);
    finalizeIfInitialized();
  }
  static void finalizeIfInitialized() {
    if (gradlab::rt::isInitialized()) {
      ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    }
  }
  void* deviceFloats(size_t n) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::vector<float> ones(n, 1.0f);
    EXPECT_EQ(aclrtMemcpy(p, n * sizeof(float), ones.data(), n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    return p;
  }
  aclTensor* tensor(std::vector<int64_t> dims, void* data) {
    tensors_.push_back(aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_NCHW, dims.data(),
                                       dims.size(), data));
    return tensors_.back();
  }
  aclIntArray* array(std::vector<int64_t> v) {
    arrays_.push_back(aclCreateIntArray(v.data(), v.size()));
    return arrays_.back();
  }
  // A 64x64 -> 8x8 backward (large enough to still be running when the next call comes).
  aclOpExecutor* plan(void* gradOutput, void* out) {
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    EXPECT_EQ(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(tensor({4, 8, 64, 64}, gradOutput), array({64, 64}),
                                                                  array({4, 8, 8, 8}), 0.0, 0.0,
                                                                  tensor({4, 8, 8, 8}, out), &ws, &exec),
              ACLNN_SUCCESS)
        << aclGetRecentErrMsg();
    EXPECT_EQ(ws, 0u);
    return exec;
  }
  std::vector<aclTensor*> tensors_;
  std::vector<aclIntArray*> arrays_;
};

TEST_F(RuntimeTeardown, ResetDeviceWithQueuedOperatorsAndLiveMemory) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  void* keep = deviceFloats(16);  // device 0's memory survives device 1's reset
  ASSERT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  void* gradOutput = deviceFloats(4 * 8 * 64 * 64);
  void* out = deviceFloats(4 * 8 * 8 * 8);
  // The default stream gets an out of its own: two streams writing one tensor unsynchronized would race.
  void* defaultStreamOut = deviceFloats(4 * 8 * 8 * 8);
  for (int i = 0; i < 4; ++i) ASSERT_EQ(aclnnUpsampleNearestExact2dBackward(nullptr, 0, plan(gradOutput, out), stream), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnUpsampleNearestExact2dBackward(nullptr, 0, plan(gradOutput, defaultStreamOut), nullptr), ACLNN_SUCCESS);

  EXPECT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
  EXPECT_FAILS(aclrtSynchronizeStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE, "is unknown or was destroyed");
  EXPECT_FAILS(aclrtFree(out), ACL_ERROR_INVALID_PARAM, "aclrtFree: devPtr " + ptr(out) + " was already freed");
  EXPECT_FAILS(aclrtFree(gradOutput), ACL_ERROR_INVALID_PARAM, "was already freed");
  EXPECT_FAILS(aclrtFree(defaultStreamOut), ACL_ERROR_INVALID_PARAM, "was already freed");
  EXPECT_EQ(gradlab::rt::DeviceMemory::instance().liveCount(), 1u);
  // The thread is back on no device of its own (device 0 is still set: the last one set wins).
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(keep), ACL_SUCCESS);
}

TEST_F(RuntimeTeardown, FinalizeWithQueuedOperatorsLiveMemoryAndUnlaunchedExecutors) {
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  void* gradOutput = deviceFloats(4 * 8 * 64 * 64);
  void* out = deviceFloats(4 * 8 * 8 * 8);
  for (int i = 0; i < 4; ++i) ASSERT_EQ(aclnnUpsampleNearestExact2dBackward(nullptr, 0, plan(gradOutput, out), stream), ACLNN_SUCCESS);
  aclOpExecutor* unlaunched = plan(gradOutput, out);

  EXPECT_FAILS(aclFinalize(), ACL_SUCCESS, "aclFinalize: released 2 device allocation(s)", "1 executor(s)");
  EXPECT_EQ(gradlab::rt::DeviceMemory::instance().liveCount(), 0u);
  ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  EXPECT_FAILS(aclnnUpsampleNearestExact2dBackward(nullptr, 0, unlaunched, nullptr), ACLNN_ERR_PARAM_INVALID,
               "is unknown, already launched or destroyed");
  EXPECT_FAILS(aclrtDestroyStream(stream), ACL_ERROR_INVALID_RESOURCE_HANDLE, "is unknown or already destroyed");
  EXPECT_FAILS(aclrtFree(gradOutput), ACL_ERROR_INVALID_PARAM, "was already freed");
}

}  // namespace
