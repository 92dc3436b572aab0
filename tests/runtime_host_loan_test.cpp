// Host memory lent to the emulated device (gradlab/host_loan.h): an operator works on it in place, a loan
// never shares a byte with device memory or another loan, and when it ends the memory is host memory again.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "gradlab/host_loan.h"
#include "gradlab/runner.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::lendHostMemory;

class RuntimeHostLoan : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::verify::RuntimeScope::shared(); }
};

aclTensor* tensorOver(std::vector<float>& cells, std::vector<int64_t> dims) {
  std::vector<int64_t> strides(dims.size(), 1);
  for (size_t d = dims.size() - 1; d > 0; --d) strides[d - 1] = strides[d] * dims[d];
  const int64_t storage = static_cast<int64_t>(cells.size());
  return aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_NCHW, &storage, 1,
                         cells.data());
}

TEST_F(RuntimeHostLoan, AnOperatorReadsAndWritesLentHostMemoryInPlace) {
  std::vector<float> gradOutput(64), gradInput(16, -1.0f);
  for (size_t i = 0; i < gradOutput.size(); ++i) gradOutput[i] = static_cast<float>(i);
  std::string refusal;
  auto in = lendHostMemory(gradOutput.data(), gradOutput.size() * sizeof(float), &refusal);
  auto out = lendHostMemory(gradInput.data(), gradInput.size() * sizeof(float), &refusal);
  ASSERT_TRUE(in && out) << refusal;
  aclTensor* go = tensorOver(gradOutput, {1, 1, 8, 8});
  aclTensor* gi = tensorOver(gradInput, {1, 1, 4, 4});
  const int64_t outputSize[] = {8, 8}, inputSize[] = {1, 1, 4, 4};
  aclIntArray* os = aclCreateIntArray(outputSize, 2);
  aclIntArray* is = aclCreateIntArray(inputSize, 4);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(go, os, is, 0.0, 0.0, gi, &workspace, &executor), 0)
      << aclGetRecentErrMsg();
  ASSERT_EQ(workspace, 0u);
  ASSERT_EQ(aclnnUpsampleNearestExact2dBackward(nullptr, 0, executor, nullptr), 0) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  // Cell (0, 0) of gradInput gathers gradOutput rows 0-1, columns 0-1: 0 + 1 + 8 + 9.
  EXPECT_EQ(gradInput[0], 18.0f);
  EXPECT_EQ(gradInput[15], 54.0f + 55.0f + 62.0f + 63.0f);
  aclDestroyTensor(go);
  aclDestroyTensor(gi);
  aclDestroyIntArray(os);
  aclDestroyIntArray(is);
}

TEST_F(RuntimeHostLoan, TwoLoansNeverShareAByteAndDeviceMemoryIsNeverLent) {
  std::vector<std::byte> host(4096);
  std::string refusal;
  auto whole = lendHostMemory(host.data(), host.size(), &refusal);
  ASSERT_TRUE(whole) << refusal;
  EXPECT_FALSE(lendHostMemory(host.data() + 100, 10, &refusal));
  EXPECT_NE(refusal.find("overlaps host memory lent"), std::string::npos) << refusal;
  EXPECT_FALSE(lendHostMemory(host.data() - 8, 16, &refusal)) << "a range reaching into a loan from below";
  void* device = nullptr;
  ASSERT_EQ(aclrtMalloc(&device, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_FALSE(lendHostMemory(static_cast<std::byte*>(device) + 16, 16, &refusal));
  EXPECT_NE(refusal.find("overlaps device memory"), std::string::npos) << refusal;
  EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
  EXPECT_FALSE(lendHostMemory(nullptr, 16, &refusal));
  EXPECT_FALSE(lendHostMemory(host.data(), 0, &refusal));
}

TEST_F(RuntimeHostLoan, LentMemoryIsNotFreedByAclrtFreeAndIsHostMemoryAgainOnceTheLoanEnds) {
  std::vector<float> host(32, 1.0f);
  std::string refusal;
  auto loan = lendHostMemory(host.data(), host.size() * sizeof(float), &refusal);
  ASSERT_TRUE(loan) << refusal;
  EXPECT_TRUE(gradlab::testing::failsWith(aclrtFree(host.data()), ACL_ERROR_INVALID_PARAM,
                                          {"aclrtFree", gradlab::testing::ptr(host.data()), "lent to the device"}));
  void* device = nullptr;
  ASSERT_EQ(aclrtMalloc(&device, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtMemcpy(device, 128, host.data(), 128, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS)
      << "while lent, the memory is device memory";
  loan.reset();
  EXPECT_EQ(aclrtMemcpy(device, 128, host.data(), 128, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS)
      << "after the loan it is host memory, not freed device memory: " << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
  auto again = lendHostMemory(host.data(), host.size() * sizeof(float), &refusal);
  EXPECT_TRUE(again) << "the same memory can be lent again: " << refusal;
}

}  // namespace
