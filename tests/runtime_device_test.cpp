// Devices and context options on the shared runtime (aclInit + device 0). Anything that needs another
// lifecycle state (uninitialized, finalized, no device, other devices) is in tests/lifecycle/.
#include <gtest/gtest.h>

#include <cstdint>

#include "acl/acl.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

class RuntimeDevice : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::verify::RuntimeScope::shared(); }
};

TEST_F(RuntimeDevice, InitTwice) {
  EXPECT_FAILS(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE, "aclInit: the runtime is already initialized");
}

TEST_F(RuntimeDevice, DeviceCount) {
  uint32_t count = 0;
  ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
  EXPECT_EQ(count, 8u);
  EXPECT_FAILS(aclrtGetDeviceCount(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is a null pointer");
}

TEST_F(RuntimeDevice, GetDevice) {
  int32_t device = -1;
  ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
  EXPECT_FAILS(aclrtGetDevice(nullptr), ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is a null pointer");
}

TEST_F(RuntimeDevice, SetDeviceOutOfRange) {
  EXPECT_FAILS(aclrtSetDevice(8), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice: deviceId 8 is out of range [0, 8)");
  EXPECT_FAILS(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice: deviceId -1 is out of range [0, 8)");
  int32_t device = -1;
  ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0) << "a refused aclrtSetDevice keeps the current device";
}

TEST_F(RuntimeDevice, ResetDeviceOutOfRange) {
  EXPECT_FAILS(aclrtResetDevice(8), ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice: deviceId 8 is out of range [0, 8)");
  EXPECT_FAILS(aclrtResetDevice(-3), ACL_ERROR_RT_INVALID_DEVICEID, "deviceId -3 is out of range [0, 8)");
}

TEST_F(RuntimeDevice, ResetDeviceThatWasNotSet) {
  EXPECT_FAILS(aclrtResetDevice(7), ACL_ERROR_INVALID_DEVICE, "aclrtResetDevice: device 7 was not set");
}

TEST_F(RuntimeDevice, SetDeviceAgainCountsReferences) {
  // Setting device 0 a second time and resetting it once leaves it set (the shared scope still holds it).
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  int32_t device = -1;
  ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
  EXPECT_EQ(device, 0);
  void* p = nullptr;
  ASSERT_EQ(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

class RuntimeSysParam : public RuntimeDevice {
 protected:
  void TearDown() override { EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS); }
};

TEST_F(RuntimeSysParam, DeterministicSetAndGet) {
  int64_t value = -1;
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1);
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 0);
}

TEST_F(RuntimeSysParam, DeterministicBadValue) {
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  EXPECT_FAILS(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 2), ACL_ERROR_INVALID_PARAM,
               "aclrtCtxSetSysParamOpt: ACL_OPT_DETERMINISTIC takes 0 or 1, got 2");
  EXPECT_FAILS(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, -1), ACL_ERROR_INVALID_PARAM,
               "ACL_OPT_DETERMINISTIC takes 0 or 1, got -1");
  int64_t value = -1;
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1) << "a refused value leaves the option as it was";
}

TEST_F(RuntimeSysParam, BadOpt) {
  int64_t value = 0;
  EXPECT_FAILS(aclrtCtxSetSysParamOpt(static_cast<aclSysParamOpt>(7), 1), ACL_ERROR_INVALID_PARAM,
               "aclrtCtxSetSysParamOpt: opt 7 is not supported");
  EXPECT_FAILS(aclrtCtxGetSysParamOpt(static_cast<aclSysParamOpt>(7), &value), ACL_ERROR_INVALID_PARAM,
               "aclrtCtxGetSysParamOpt: opt 7 is not supported");
  EXPECT_FAILS(aclrtCtxGetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, &value), ACL_ERROR_INVALID_PARAM,
               "aclrtCtxGetSysParamOpt: opt 1 is not supported");
}

TEST_F(RuntimeSysParam, DebugKernelIsAccepted) {
  EXPECT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_ENABLE_DEBUG_KERNEL, 1), ACL_SUCCESS);
}

TEST_F(RuntimeSysParam, GetWithNullValue) {
  EXPECT_FAILS(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, nullptr), ACL_ERROR_INVALID_PARAM,
               "aclrtCtxGetSysParamOpt: value is a null pointer");
}

}  // namespace
