// Guards in front of every operator's planning: views whose byte size overflows int64 or exceeds the
// emulated device, workspaces the device could not hold, and outputs whose elements share memory are
// refused with 161002 and a reason, before any memory is allocated or any plan is made. Views that only
// read shared memory (broadcast inputs) and outputs whose layout is unusual but disjoint still work.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "runtime/memory.h"
#include "acl_handles.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::verify::DeviceTensor;
using gradlab::verify::RuntimeScope;

using gradlab::testing::ArrayPtr;
using gradlab::testing::TensorPtr;

// A descriptor over a made-up address (the guards must refuse it before looking at memory); storage is
// the smallest that holds the view.
TensorPtr descriptor(std::vector<int64_t> dims, std::vector<int64_t> strides, aclDataType dtype = ACL_FLOAT) {
  int64_t last = 0;
  for (size_t i = 0; i < dims.size(); ++i) last += (dims[i] - 1) * strides[i];
  std::vector<int64_t> storage = {last + 1};
  TensorPtr t(aclCreateTensor(dims.data(), dims.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, storage.data(), 1,
                              reinterpret_cast<void*>(0x10000)));
  EXPECT_NE(t, nullptr) << aclGetRecentErrMsg();
  return t;
}

ArrayPtr array(std::vector<int64_t> v) { return ArrayPtr(aclCreateIntArray(v.data(), v.size())); }

class OperatorSizeGuards : public ::testing::Test {
 protected:
  void SetUp() override { RuntimeScope::shared(); }
  // Call after making the test's own tensors.
  void mark() { liveBefore_ = gradlab::rt::DeviceMemory::instance().liveCount(); }
  // Nothing was allocated since mark(), no executor was handed out.
  void expectNothingMade() {
    EXPECT_EQ(gradlab::rt::DeviceMemory::instance().liveCount(), liveBefore_);
    EXPECT_EQ(executor_, nullptr);
  }
  uint64_t ws_ = 0;
  aclOpExecutor* executor_ = nullptr;
  size_t liveBefore_ = 0;
};

constexpr int64_t k2to31 = int64_t{1} << 31;

TEST_F(OperatorSizeGuards, ByteSizeOverflowingInt64) {
  // 2^62 elements fit int64; 2^62 * 4 bytes do not.
  TensorPtr gradOutput = descriptor({1, 1, k2to31, k2to31}, {0, 0, 0, 0});
  DeviceTensor out({1, 1, 1, 1}, ACL_FLOAT, {0});
  mark();
  EXPECT_FAILS(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(gradOutput.get(), array({k2to31, k2to31}).get(),
                                                                   array({1, 1, 1, 1}).get(), 1.0, 1.0, out, &ws_,
                                                                   &executor_),
               ACLNN_ERR_PARAM_INVALID,
               "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize: gradOutput (FLOAT [1, 1, 2147483648, 2147483648], "
               "strides [0, 0, 0, 0]) views 4611686018427387904 elements of 4 bytes: more bytes than int64 can count");
  expectNothingMade();
}

TEST_F(OperatorSizeGuards, ViewsLargerThanTheDeviceForEveryOperator) {
  const char* tooBig = "more than the emulated device's 68719476736 bytes (64 GiB)";
  DeviceTensor small4({1, 1, 1, 1}, ACL_FLOAT, {0});
  DeviceTensor small3({1, 1, 1}, ACL_FLOAT, {0});
  // 65536 x 262145 fp32 cells: 64 GiB + 256 KiB.
  TensorPtr wide2d = descriptor({1, 1, 65536, 262145}, {0, 0, 0, 0});
  TensorPtr wide1d = descriptor({1, 1, int64_t{65536} * 262145}, {0, 0, 0});
  // Adaptive pooling: planes are at most INT32_MAX cells, so the size comes from many planes.
  TensorPtr planes = descriptor({16, 1, 46340, 46340}, {0, 0, 0, 0});
  DeviceTensor out({16, 1, 1, 1}, ACL_FLOAT, std::vector<float>(16, 0.0f));
  DeviceTensor indices = DeviceTensor::indices({16, 1, 1, 1}, ACL_INT64, std::vector<int64_t>(16, 0));
  TensorPtr gradOutput = descriptor({1, 1, 65536, 262145}, {0, 0, 0, 0});
  TensorPtr index = descriptor({1, 1, 65536, 262145}, {0, 0, 0, 0}, ACL_INT32);
  DeviceTensor self({1, 1, 1, 1}, ACL_FLOAT, {0});
  mark();
  EXPECT_FAILS(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(wide2d.get(), array({65536, 262145}).get(),
                                                                   array({1, 1, 1, 1}).get(), 1.0, 1.0, small4, &ws_,
                                                                   &executor_),
               ACLNN_ERR_PARAM_INVALID, "gradOutput (FLOAT [1, 1, 65536, 262145]", "68719738880 bytes", tooBig);
  EXPECT_FAILS(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(wide1d.get(), array({int64_t{65536} * 262145}).get(),
                                                                   array({1, 1, 1}).get(), 1.0, small3, &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID, "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize: gradOutput", tooBig);
  EXPECT_FAILS(aclnnUpsampleNearestExact2dGetWorkspaceSize(wide2d.get(), array({1, 1}).get(), 0.0, 0.0, small4, &ws_,
                                                           &executor_),
               ACLNN_ERR_PARAM_INVALID, "aclnnUpsampleNearestExact2dGetWorkspaceSize: self", tooBig);
  EXPECT_FAILS(aclnnUpsampleNearestExact1dGetWorkspaceSize(wide1d.get(), array({1}).get(), 0.0, small3, &ws_,
                                                           &executor_),
               ACLNN_ERR_PARAM_INVALID, "aclnnUpsampleNearestExact1dGetWorkspaceSize: self", tooBig);
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dGetWorkspaceSize(planes.get(), array({1, 1}).get(), out, indices, &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID, "aclnnAdaptiveMaxPool2dGetWorkspaceSize: self", tooBig);
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutput.get(), self, index.get(), small4, &ws_,
                                                              &executor_),
               ACLNN_ERR_PARAM_INVALID, "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize: gradOutput", tooBig);
  expectNothingMade();
}

TEST_F(OperatorSizeGuards, WorkspaceLargerThanTheDevice) {
  // fp16 gradInput of 2^35 cells (64 GiB: fits) needs 2^35 fp32 accumulators (128 GiB: does not).
  TensorPtr gradInput = descriptor({32, 1, 32768, 32768}, {int64_t{1} << 30, int64_t{1} << 30, 32768, 1}, ACL_FLOAT16);
  TensorPtr self = descriptor({32, 1, 32768, 32768}, {0, 0, 0, 0}, ACL_FLOAT16);
  TensorPtr gradOutput = descriptor({32, 1, 1, 1}, {1, 1, 1, 1}, ACL_FLOAT16);
  TensorPtr indices = descriptor({32, 1, 1, 1}, {1, 1, 1, 1}, ACL_INT64);
  mark();
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutput.get(), self.get(), indices.get(),
                                                              gradInput.get(), &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID,
               "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize: the call needs a workspace of 137438953472 bytes "
               "(fp32 accumulators for gradInput), more than the emulated device's 68719476736 bytes (64 GiB)");
  expectNothingMade();
}

TEST_F(OperatorSizeGuards, OutputsWhoseElementsShareMemory) {
  DeviceTensor gradOutput({1, 1, 4, 4}, ACL_FLOAT, std::vector<float>(16, 1.0f));
  // out [1, 1, 2, 2] over one float: stride 0 on both spatial axes.
  DeviceTensor broadcastOut({1, 1, 2, 2}, {4, 4, 0, 0}, 0, 1, ACL_FLOAT, {0, 0, 0, 0});
  EXPECT_FAILS(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(gradOutput, array({4, 4}).get(),
                                                                   array({1, 1, 2, 2}).get(), 0.0, 0.0, broadcastOut,
                                                                   &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID,
               "out (FLOAT [1, 1, 2, 2], strides [4, 4, 0, 0]) is an output whose elements share memory: "
               "dimension 2 has 2 elements with stride 0; every output element needs its own memory");
  // 3x3 cells over a span of 7: no stride is 0, but two cells must coincide.
  DeviceTensor folded({1, 1, 3, 3}, {9, 9, 2, 1}, 0, 7, ACL_FLOAT, std::vector<float>(9, 0.0f));
  DeviceTensor self({1, 1, 2, 2}, ACL_FLOAT, {1, 2, 3, 4});
  EXPECT_FAILS(aclnnUpsampleNearestExact2dGetWorkspaceSize(self, array({3, 3}).get(), 0.0, 0.0, folded, &ws_,
                                                           &executor_),
               ACLNN_ERR_PARAM_INVALID, "out (FLOAT [1, 1, 3, 3], strides [9, 9, 2, 1])",
               "its 9 elements lie within a span of 7 elements");
  // The empty backward still zeroes out, so its out is checked too.
  DeviceTensor empty({1, 1, 0, 4}, ACL_FLOAT, {});
  EXPECT_FAILS(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(empty, array({0, 4}).get(), array({1, 1, 2, 2}).get(),
                                                                   0.0, 0.0, broadcastOut, &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID, "out (FLOAT [1, 1, 2, 2], strides [4, 4, 0, 0]) is an output");
  // 1-D forward and backward.
  DeviceTensor in1d({1, 2, 4}, ACL_FLOAT, std::vector<float>(8, 1.0f));
  DeviceTensor out1d({1, 2, 2}, {2, 0, 1}, 0, 2, ACL_FLOAT, {0, 0, 0, 0});
  EXPECT_FAILS(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(in1d, array({4}).get(), array({1, 2, 2}).get(),
                                                                   0.0, out1d, &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID, "dimension 1 has 2 elements with stride 0");
  EXPECT_FAILS(aclnnUpsampleNearestExact1dGetWorkspaceSize(in1d, array({2}).get(), 0.0, out1d, &ws_, &executor_),
               ACLNN_ERR_PARAM_INVALID, "dimension 1 has 2 elements with stride 0");
  // Adaptive pooling: gradInput, and both outputs of the forward.
  DeviceTensor poolSelf({1, 2, 4, 4}, ACL_FLOAT, std::vector<float>(32, 1.0f));
  DeviceTensor pooled({1, 2, 2, 2}, ACL_FLOAT, std::vector<float>(8, 0.0f));
  DeviceTensor pooledShared({1, 2, 2, 2}, {4, 0, 2, 1}, 0, 4, ACL_FLOAT, std::vector<float>(8, 0.0f));
  DeviceTensor indices = DeviceTensor::indices({1, 2, 2, 2}, ACL_INT64, std::vector<int64_t>(8, 0));
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dGetWorkspaceSize(poolSelf, array({2, 2}).get(), pooledShared, indices, &ws_,
                                                      &executor_),
               ACLNN_ERR_PARAM_INVALID, "aclnnAdaptiveMaxPool2dGetWorkspaceSize: out (FLOAT [1, 2, 2, 2], strides [4, 0, 2, 1])");
  DeviceTensor gradInputShared({1, 2, 4, 4}, {16, 0, 4, 1}, 0, 16, ACL_FLOAT, std::vector<float>(32, 0.0f));
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(pooled, poolSelf, indices, gradInputShared, &ws_,
                                                              &executor_),
               ACLNN_ERR_PARAM_INVALID, "gradInput (FLOAT [1, 2, 4, 4], strides [16, 0, 4, 1]) is an output");
  EXPECT_EQ(executor_, nullptr);  // (tensors were made between the calls, so live memory is not compared)
}

// Runs a GetWorkspaceSize that must succeed, then the launch and the synchronize.
#define RUN(op, ...)                                                                                         \
  do {                                                                                                       \
    ASSERT_EQ(op##GetWorkspaceSize(__VA_ARGS__, &ws_, &executor_), ACLNN_SUCCESS) << aclGetRecentErrMsg(); \
    ASSERT_EQ(ws_, 0u);                                                                                      \
    ASSERT_EQ(op(nullptr, 0, executor_, RuntimeScope::shared().stream()), ACLNN_SUCCESS);                  \
    ASSERT_EQ(aclrtSynchronizeStream(RuntimeScope::shared().stream()), ACL_SUCCESS) << aclGetRecentErrMsg(); \
  } while (0)

TEST_F(OperatorSizeGuards, InputsMayShareMemory) {
  // A broadcast gradOutput: every one of its 16 cells reads the same 2.
  DeviceTensor gradOutput({1, 1, 4, 4}, {0, 0, 0, 0}, 0, 1, ACL_FLOAT, std::vector<float>(16, 2.0f));
  DeviceTensor out({1, 1, 2, 2}, ACL_FLOAT, std::vector<float>(4, -1.0f));
  RUN(aclnnUpsampleNearestExact2dBackward, gradOutput, array({4, 4}).get(), array({1, 1, 2, 2}).get(), 0.0, 0.0, out);
  EXPECT_EQ(out.values(), std::vector<float>(4, 8.0f));
}

TEST_F(OperatorSizeGuards, DisjointOutputsInAnUnusualLayoutWork) {
  // 3x2 cells at element offsets 0,3 / 2,5 / 4,7 (strides 2 and 3): no proof of disjointness by sorting
  // strides, but distinct; the guard lets it through and the result is right.
  DeviceTensor gradOutput({1, 1, 3, 2}, ACL_FLOAT, {1, 2, 3, 4, 5, 6});
  DeviceTensor out({1, 1, 3, 2}, {6, 6, 2, 3}, 0, 8, ACL_FLOAT, std::vector<float>(6, -1.0f));
  RUN(aclnnUpsampleNearestExact2dBackward, gradOutput, array({3, 2}).get(), array({1, 1, 3, 2}).get(), 0.0, 0.0, out);
  EXPECT_EQ(out.values(), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

}  // namespace
