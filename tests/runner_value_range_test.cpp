// Indices and values handed to the runner (from files, through gradlab-cli --indices / --input) are
// checked against their dtype's range before conversion: an INT32 index of 2^32 + 5 is refused, not
// truncated into cell 5; a value FLOAT16 or BF16 cannot hold, and a float64 file value fp32 cannot, are
// refused, not turned into infinity.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gradlab/npy.h"
#include "gradlab/runner.h"

namespace gradlab {
namespace {

RunRequest adaptiveBackward(aclDataType indexType, int64_t firstIndex) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 8;
  r.shape.out[kH] = r.shape.out[kW] = 4;
  r.indexType = indexType;
  r.indices.assign(16, 0);
  r.indices[0] = firstIndex;
  return r;
}

TEST(RunnerValueRange, AnInt32IndexBeyondInt32IsRefusedNotTruncated) {
  const int64_t index = (int64_t{1} << 32) + 5;
  const RunResult int32 = run(adaptiveBackward(ACL_INT32, index));
  EXPECT_EQ(int32.status, ACLNN_ERR_PARAM_INVALID) << int32.message;
  EXPECT_EQ(int32.stage, "setup");
  EXPECT_NE(int32.message.find("element 0 = 4294967301 is outside INT32's range [-2147483648, 2147483647]"),
            std::string::npos)
      << int32.message;
  // INT64 holds it, and the kernel's check finds it outside the plane.
  const RunResult int64 = run(adaptiveBackward(ACL_INT64, index));
  EXPECT_EQ(int64.status, 507015) << int64.message;
  EXPECT_TRUE(run(adaptiveBackward(ACL_INT32, 63)).ok());
}

TEST(RunnerValueRange, ValuesBeyondTheDtypeAreRefused) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 1;
  r.shape.out[kH] = r.shape.out[kW] = 2;
  r.dtype = ACL_FLOAT16;
  r.values = {1.0f, 65504.0f, 65519.0f, -2.0f};
  EXPECT_TRUE(run(r).ok()) << "65519 rounds to 65504, still finite";
  r.values[2] = 70000.0f;
  RunResult refused = run(r);
  EXPECT_EQ(refused.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(refused.message.find("RunRequest::values[2] = 70000 is outside FLOAT16's finite range"), std::string::npos)
      << refused.message;
  r.dtype = ACL_BF16;
  EXPECT_TRUE(run(r).ok()) << "BF16 holds 70000";
  r.values[2] = 3.4e38f;
  refused = run(r);
  EXPECT_NE(refused.message.find("is outside BF16's finite range"), std::string::npos) << refused.message;
  r.values[2] = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(run(r).ok()) << "an infinity is a value the dtype has";
}

TEST(RunnerValueRange, AFloat64FileValueBeyondFp32IsRefused) {
  npy::Array a;
  a.shape = {2};
  a.dtype = npy::DType::kFloat64;
  const double values[2] = {1.5, 1e300};
  a.data.resize(sizeof values);
  std::memcpy(a.data.data(), values, sizeof values);
  std::vector<float> out;
  std::string error;
  EXPECT_FALSE(a.toFloat(&out, &error));
  EXPECT_NE(error.find("element 1 = "), std::string::npos) << error;
  EXPECT_NE(error.find("is outside float32's finite range"), std::string::npos) << error;
}

}  // namespace
}  // namespace gradlab
