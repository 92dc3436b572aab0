// The device-memory budget: aclrtMalloc refuses (207001, naming the size, what is in use and the budget)
// once live memory would pass it, and every free gives its bytes back.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "runtime/memory.h"
#include "runtime/byte_count.h"
#include "runtime/memory_budget.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::rt::DeviceMemory;
using gradlab::rt::setDeviceMemoryBudgetForTesting;

constexpr size_t kBlock = size_t{1} << 20;

class RuntimeMemoryBudget : public ::testing::Test {
 protected:
  void SetUp() override {
    gradlab::verify::RuntimeScope::shared();
    // Room for three blocks beyond whatever earlier tests left live.
    budget_ = DeviceMemory::instance().liveBytes() + 3 * kBlock;
    setDeviceMemoryBudgetForTesting(budget_);
  }
  void TearDown() override { setDeviceMemoryBudgetForTesting(std::nullopt); }
  uint64_t budget_ = 0;
};

TEST_F(RuntimeMemoryBudget, TheFourthBlockPastTheBudgetIsRefused) {
  std::vector<void*> blocks(3, nullptr);
  for (void*& p : blocks) ASSERT_EQ(aclrtMalloc(&p, kBlock, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* fourth = nullptr;
  EXPECT_FAILS(aclrtMalloc(&fourth, kBlock, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
               "aclrtMalloc: cannot allocate 1048576 bytes on device 0", std::to_string(budget_) + " bytes are in use",
               "device memory budget is " + std::to_string(budget_) + " bytes", "set by the test");
  EXPECT_EQ(fourth, nullptr);
  for (void* p : blocks) EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST_F(RuntimeMemoryBudget, AFreeGivesItsBytesBack) {
  std::vector<void*> blocks(3, nullptr);
  for (void*& p : blocks) ASSERT_EQ(aclrtMalloc(&p, kBlock, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 1, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  ASSERT_EQ(aclrtFree(blocks[1]), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&blocks[1], kBlock, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << aclGetRecentErrMsg();
  for (void* b : blocks) EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
  // All of it is back: one block of the whole room fits.
  void* whole = nullptr;
  ASSERT_EQ(aclrtMalloc(&whole, 3 * kBlock, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtFree(whole), ACL_SUCCESS);
}

TEST_F(RuntimeMemoryBudget, ABlockLargerThanTheBudgetIsRefusedWithoutTouchingMemory) {
  void* p = nullptr;
  EXPECT_FAILS(aclrtMalloc(&p, 4 * kBlock, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
               "cannot allocate 4194304 bytes", "device memory budget is");
}

TEST(RuntimeMemoryBudgetDefault, IsAShareOfWhatTheHostCanGive) {
  setDeviceMemoryBudgetForTesting(std::nullopt);
  const gradlab::rt::MemoryBudget budget = gradlab::rt::deviceMemoryBudget();
  if (std::getenv("GRADLAB_DEVICE_MEMORY") != nullptr) GTEST_SKIP() << "GRADLAB_DEVICE_MEMORY is set";
  EXPECT_GT(budget.bytes, 0u);
  EXPECT_LE(budget.bytes, DeviceMemory::kCapacityBytes);
  EXPECT_NE(budget.source.find("3/4 of the"), std::string::npos) << budget.source;
}

TEST(RuntimeMemoryBudgetSpec, ByteCounts) {
  uint64_t v = 0;
  EXPECT_TRUE(gradlab::rt::parseByteCount("1048576", &v));
  EXPECT_EQ(v, 1048576u);
  EXPECT_TRUE(gradlab::rt::parseByteCount("512m", &v));
  EXPECT_EQ(v, uint64_t{512} << 20);
  EXPECT_TRUE(gradlab::rt::parseByteCount("2GiB", &v));
  EXPECT_EQ(v, uint64_t{2} << 30);
  for (const char* bad : {"", "g", "-1", "1.5g", "2x", "99999999999999999999", "17179869184g"}) {
    EXPECT_FALSE(gradlab::rt::parseByteCount(bad, &v)) << bad;
  }
}

}  // namespace
