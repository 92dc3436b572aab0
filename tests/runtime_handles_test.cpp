// Every handle the API gives out is tracked: a destroyed, twice destroyed, stale or foreign tensor, integer
// array or executor is refused with 161002 and a reason, never read through; a launch that is refused
// leaves its executor to be launched again; a workspace may not share memory with the call's tensors.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "mode_scope.h"
#include "runtime/executor_registry.h"
#include "runtime_expect.h"
#include "verify/device_tensor.h"

namespace {

using gradlab::testing::ptr;
using gradlab::verify::DeviceTensor;
using gradlab::verify::RuntimeScope;

constexpr const char* kHandlesNotLiveTensor = "is not a live aclTensor (destroyed already, or not made by aclCreateTensor)";
constexpr const char* kHandlesNotLiveArray =
    "is not a live aclIntArray (destroyed already, or not made by aclCreateIntArray)";

aclTensor* floatTensorOver(const std::vector<int64_t>& dims, void* data) {
  return aclCreateTensor(dims.data(), dims.size(), ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims.data(), dims.size(), data);
}

// An upsample 2-D backward call over real tensors: gradOutput [1, 1, 4, 4] into out [1, 1, 2, 2].
struct HandlesUpsampleCall {
  DeviceTensor gradOutput{{1, 1, 4, 4}, ACL_FLOAT, std::vector<float>(16, 1.0f)};
  DeviceTensor out{{1, 1, 2, 2}, ACL_FLOAT, std::vector<float>(4, 0.0f)};
  const int64_t outputSizeValues[2] = {4, 4};
  const int64_t inputSizeValues[4] = {1, 1, 2, 2};
  aclIntArray* outputSize = aclCreateIntArray(outputSizeValues, 2);
  aclIntArray* inputSize = aclCreateIntArray(inputSizeValues, 4);
  ~HandlesUpsampleCall() {
    aclDestroyIntArray(outputSize);
    aclDestroyIntArray(inputSize);
  }
  aclnnStatus plan(const aclTensor* go, const aclIntArray* os, const aclIntArray* is, aclOpExecutor** exec) {
    uint64_t ws = 0;
    return aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(go, os, is, 0.0, 0.0, out, &ws, exec);
  }
};

TEST(RuntimeHandles, ATensorDestroyedTwiceIsRefusedNotFreedAgain) {
  RuntimeScope::shared();
  float host = 0;
  aclTensor* t = floatTensorOver({1}, &host);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(aclDestroyTensor(t), ACLNN_SUCCESS);
  EXPECT_FAILS(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor: tensor " + ptr(t) + " " + kHandlesNotLiveTensor);
  EXPECT_EQ(aclDestroyTensor(nullptr), ACLNN_SUCCESS);  // as free(NULL)
  // Thousands of tensors made and destroyed since: none took the old handle's place.
  for (int i = 0; i < 4000; ++i) {
    aclTensor* other = floatTensorOver({1}, &host);
    ASSERT_NE(other, t);
    ASSERT_EQ(aclDestroyTensor(other), ACLNN_SUCCESS);
  }
  EXPECT_FAILS(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID, kHandlesNotLiveTensor);
}

TEST(RuntimeHandles, ADestroyedOrForeignTensorIsRefusedByEveryCallThatReadsIt) {
  RuntimeScope::shared();
  aclTensor* dead = floatTensorOver({2, 2}, nullptr);
  ASSERT_EQ(aclDestroyTensor(dead), ACLNN_SUCCESS);
  // Bytes that look like a tensor but were never made by aclCreateTensor (what ctypes hands over by mistake).
  alignas(64) unsigned char garbage[256];
  std::memset(garbage, 0xA5, sizeof garbage);
  auto* foreign = reinterpret_cast<aclTensor*>(garbage);
  for (aclTensor* bad : {dead, foreign}) {
    int64_t* dims = nullptr;
    uint64_t rank = 0;
    EXPECT_FAILS(aclGetViewShape(bad, &dims, &rank), ACLNN_ERR_PARAM_INVALID, "aclGetViewShape: tensor " + ptr(bad));
    aclDataType dtype;
    EXPECT_FAILS(aclGetDataType(bad, &dtype), ACLNN_ERR_PARAM_INVALID, kHandlesNotLiveTensor);
    aclFormat format;
    EXPECT_FAILS(aclGetFormat(bad, &format), ACLNN_ERR_PARAM_INVALID, kHandlesNotLiveTensor);
    HandlesUpsampleCall call;
    aclOpExecutor* exec = nullptr;
    EXPECT_FAILS(call.plan(bad, call.outputSize, call.inputSize, &exec), ACLNN_ERR_PARAM_INVALID,
                 "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize: gradOutput " + ptr(bad) + " " + kHandlesNotLiveTensor);
    EXPECT_EQ(exec, nullptr);
  }
}

TEST(RuntimeHandles, ADestroyedOrForeignIntArrayIsRefused) {
  RuntimeScope::shared();
  const int64_t values[2] = {4, 4};
  aclIntArray* dead = aclCreateIntArray(values, 2);
  ASSERT_EQ(aclDestroyIntArray(dead), ACLNN_SUCCESS);
  EXPECT_FAILS(aclDestroyIntArray(dead), ACLNN_ERR_PARAM_INVALID, "aclDestroyIntArray: array " + ptr(dead) + " " + kHandlesNotLiveArray);
  int64_t notAnArray[4] = {1, 2, 3, 4};
  auto* foreign = reinterpret_cast<aclIntArray*>(notAnArray);
  for (aclIntArray* bad : {dead, foreign}) {
    uint64_t size = 0;
    EXPECT_FAILS(aclGetIntArraySize(bad, &size), ACLNN_ERR_PARAM_INVALID, kHandlesNotLiveArray);
    HandlesUpsampleCall call;
    aclOpExecutor* exec = nullptr;
    EXPECT_FAILS(call.plan(call.gradOutput, bad, call.inputSize, &exec), ACLNN_ERR_PARAM_INVALID,
                 "outputSize " + ptr(bad) + " " + kHandlesNotLiveArray);
  }
  EXPECT_EQ(aclDestroyIntArray(nullptr), ACLNN_SUCCESS);
}

// The handle of a launched executor never comes back: however many executors are made after it, a second
// launch of it is 161002 and runs nothing, and the new executors run their own calls.
TEST(RuntimeHandles, AStaleExecutorIsRefusedEvenOnceItsMemoryIsReused) {
  aclrtStream stream = RuntimeScope::shared().stream();
  HandlesUpsampleCall call;
  aclOpExecutor* first = nullptr;
  ASSERT_EQ(call.plan(call.gradOutput, call.outputSize, call.inputSize, &first), ACLNN_SUCCESS);
  ASSERT_EQ(aclnnUpsampleNearestExact2dBackward(nullptr, 0, first, stream), ACLNN_SUCCESS);
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  std::set<aclOpExecutor*> seen{first};
  for (int i = 0; i < 200; ++i) {
    aclOpExecutor* next = nullptr;
    ASSERT_EQ(call.plan(call.gradOutput, call.outputSize, call.inputSize, &next), ACLNN_SUCCESS);
    EXPECT_TRUE(seen.insert(next).second) << "handle " << next << " handed out twice";
    EXPECT_FAILS(aclnnUpsampleNearestExact2dBackward(nullptr, 0, first, stream), ACLNN_ERR_PARAM_INVALID,
                 "executor " + ptr(first) + " is unknown, already launched or destroyed");
    if (i % 2 == 0) {
      EXPECT_EQ(aclnnUpsampleNearestExact2dBackward(nullptr, 0, next, stream), ACLNN_SUCCESS) << aclGetRecentErrMsg();
    } else {
      EXPECT_EQ(aclDestroyAclOpExecutor(next), ACLNN_SUCCESS);
    }
    EXPECT_FAILS(aclDestroyAclOpExecutor(next), ACLNN_ERR_PARAM_INVALID, "is unknown, already launched or destroyed");
  }
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(call.out.values(), std::vector<float>(4, 4.0f));  // each launch wrote the same sums
}

// A launch refused while aclFinalize released every executor (another thread) does not bring its executor
// back: after the release no old handle may run, even one whose launch was under way.
TEST(RuntimeHandles, ARefusedLaunchDoesNotReviveAnExecutorReleasedMeanwhile) {
  auto& registry = gradlab::rt::ExecutorRegistry::instance();
  auto exec = std::make_unique<aclOpExecutor>();
  exec->api = "aclnnFakeOp";
  aclOpExecutor* handle = registry.add(std::move(exec));
  uint64_t releases = 0;
  std::unique_ptr<aclOpExecutor> taken = registry.take(handle, &releases);
  ASSERT_NE(taken, nullptr);
  registry.putBack(handle, std::move(taken), releases);  // refused, nothing released meanwhile: it stays
  taken = registry.take(handle, &releases);
  ASSERT_NE(taken, nullptr);
  auto other = std::make_unique<aclOpExecutor>();
  aclOpExecutor* otherHandle = registry.add(std::move(other));
  EXPECT_GE(registry.releaseAll(), 1u);  // what aclFinalize does
  registry.putBack(handle, std::move(taken), releases);
  EXPECT_FALSE(registry.withLive(handle, [](aclOpExecutor&) {}));
  EXPECT_FALSE(registry.withLive(otherHandle, [](aclOpExecutor&) {}));
}

// A workspace over the call's own gradOutput (or gradInput) would be written with partial sums while the
// kernels read (or write) the tensor: refused at launch, nothing written, and the executor stays.
TEST(RuntimeHandles, AWorkspaceOverlappingATensorOfTheCallIsRefused) {
  aclrtStream stream = RuntimeScope::shared().stream();
  gradlab::testing::DeterministicScope mode(false);  // planes split between cores: fp16 sums in the workspace
  const std::vector<int64_t> out{1, 2, 3, 3}, in{1, 2, 6, 6};
  std::vector<float> gradValues(18);
  for (size_t i = 0; i < gradValues.size(); ++i) gradValues[i] = static_cast<float>(i) - 9.0f;
  DeviceTensor gradOutput(out, ACL_FLOAT16, gradValues);
  DeviceTensor self(in, ACL_FLOAT16, std::vector<float>(72, 0.0f));
  std::vector<int64_t> idx(18);
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int64_t>(i % 9) * 4;
  DeviceTensor indices = DeviceTensor::indices(out, ACL_INT64, idx);
  DeviceTensor gradInput(in, ACL_FLOAT16, std::vector<float>(72, 0.0f));
  uint64_t ws = 0;
  aclOpExecutor* exec = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutput, self, indices, gradInput, &ws, &exec),
            ACLNN_SUCCESS);
  ASSERT_GT(ws, 0u);
  // gradOutput's own memory, the case; and an aclrtMalloc block that gradInput lies in.
  void* shared = nullptr;
  ASSERT_EQ(aclrtMalloc(&shared, ws + 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int64_t inDims[4] = {1, 2, 6, 6};
  aclTensor* insideWorkspace = aclCreateTensor(inDims, 4, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, inDims, 4,
                                               static_cast<char*>(shared) + 64);
  aclOpExecutor* second = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutput, self, indices, insideWorkspace, &ws, &second),
            ACLNN_SUCCESS);
  // gradOutput's 36 bytes are shorter than the workspace: lend it a block that starts with gradOutput's bytes.
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dBackward(shared, ws + 4096, second, stream), ACLNN_ERR_PARAM_INVALID,
               "aclnnAdaptiveMaxPool2dBackward: workspace (bytes " + ptr(shared), ") overlaps gradInput (FLOAT16 [1, 2, 6, 6], bytes " + ptr(static_cast<char*>(shared) + 64),
               "the workspace needs memory of its own");
  void* big = nullptr;
  ASSERT_EQ(aclrtMalloc(&big, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int64_t outDims[4] = {1, 2, 3, 3};
  aclTensor* gradOutputInWorkspace = aclCreateTensor(outDims, 4, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, outDims, 4, big);
  ASSERT_EQ(aclrtMemcpy(big, 36, gradOutput.data(), 36, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
  aclOpExecutor* third = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOutputInWorkspace, self, indices, gradInput, &ws, &third),
            ACLNN_SUCCESS);
  EXPECT_FAILS(aclnnAdaptiveMaxPool2dBackward(big, ws, third, stream), ACLNN_ERR_PARAM_INVALID,
               "overlaps gradOutput (FLOAT16 [1, 2, 3, 3], bytes " + ptr(big));
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  std::vector<uint16_t> after(18), before(18);
  ASSERT_EQ(aclrtMemcpy(after.data(), 36, big, 36, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(before.data(), 36, gradOutput.data(), 36, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(after, before);  // gradOutput not overwritten
  EXPECT_EQ(gradInput.values(), std::vector<float>(72, 0.0f));
  // Each refused executor launches with a workspace of its own.
  void* own = nullptr;
  ASSERT_EQ(aclrtMalloc(&own, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  EXPECT_EQ(aclnnAdaptiveMaxPool2dBackward(own, ws, third, stream), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(exec), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyAclOpExecutor(second), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(insideWorkspace), ACLNN_SUCCESS);
  EXPECT_EQ(aclDestroyTensor(gradOutputInWorkspace), ACLNN_SUCCESS);
  for (void* p : {shared, big, own}) EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

}  // namespace
