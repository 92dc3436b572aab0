// A sample program for the legacy aclnnUpsampleNearest2dBackward, written the way CANN's documentation
// writes its samples (init, device tensors, the two-phase call, copy back, print, release). It includes
// the operator header by its bare name, as CANN projects do with include/aclnnop on their include path.
// gradOut 2x2x3x3 holds 1..36; every 3x3 plane folds into one gradInput cell (inputSize 2x2x1x1, scales 0):
// result[0..3] = 45, 126, 207, 288.
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn_upsample_nearest_2d_backward.h"

#define CHECK_RET(cond, return_expr) \
  do {                               \
    if (!(cond)) {                   \
      return_expr;                   \
    }                                \
  } while (0)

static int64_t ElementCount(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t dim : shape) count *= dim;
  return count;
}

static int MakeTensor(const std::vector<float>& host, const std::vector<int64_t>& shape, void** deviceAddr,
                      aclTensor** tensor) {
  const size_t bytes = static_cast<size_t>(ElementCount(shape)) * sizeof(float);
  int ret = aclrtMalloc(deviceAddr, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMalloc failed. ERROR: %d\n", ret); return ret);
  ret = aclrtMemcpy(*deviceAddr, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtMemcpy failed. ERROR: %d\n", ret); return ret);
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
  *tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_NCHW, shape.data(),
                            shape.size(), *deviceAddr);
  return *tensor ? ACL_SUCCESS : 1;
}

int main() {
  int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  int ret = aclInit(nullptr);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclInit failed. ERROR: %d\n", ret); return ret);
  ret = aclrtSetDevice(deviceId);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtSetDevice failed. ERROR: %d\n", ret); return ret);
  ret = aclrtCreateStream(&stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtCreateStream failed. ERROR: %d\n", ret); return ret);

  std::vector<int64_t> gradOutShape = {2, 2, 3, 3};
  std::vector<int64_t> gradInputShape = {2, 2, 1, 1};
  std::vector<float> gradOutHost(36);
  for (int i = 0; i < 36; ++i) gradOutHost[i] = static_cast<float>(i + 1);
  std::vector<float> gradInputHost(4, 0.0f);
  std::vector<int64_t> outputSizeData = {3, 3};
  std::vector<int64_t> inputSizeData = {2, 2, 1, 1};

  void* gradOutAddr = nullptr;
  void* gradInputAddr = nullptr;
  aclTensor* gradOut = nullptr;
  aclTensor* gradInput = nullptr;
  ret = MakeTensor(gradOutHost, gradOutShape, &gradOutAddr, &gradOut);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  ret = MakeTensor(gradInputHost, gradInputShape, &gradInputAddr, &gradInput);
  CHECK_RET(ret == ACL_SUCCESS, return ret);
  aclIntArray* outputSize = aclCreateIntArray(outputSizeData.data(), outputSizeData.size());
  aclIntArray* inputSize = aclCreateIntArray(inputSizeData.data(), inputSizeData.size());

  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  ret = aclnnUpsampleNearest2dBackwardGetWorkspaceSize(gradOut, outputSize, inputSize, 0.0, 0.0, gradInput,
                                                       &workspaceSize, &executor);
  CHECK_RET(ret == ACL_SUCCESS,
            printf("aclnnUpsampleNearest2dBackwardGetWorkspaceSize failed. ERROR: %d\n", ret); return ret);
  void* workspaceAddr = nullptr;
  if (workspaceSize > 0) {
    ret = aclrtMalloc(&workspaceAddr, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    CHECK_RET(ret == ACL_SUCCESS, printf("allocate workspace failed. ERROR: %d\n", ret); return ret);
  }
  ret = aclnnUpsampleNearest2dBackward(workspaceAddr, workspaceSize, executor, stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclnnUpsampleNearest2dBackward failed. ERROR: %d\n", ret); return ret);
  ret = aclrtSynchronizeStream(stream);
  CHECK_RET(ret == ACL_SUCCESS, printf("aclrtSynchronizeStream failed. ERROR: %d\n", ret); return ret);

  std::vector<float> result(4, 0.0f);
  ret = aclrtMemcpy(result.data(), result.size() * sizeof(float), gradInputAddr, result.size() * sizeof(float),
                    ACL_MEMCPY_DEVICE_TO_HOST);
  CHECK_RET(ret == ACL_SUCCESS, printf("copy result from device to host failed. ERROR: %d\n", ret); return ret);
  for (size_t i = 0; i < result.size(); ++i) printf("result[%zu] is: %f\n", i, result[i]);

  aclDestroyTensor(gradOut);
  aclDestroyTensor(gradInput);
  aclDestroyIntArray(outputSize);
  aclDestroyIntArray(inputSize);
  aclrtFree(gradOutAddr);
  aclrtFree(gradInputAddr);
  if (workspaceSize > 0) aclrtFree(workspaceAddr);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return 0;
}
