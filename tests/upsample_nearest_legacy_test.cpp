// The legacy nearest operators (aclnnUpsampleNearest1d/2d and their backwards) through their own aclnn
// entry points: CANN's documented sample, NHWC views, empty batches, and each check with its code and
// sentence. Their numerics run in the case table (reference cases of the kNearest rule, golden vectors).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "gradlab/verify.h"
#include "verify/device_tensor.h"
#include "verify/run_case.h"
#include "gradlab/no_copy.h"

namespace gradlab {
namespace {

using verify::DeviceTensor;

class Array : NoCopy {
 public:
  explicit Array(std::vector<int64_t> v) : a_(aclCreateIntArray(v.data(), v.size())) {}
  ~Array() { aclDestroyIntArray(a_); }
  operator const aclIntArray*() const { return a_; }

 private:
  aclIntArray* a_;
};

std::vector<float> iota(int n, float first = 0.0f) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = first + static_cast<float>(i);
  return v;
}

// Runs a prepared executor to the end on the shared stream.
void launch(aclnnStatus (*fn)(void*, uint64_t, aclOpExecutor*, aclrtStream), uint64_t ws, aclOpExecutor* ex) {
  void* workspace = nullptr;
  if (ws) {
    ASSERT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  }
  ASSERT_EQ(fn(workspace, ws, ex, verify::RuntimeScope::shared().stream()), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(verify::RuntimeScope::shared().stream()), ACL_SUCCESS) << aclGetRecentErrMsg();
  if (workspace) aclrtFree(workspace);
}

// aclnnUpsampleNearest2dBackward with scales 0, run to the end.
void legacyBackward2d(DeviceTensor& gradOut, const Array& outputSize, const Array& inputSize, DeviceTensor& gradInput) {
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnUpsampleNearest2dBackwardGetWorkspaceSize(gradOut, outputSize, inputSize, 0.0, 0.0, gradInput, &ws, &ex),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  launch(aclnnUpsampleNearest2dBackward, ws, ex);
}

// CANN's sample: gradOut 2x2x3x3 = 1..36 into gradInput 2x2x1x1, scales 0, prints 45, 126, 207, 288.
TEST(UpsampleNearestLegacy, CannSampleOfTheBackward) {
  verify::RuntimeScope::shared();
  DeviceTensor gradOut({2, 2, 3, 3}, ACL_FLOAT, iota(36, 1.0f), ACL_FORMAT_NCHW);
  DeviceTensor gradInput({2, 2, 1, 1}, ACL_FLOAT, std::vector<float>(4, 2.0f), ACL_FORMAT_NCHW);
  legacyBackward2d(gradOut, Array({3, 3}), Array({2, 2, 1, 1}), gradInput);
  EXPECT_EQ(gradInput.values(), (std::vector<float>{45, 126, 207, 288})) << "overwritten, not added to the 2s";
}

// An NHWC view is (N, H, W, C): the forward gathers whole C vectors.
TEST(UpsampleNearestLegacy, Forward2dReadsNhwcAsNHWC) {
  verify::RuntimeScope::shared();
  DeviceTensor self({1, 2, 2, 3}, ACL_FLOAT, iota(12), ACL_FORMAT_NHWC);  // H 2, W 2, C 3
  DeviceTensor out({1, 4, 4, 3}, ACL_FLOAT, std::vector<float>(48, -1.0f), ACL_FORMAT_NHWC);
  Array outputSize({4, 4});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnUpsampleNearest2dGetWorkspaceSize(self, outputSize, out, &ws, &ex), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  launch(aclnnUpsampleNearest2d, ws, ex);
  const std::vector<float> got = out.values();
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 4; ++w)
      for (int c = 0; c < 3; ++c) {
        EXPECT_EQ(got[(h * 4 + w) * 3 + c], static_cast<float>(((h >> 1) * 2 + (w >> 1)) * 3 + c)) << h << w << c;
      }
}

TEST(UpsampleNearestLegacy, Backward2dNhwcSumsIntoNHWCCells) {
  verify::RuntimeScope::shared();
  DeviceTensor gradOut({1, 4, 2, 2}, ACL_FLOAT, std::vector<float>(16, 1.0f), ACL_FORMAT_NHWC);  // H 4, W 2, C 2
  DeviceTensor gradInput({1, 2, 1, 2}, ACL_FLOAT, std::vector<float>(4, 0.0f), ACL_FORMAT_NHWC);
  legacyBackward2d(gradOut, Array({4, 2}), Array({1, 2, 1, 2}), gradInput);  // inputSize read as N, H, W, C
  EXPECT_EQ(gradInput.values(), (std::vector<float>{4, 4, 4, 4}));
}

TEST(UpsampleNearestLegacy, EmptyBatchSucceedsWithNothingToDo) {
  verify::RuntimeScope::shared();
  DeviceTensor self({0, 2, 3}, ACL_FLOAT, {}, ACL_FORMAT_NCL), out({0, 2, 5}, ACL_FLOAT, {}, ACL_FORMAT_NCL);
  Array outputSize({5});
  uint64_t ws = 7;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnUpsampleNearest1dGetWorkspaceSize(self, outputSize, out, &ws, &ex), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(ws, 0u);
  launch(aclnnUpsampleNearest1d, ws, ex);
}

// A scale near 0 makes s infinite and 0 * s NaN: the operator and the reference both take the last cell.
TEST(UpsampleNearestLegacy, TinyScaleMeansTheLastCell) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearest1dBackward;
  r.shape.in[kW] = 4, r.shape.out[kW] = 9, r.shape.scales[kW] = 1e-300;
  r.deterministic = true;
  const RunResult result = verify::runCase(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_TRUE(verify::checkRun(r, result).passed);
  const Cells<float>& g = result.input("gradOutput")->values;
  float sum = 0;
  for (float v : g) sum += v;
  EXPECT_EQ(result.output("gradInput")->values, (std::vector<float>{0, 0, 0, sum}));
}

struct Refusal {
  aclnnStatus status;
  std::string message;
};

Refusal backward1d(std::vector<int64_t> go, std::vector<int64_t> gi, std::vector<int64_t> os, std::vector<int64_t> is,
                   aclDataType giType = ACL_FLOAT) {
  int64_t goCells = 1, giCells = 1;
  for (int64_t d : go) goCells *= d;
  for (int64_t d : gi) giCells *= d;
  DeviceTensor gradOut(go, ACL_FLOAT, std::vector<float>(goCells, 1.0f), ACL_FORMAT_NCL);
  DeviceTensor out(gi, giType, std::vector<float>(giCells, 0.0f), ACL_FORMAT_NCL);
  Array outputSize(os), inputSize(is);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  const aclnnStatus s = aclnnUpsampleNearest1dBackwardGetWorkspaceSize(gradOut, outputSize, inputSize, 0.0, out, &ws, &ex);
  if (ex) aclDestroyAclOpExecutor(ex);
  return {s, aclGetRecentErrMsg()};
}

TEST(UpsampleNearestLegacy, Backward1dChecks) {
  verify::RuntimeScope::shared();
  EXPECT_EQ(backward1d({1, 2, 6}, {1, 2, 3}, {6}, {1, 2, 3}).status, ACLNN_SUCCESS);
  const Refusal rank = backward1d({1, 2, 6, 1}, {1, 2, 3}, {6}, {1, 2, 3});
  EXPECT_EQ(rank.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(rank.message.find("aclnnUpsampleNearest1dBackwardGetWorkspaceSize: gradOut has 4 dimensions"),
            std::string::npos)
      << rank.message;
  const Refusal dtype = backward1d({1, 2, 6}, {1, 2, 3}, {6}, {1, 2, 3}, ACL_FLOAT16);
  EXPECT_NE(dtype.message.find("out dtype FLOAT16 differs from gradOut dtype FLOAT"), std::string::npos) << dtype.message;
  const Refusal sizes = backward1d({1, 2, 6}, {1, 2, 3}, {6}, {1, 2, 0});
  EXPECT_NE(sizes.message.find("inputSize L 0 and outputSize L 6 must both be positive"), std::string::npos)
      << sizes.message;
  const Refusal shape = backward1d({1, 2, 6}, {1, 2, 3}, {7}, {1, 2, 3});
  EXPECT_NE(shape.message.find("gradOut shape [1, 2, 6] differs from [N, C, outputSize] [1, 2, 7]"), std::string::npos)
      << shape.message;
  const Refusal out = backward1d({1, 2, 6}, {1, 2, 4}, {6}, {1, 2, 3});
  EXPECT_NE(out.message.find("out shape [1, 2, 4] differs from inputSize [1, 2, 3]"), std::string::npos) << out.message;
  // No 50x limit for the legacy operators.
  EXPECT_EQ(backward1d({1, 1, 200}, {1, 1, 1}, {200}, {1, 1, 1}).status, ACLNN_SUCCESS);
}

TEST(UpsampleNearestLegacy, ForwardChecksFollowCann) {
  verify::RuntimeScope::shared();
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  DeviceTensor self({1, 1, 2, 3}, ACL_FLOAT, iota(6), ACL_FORMAT_NCHW);
  DeviceTensor outNd({1, 1, 4, 6}, ACL_FLOAT, std::vector<float>(24, 0.0f), ACL_FORMAT_ND);
  Array outputSize({4, 6});
  EXPECT_EQ(aclnnUpsampleNearest2dGetWorkspaceSize(self, nullptr, outNd, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR)
      << "CANN dereferences a null outputSize; gradlab refuses it";
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("outputSize is a null pointer"), std::string::npos);
  EXPECT_EQ(aclnnUpsampleNearest2dGetWorkspaceSize(self, outputSize, outNd, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("out format ND differs from self format NCHW"), std::string::npos)
      << aclGetRecentErrMsg();
  DeviceTensor self1d({1, 2, 3}, ACL_FLOAT, iota(6), ACL_FORMAT_ND), out1d({1, 2, 6}, ACL_FLOAT, {}, ACL_FORMAT_ND);
  Array six({6});
  EXPECT_EQ(aclnnUpsampleNearest1dGetWorkspaceSize(self1d, six, out1d, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("must both be NCL"), std::string::npos) << aclGetRecentErrMsg();
}

// CANN's checks of the 2-D backward: gradInput NCHW or NHWC (CheckNCDimValid), FLOAT/FLOAT16/BF16 only.
TEST(UpsampleNearestLegacy, Backward2dFormatsAndDtypesFollowCann) {
  verify::RuntimeScope::shared();
  auto call = [](aclFormat format, aclDataType dtype) {
    DeviceTensor gradOut({1, 1, 4, 4}, dtype, std::vector<float>(16, 1.0f), format);
    DeviceTensor gradInput({1, 1, 2, 2}, dtype, std::vector<float>(4, 0.0f), format);
    Array outputSize({4, 4}), inputSize({1, 1, 2, 2});
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    const aclnnStatus s =
        aclnnUpsampleNearest2dBackwardGetWorkspaceSize(gradOut, outputSize, inputSize, 0.0, 0.0, gradInput, &ws, &ex);
    if (ex) aclDestroyAclOpExecutor(ex);
    return Refusal{s, aclGetRecentErrMsg()};
  };
  EXPECT_EQ(call(ACL_FORMAT_NCHW, ACL_FLOAT).status, ACLNN_SUCCESS);
  const Refusal nd = call(ACL_FORMAT_ND, ACL_FLOAT);
  EXPECT_EQ(nd.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(nd.message.find("gradInput format ND is not supported (expected NCHW or NHWC)"), std::string::npos)
      << nd.message;
  const Refusal dbl = call(ACL_FORMAT_NCHW, ACL_DOUBLE);
  EXPECT_EQ(dbl.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(dbl.message.find("gradOut dtype DOUBLE is not supported (expected FLOAT, FLOAT16 or BF16)"),
            std::string::npos)
      << dbl.message;
}

// CANN's CheckUplimit lets a dimension equal INT32_MAX through (then this view is larger than its memory).
TEST(UpsampleNearestLegacy, Forward2dDimensionLimitIsInt32MaxInclusive) {
  verify::RuntimeScope::shared();
  auto message = [](int64_t w) {
    void* data = nullptr;
    EXPECT_EQ(aclrtMalloc(&data, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const std::vector<int64_t> dims{1, 1, 1, w}, strides{w, w, w, 1}, outDims{1, 1, 2, w};
    const std::vector<int64_t> outStrides{2 * w, 2 * w, w, 1};
    aclTensor* self = aclCreateTensor(dims.data(), 4, ACL_FLOAT, strides.data(), 0, ACL_FORMAT_NCHW, dims.data(), 4, data);
    aclTensor* out =
        aclCreateTensor(outDims.data(), 4, ACL_FLOAT, outStrides.data(), 0, ACL_FORMAT_NCHW, outDims.data(), 4, data);
    Array outputSize({2, w});
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    const aclnnStatus s = aclnnUpsampleNearest2dGetWorkspaceSize(self, outputSize, out, &ws, &ex);
    const std::string m = aclGetRecentErrMsg();
    aclDestroyTensor(self);
    aclDestroyTensor(out);
    aclrtFree(data);
    EXPECT_EQ(s, ACLNN_ERR_PARAM_INVALID);
    return m;
  };
  const std::string atLimit = message(2147483647);
  EXPECT_EQ(atLimit.find("INT32_MAX"), std::string::npos) << atLimit;
  const std::string above = message(2147483648);
  EXPECT_NE(above.find("self [1, 1, 1, 2147483648] has a dimension > INT32_MAX"), std::string::npos) << above;
}

}  // namespace
}  // namespace gradlab
