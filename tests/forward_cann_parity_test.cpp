// The forward operators accept what CANN's op_api accepts: an NHWC tensor is (N, H, W, C) for
// aclnnUpsampleNearestExact2d and aclnnAdaptiveMaxPool2d, an empty self or out of the 2-D upsample forward
// is success with workspace 0 and nothing written, the upsample forwards copy UINT8, and the adaptive pool
// forward compares DOUBLE in fp64. Each result is compared with the independent reference on the same
// data transposed to NCHW, bit for bit.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"
#include "verify/reference_adaptive_pool.h"
#include "verify/reference_upsample.h"
#include "verify/run_case.h"
#include "gradlab/no_copy.h"

namespace gradlab {
namespace {

using verify::DeviceTensor;

struct IntArray : NoCopy {
  explicit IntArray(std::vector<int64_t> v) : a(aclCreateIntArray(v.data(), v.size())) {}
  ~IntArray() { aclDestroyIntArray(a); }
  aclIntArray* a;
};

aclrtStream stream() { return verify::RuntimeScope::shared().stream(); }

void launch(aclnnStatus (*fn)(void*, uint64_t, aclOpExecutor*, aclrtStream), uint64_t ws, aclOpExecutor* ex) {
  ASSERT_EQ(ws, 0u);
  ASSERT_EQ(fn(nullptr, 0, ex, stream()), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << aclGetRecentErrMsg();
}

// A row-major 4-D tensor of `dims` with its axes reordered: result axis i is axis order[i] of the input.
template <typename T>
std::vector<T> permute(const std::vector<T>& v, std::array<int64_t, 4> dims, std::array<int, 4> order) {
  std::array<int64_t, 4> stride{dims[1] * dims[2] * dims[3], dims[2] * dims[3], dims[3], 1};
  std::vector<T> out;
  out.reserve(v.size());
  std::array<int64_t, 4> i{};
  for (i[0] = 0; i[0] < dims[order[0]]; ++i[0])
    for (i[1] = 0; i[1] < dims[order[1]]; ++i[1])
      for (i[2] = 0; i[2] < dims[order[2]]; ++i[2])
        for (i[3] = 0; i[3] < dims[order[3]]; ++i[3]) {
          int64_t at = 0;
          for (int k = 0; k < 4; ++k) at += i[k] * stride[order[k]];
          out.push_back(v[at]);
        }
  return out;
}
template <typename T>
std::vector<T> nhwcToNchw(const std::vector<T>& v, int64_t N, int64_t H, int64_t W, int64_t C) {
  return permute(v, {N, H, W, C}, {0, 3, 1, 2});
}
template <typename T>
std::vector<T> nchwToNhwc(const std::vector<T>& v, int64_t N, int64_t C, int64_t H, int64_t W) {
  return permute(v, {N, C, H, W}, {0, 2, 3, 1});
}

std::vector<float> ramp(int64_t n) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i) * 0.5f - 7.0f;
  return v;
}

// FLOAT and UINT8 (CANN's A2/A3 list has it for this forward; a copy, byte for byte).
class UpsampleExact2dForwardNhwc : public ::testing::TestWithParam<aclDataType> {};

TEST_P(UpsampleExact2dForwardNhwc, NhwcViewIsNHWCAsCannReadsIt) {
  verify::RuntimeScope::shared();
  const aclDataType dtype = GetParam();
  const int64_t N = 2, H = 3, W = 5, C = 3, Ho = 7, Wo = 4;
  std::vector<float> self = ramp(N * H * W * C);
  if (dtype == ACL_UINT8) {
    for (size_t i = 0; i < self.size(); ++i) self[i] = static_cast<float>((i * 37) % 256);
  }
  DeviceTensor in({N, H, W, C}, dtype, self, ACL_FORMAT_NHWC);
  DeviceTensor out({N, Ho, Wo, C}, dtype, std::vector<float>(N * Ho * Wo * C, 1.0f), ACL_FORMAT_NHWC);
  IntArray outputSize({Ho, Wo});
  uint64_t ws = 1;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnUpsampleNearestExact2dGetWorkspaceSize(in, outputSize.a, 0.0, 0.0, out, &ws, &ex), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  launch(aclnnUpsampleNearestExact2d, ws, ex);

  const std::vector<float> nchw = nhwcToNchw(self, N, H, W, C);
  std::vector<float> expected(N * C * Ho * Wo);
  for (int64_t p = 0; p < N * C; ++p)
    for (int64_t oh = 0; oh < Ho; ++oh)
      for (int64_t ow = 0; ow < Wo; ++ow) {
        const int64_t h = reference::nearestExactSource(oh, H, Ho, 0.0), w = reference::nearestExactSource(ow, W, Wo, 0.0);
        expected[(p * Ho + oh) * Wo + ow] = nchw[(p * H + h) * W + w];
      }
  EXPECT_EQ(out.values(), nchwToNhwc(expected, N, C, Ho, Wo));
}

INSTANTIATE_TEST_SUITE_P(Dtypes, UpsampleExact2dForwardNhwc, ::testing::Values(ACL_FLOAT, ACL_UINT8),
                         [](const ::testing::TestParamInfo<aclDataType>& info) {
                           return info.param == ACL_UINT8 ? std::string("uint8") : std::string("float32");
                         });

TEST(UpsampleExact2dForward, EmptySelfOrOutIsSuccessWithNothingWritten) {
  verify::RuntimeScope::shared();
  IntArray outputSize({6, 0});
  DeviceTensor self({1, 1, 4, 4}, ACL_FLOAT, ramp(16));
  DeviceTensor emptyOut({1, 1, 6, 0}, ACL_FLOAT, {});
  uint64_t ws = 1;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnUpsampleNearestExact2dGetWorkspaceSize(self, outputSize.a, 0.0, 0.0, emptyOut, &ws, &ex),
            ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  launch(aclnnUpsampleNearestExact2d, ws, ex);

  // An empty batch with an out that has cells: CANN returns before its checks and writes nothing.
  DeviceTensor emptySelf({0, 1, 4, 4}, ACL_FLOAT, {});
  DeviceTensor out({2, 1, 8, 8}, ACL_FLOAT, std::vector<float>(128, 9.0f));
  IntArray size8({8, 8});
  ws = 1;
  ASSERT_EQ(aclnnUpsampleNearestExact2dGetWorkspaceSize(emptySelf, size8.a, 0.0, 0.0, out, &ws, &ex), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  launch(aclnnUpsampleNearestExact2d, ws, ex);
  EXPECT_EQ(out.values(), std::vector<float>(128, 9.0f));
}

TEST(UpsampleExact2dForward, MixedFormatLabelsAreRefusedWithTheirNames) {
  verify::RuntimeScope::shared();
  DeviceTensor self({1, 2, 3, 4}, ACL_FLOAT, ramp(24), ACL_FORMAT_NHWC);
  DeviceTensor out({1, 4, 6, 4}, ACL_FLOAT, std::vector<float>(96, 0.0f), ACL_FORMAT_NCHW);
  IntArray outputSize({4, 6});
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnUpsampleNearestExact2dGetWorkspaceSize(self, outputSize.a, 0.0, 0.0, out, &ws, &ex),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("out format NCHW does not match self format NHWC"),
            std::string::npos)
      << aclGetRecentErrMsg();
}

// A random NHWC self with ties and NaNs, pooled to overlapping windows: values and indices are the
// reference's on the NCHW transpose, at [n, oh, ow, c].
TEST(AdaptiveMaxPool2dForward, NhwcViewIsNHWCAsCannReadsIt) {
  verify::RuntimeScope::shared();
  const int64_t N = 2, H = 5, W = 7, C = 3, Ho = 3, Wo = 4;
  std::vector<float> self = verify::adaptive::randomValues(N * H * W * C, 11, ACL_FLOAT);
  for (size_t i = 0; i < self.size(); i += 9) self[i] = 0.75f;  // ties
  self[17] = std::nanf("");
  self[40] = std::nanf("");
  DeviceTensor in({N, H, W, C}, ACL_FLOAT, self, ACL_FORMAT_NHWC);
  DeviceTensor out({N, Ho, Wo, C}, ACL_FLOAT, std::vector<float>(N * Ho * Wo * C, -5.0f), ACL_FORMAT_NHWC);
  DeviceTensor indices =
      DeviceTensor::indices({N, Ho, Wo, C}, ACL_INT64, std::vector<int64_t>(N * Ho * Wo * C, -1), ACL_FORMAT_NHWC);
  IntArray outputSize({Ho, Wo});
  uint64_t ws = 1;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dGetWorkspaceSize(in, outputSize.a, out, indices, &ws, &ex), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  launch(aclnnAdaptiveMaxPool2d, ws, ex);

  const Extents d{.N = N, .C = C, .in = {1, H, W}, .out = {1, Ho, Wo}};
  const reference::PoolForward ref = reference::adaptiveMaxPool(nhwcToNchw(self, N, H, W, C), d);
  const std::vector<float> wantValues = nchwToNhwc(ref.out, N, C, Ho, Wo);
  const std::vector<float> gotValues = out.values();
  ASSERT_EQ(gotValues.size(), wantValues.size());
  for (size_t i = 0; i < gotValues.size(); ++i) {
    if (std::isnan(wantValues[i])) {
      EXPECT_TRUE(std::isnan(gotValues[i])) << i;
    } else {
      EXPECT_EQ(gotValues[i], wantValues[i]) << i;
    }
  }
  EXPECT_EQ(indices.intValues(), nchwToNhwc(ref.indices, N, C, Ho, Wo));
}

TEST(AdaptiveMaxPool2dForward, NhwcOutMustBeNHoWoC) {
  verify::RuntimeScope::shared();
  DeviceTensor in({1, 4, 4, 2}, ACL_FLOAT, ramp(32), ACL_FORMAT_NHWC);
  DeviceTensor out({1, 2, 2, 2}, ACL_FLOAT, std::vector<float>(8, 0.0f), ACL_FORMAT_NHWC);
  DeviceTensor indices = DeviceTensor::indices({1, 2, 2, 2}, ACL_INT64, std::vector<int64_t>(8, 0), ACL_FORMAT_NHWC);
  IntArray wrong({2, 3});  // out would be [1, 2, 3, 2]
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnAdaptiveMaxPool2dGetWorkspaceSize(in, wrong.a, out, indices, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("does not match [1, 2, 3, 2] (self [1, 4, 4, 2] as (N, H, W, C)"),
            std::string::npos)
      << aclGetRecentErrMsg();
}

// DOUBLE values that fp32 cannot tell apart: the max and its index come from an fp64 comparison.
TEST(AdaptiveMaxPool2dForward, DoubleComparesInFp64) {
  verify::RuntimeScope::shared();
  const double tiny = std::ldexp(1.0, -40), tinier = std::ldexp(1.0, -41);
  // 3x3 pooled to 2x2: windows rows [0,2) [1,3), cols [0,2) [1,3).
  const std::vector<double> self = {1.0,         1.0 + tinier, 0.5,  //
                                    1.0 + tiny,  1.0,          1.0 + tiny,  //
                                    -1.0,        1.0 + tinier, 2.0 + tiny};
  const std::vector<int64_t> dims{1, 1, 3, 3}, outDims{1, 1, 2, 2}, strides{9, 9, 3, 1}, outStrides{4, 4, 2, 1};
  void* in = nullptr;
  void* out = nullptr;
  ASSERT_EQ(aclrtMalloc(&in, 9 * sizeof(double), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&out, 4 * sizeof(double), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(in, 9 * sizeof(double), self.data(), 9 * sizeof(double), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclTensor* selfT = aclCreateTensor(dims.data(), 4, ACL_DOUBLE, strides.data(), 0, ACL_FORMAT_NCHW, dims.data(), 4, in);
  aclTensor* outT =
      aclCreateTensor(outDims.data(), 4, ACL_DOUBLE, outStrides.data(), 0, ACL_FORMAT_NCHW, outDims.data(), 4, out);
  DeviceTensor indices = DeviceTensor::indices(outDims, ACL_INT64, std::vector<int64_t>(4, -1), ACL_FORMAT_NCHW);
  IntArray outputSize({2, 2});
  uint64_t ws = 1;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dGetWorkspaceSize(selfT, outputSize.a, outT, indices, &ws, &ex), ACLNN_SUCCESS)
      << aclGetRecentErrMsg();
  launch(aclnnAdaptiveMaxPool2d, ws, ex);
  std::vector<double> got(4);
  ASSERT_EQ(aclrtMemcpy(got.data(), 4 * sizeof(double), out, 4 * sizeof(double), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  // (0,0): 1+2^-40 at (1,0) beats 1+2^-41 at (0,1), which fp32 would call equal to 1 at (0,0).
  EXPECT_EQ(got, (std::vector<double>{1.0 + tiny, 1.0 + tiny, 1.0 + tiny, 2.0 + tiny}));
  EXPECT_EQ(indices.intValues(), (std::vector<int64_t>{3, 5, 3, 8}));
  aclDestroyTensor(selfT);
  aclDestroyTensor(outT);
  aclrtFree(in);
  aclrtFree(out);
}

}  // namespace
}  // namespace gradlab
