// The runner estimates a run's peak memory before it allocates anything and refuses a call that would
// not fit the device-memory budget or what the host can give (207001, stage "setup", the figures named).
#include <gtest/gtest.h>

#include "acl/acl.h"
#include "gradlab/runner.h"
#include "runtime/memory.h"
#include "runtime/memory_budget.h"

namespace {

using gradlab::kH;
using gradlab::kW;
using gradlab::rt::DeviceMemory;
using gradlab::rt::setDeviceMemoryBudgetForTesting;

class RunnerMemory : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::ensureRuntime(); }
  void TearDown() override { setDeviceMemoryBudgetForTesting(std::nullopt); }
};

gradlab::RunRequest upsampleBackward(int64_t in, int64_t out) {
  gradlab::RunRequest r;
  r.op = gradlab::OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = in;
  r.shape.out[kH] = r.shape.out[kW] = out;
  return r;
}

TEST_F(RunnerMemory, ARunPastTheDeviceBudgetIsRefusedBeforeAnythingIsAllocated) {
  const size_t liveBefore = DeviceMemory::instance().liveCount();
  setDeviceMemoryBudgetForTesting(DeviceMemory::instance().liveBytes() + (size_t{1} << 20));
  // gradOutput 1024 x 1024 fp32 = 4 MiB alone.
  gradlab::RunResult result = gradlab::run(upsampleBackward(512, 1024));
  EXPECT_EQ(result.status, ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_EQ(result.stage, "setup");
  EXPECT_NE(result.message.find("the run needs about 5242880 bytes of device memory"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("device memory budget of"), std::string::npos) << result.message;
  EXPECT_EQ(DeviceMemory::instance().liveCount(), liveBefore) << "refused before any aclrtMalloc";
}

TEST_F(RunnerMemory, ARunPastWhatTheHostCanGiveIsRefused) {
  setDeviceMemoryBudgetForTesting(DeviceMemory::kCapacityBytes);
  // 2^16 x 2^16 gradInput and 2^16 x 2^17 gradOutput: 48 GiB of fp32 on the device (within the
  // budget), about 128 GiB with the host copies.
  gradlab::RunRequest r = upsampleBackward(65536, 65536);
  r.shape.out[kW] = 131072;
  gradlab::RunResult result = gradlab::run(r);
  ASSERT_EQ(result.status, ACL_ERROR_RT_MEMORY_ALLOCATION) << result.message;
  EXPECT_EQ(result.stage, "setup");
  EXPECT_NE(result.message.find("bytes of host memory at its peak"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find("but the host can give only"), std::string::npos) << result.message;
}

// gradlab-cli --check computes its reference after the run, beside the result: a 3 x 16 x 1024 x 1024 run
// that fit was then OOM-killed in a 1 GiB cgroup. What the caller asks to keep free counts in the estimate.
TEST_F(RunnerMemory, WhatTheCallerNeedsBesideTheResultCounts) {
  setDeviceMemoryBudgetForTesting(DeviceMemory::kCapacityBytes);
  gradlab::RunRequest r = upsampleBackward(512, 1024);
  EXPECT_TRUE(gradlab::run(r).ok());
  r.callerHostBytes = uint64_t{1} << 60;
  const gradlab::RunResult result = gradlab::run(r);
  ASSERT_EQ(result.status, ACL_ERROR_RT_MEMORY_ALLOCATION) << result.message;
  EXPECT_EQ(result.stage, "setup");
  EXPECT_NE(result.message.find(", 1152921504606846976 for what the caller holds beside it)"), std::string::npos)
      << result.message;
}

TEST_F(RunnerMemory, ARunThatFitsIsNotRefused) {
  setDeviceMemoryBudgetForTesting(DeviceMemory::instance().liveBytes() + (size_t{16} << 20));
  gradlab::RunResult result = gradlab::run(upsampleBackward(512, 1024));
  EXPECT_TRUE(result.ok()) << result.message;
}

}  // namespace
