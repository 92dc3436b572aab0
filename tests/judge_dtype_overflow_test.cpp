// The judge (gradlab-cli --check, verify::checkRun, the fuzzer's contract) with sums rounded to fp16 after
// every add: an order of adds whose partial sum overflows ends in inf (or NaN when both infinities meet),
// and the judge must accept exactly that, while still rejecting an infinity no order can reach.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "gradlab/verify.h"

namespace {

using namespace gradlab;

// upsample1d-backward, 3 gradOutput cells onto 1 gradInput cell, fp16, accumulate=dtype, default mode.
RunRequest threeTermsOntoOne(std::vector<float> values) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact1dBackward;
  r.shape.in[kW] = 1;
  r.shape.out[kW] = 3;
  r.dtype = ACL_FLOAT16;
  r.accumulate = Accumulation::kDtype;
  r.values = std::move(values);
  return r;
}

// The run, its one output cell replaced by what another order of the atomic adds gives.
RunResult resultWith(const RunRequest& r, float cell) {
  RunResult result = run(r);
  EXPECT_TRUE(result.ok()) << result.message;
  EXPECT_EQ(result.outputs.size(), 1u);
  if (!result.outputs.empty()) result.outputs[0].values = {cell};
  return result;
}

std::string linesOf(const verify::Verdict& v) {
  std::string s;
  for (const std::string& line : v.lines) s += line + "\n";
  return s;
}

constexpr float kInf = std::numeric_limits<float>::infinity();

// 60000 + 60000 rounds to inf in fp16 and inf - 60000 stays inf; the order 60000 - 60000 + 60000 gives 60000.
TEST(JudgeDtypeAccumulation, AnInfinityFromAnOverflowingPartialSumPasses) {
  const RunRequest r = threeTermsOntoOne({60000.0f, 60000.0f, -60000.0f});
  for (float cell : {kInf, 60000.0f}) {
    const verify::Verdict v = verify::checkRun(r, resultWith(r, cell));
    EXPECT_TRUE(v.passed) << cell << ": " << linesOf(v);
  }
}

// -inf + 60000 + 60000: the order 60000 + 60000 (= inf) + -inf gives NaN; in row-major order -inf.
TEST(JudgeDtypeAccumulation, NaNFromBothInfinitiesPassesAgainstAReferenceOfMinusInfinity) {
  const RunRequest r = threeTermsOntoOne({-kInf, 60000.0f, 60000.0f});
  for (float cell : {std::numeric_limits<float>::quiet_NaN(), -kInf}) {
    const verify::Verdict v = verify::checkRun(r, resultWith(r, cell));
    EXPECT_TRUE(v.passed) << cell << ": " << linesOf(v);
  }
}

TEST(JudgeDtypeAccumulation, AnInfinityNoOrderCanReachStillFails) {
  const RunRequest small = threeTermsOntoOne({1.0f, 2.0f, -1.0f});
  for (float cell : {kInf, -kInf, std::numeric_limits<float>::quiet_NaN()}) {
    const verify::Verdict v = verify::checkRun(small, resultWith(small, cell));
    EXPECT_FALSE(v.passed) << cell << ": " << linesOf(v);
  }
  // Only the positive terms can overflow: -inf and NaN are out of reach.
  const RunRequest positive = threeTermsOntoOne({60000.0f, 60000.0f, -1.0f});
  for (float cell : {-kInf, std::numeric_limits<float>::quiet_NaN()}) {
    const verify::Verdict v = verify::checkRun(positive, resultWith(positive, cell));
    EXPECT_FALSE(v.passed) << cell << ": " << linesOf(v);
  }
  // A -inf term: NaN needs the positive terms to overflow too.
  const RunRequest minusInf = threeTermsOntoOne({-kInf, 1.0f, 1.0f});
  const verify::Verdict v = verify::checkRun(minusInf, resultWith(minusInf, std::numeric_limits<float>::quiet_NaN()));
  EXPECT_FALSE(v.passed) << linesOf(v);
}

}  // namespace
