// A host that refuses the runtime a thread (tens of thousands of streams reach the host's limit): the
// call that needed it fails with ACL_ERROR_RT_NO_STREAM_RESOURCE (an aclnn launch with
// ACLNN_ERR_RUNTIME_ERROR) and a reason, never with an escaped std::system_error; the runtime works again
// once threads are available. The refusal comes from a test hook, so the test costs no real threads.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "runtime/host_thread.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::rt::refuseHostThreadsForTesting;
using gradlab::verify::DeviceTensor;

class RuntimeThreadExhaustion : public ::testing::Test {
 protected:
  void SetUp() override { gradlab::verify::RuntimeScope::shared(); }
  void TearDown() override { refuseHostThreadsForTesting(0); }
};

TEST_F(RuntimeThreadExhaustion, CreateStreamIsAnErrorWithAReason) {
  aclrtStream stream = nullptr;
  refuseHostThreadsForTesting(1);
  EXPECT_FAILS(aclrtCreateStream(&stream), ACL_ERROR_RT_NO_STREAM_RESOURCE,
               "aclrtCreateStream: cannot start a stream on device 0: the host refused a new thread (",
               "destroy streams no longer used");
  EXPECT_EQ(stream, nullptr);
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS) << "the next thread the host grants makes a stream";
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

// One launch on the current device's default stream, which cannot start while the host refuses threads,
// then again once it grants them.
void launchOnADefaultStreamThatCannotStart() {
  DeviceTensor self({1, 1, 2, 2}, ACL_FLOAT, {1, 2, 3, 4}, ACL_FORMAT_NCHW);
  DeviceTensor out({1, 1, 4, 4}, ACL_FLOAT, std::vector<float>(16, 0.0f), ACL_FORMAT_NCHW);
  const int64_t size[2] = {4, 4};
  aclIntArray* outputSize = aclCreateIntArray(size, 2);
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnUpsampleNearestExact2dGetWorkspaceSize(self, outputSize, 0.0, 0.0, out, &workspaceSize, &executor),
            ACLNN_SUCCESS);
  refuseHostThreadsForTesting(2);
  EXPECT_FAILS(aclnnUpsampleNearestExact2d(nullptr, 0, executor, nullptr), ACLNN_ERR_RUNTIME_ERROR,
               "aclnnUpsampleNearestExact2d: cannot start the default stream of device 6: the host refused a new thread");
  EXPECT_FAILS(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_NO_STREAM_RESOURCE,
               "aclrtSynchronizeStream: cannot start the default stream of device 6");
  ASSERT_EQ(aclnnUpsampleNearestExact2dGetWorkspaceSize(self, outputSize, 0.0, 0.0, out, &workspaceSize, &executor),
            ACLNN_SUCCESS);
  EXPECT_EQ(aclnnUpsampleNearestExact2d(nullptr, 0, executor, nullptr), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
  EXPECT_EQ(out.values()[5], 1.0f);
  aclDestroyIntArray(outputSize);
}

// The default stream starts on a device's first launch or synchronize: on a device of its own (the shared
// runtime's device 0 has its default stream already).
TEST_F(RuntimeThreadExhaustion, DefaultStreamThatCannotStartFailsTheLaunchAndTheSynchronize) {
  std::thread user([] {
    ASSERT_EQ(aclrtSetDevice(6), ACL_SUCCESS);
    launchOnADefaultStreamThatCannotStart();
    EXPECT_EQ(aclrtResetDevice(6), ACL_SUCCESS);
  });
  user.join();
  // Later tests of this process find device 0 as the last one set, as before.
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

}  // namespace
