// Accumulation (gradlab/accumulation.h): FLOAT16 / BF16 backward sums in an fp32 accumulator rounded once
// (the default, CANN's way) or rounded to the dtype after every add (a naive kernel): the second errs more,
// needs no workspace in the upsample backwards, and is bit-exact against a reference that rounds every sum.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "gradlab/accumulation.h"
#include "gradlab/runner.h"
#include "gradlab/verify.h"
#include "verify/reference_upsample.h"
#include "profile_spec.h"

namespace gradlab {
namespace {


// A 50x downsample backward: 2500 gradients per bf16 gradInput cell, rows shared between 8 cores.
RunRequest manyToOne(Accumulation accumulate) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 4;
  r.shape.out[kH] = r.shape.out[kW] = 200;
  r.dtype = ACL_BF16;
  r.accumulate = accumulate;
  r.schedule = AtomicSchedule::fromSeed(1);
  r.profile = testing::eightCores();
  return r;
}

double largestError(const RunResult& result, const std::vector<double>& exact) {
  double worst = 0.0;
  const Cells<float>& got = result.output("gradInput")->values;
  for (size_t i = 0; i < got.size(); ++i) worst = std::max(worst, std::fabs(got[i] - exact[i]));
  return worst;
}

TEST(Accumulation, ParsesAndNames) {
  EXPECT_EQ(parseAccumulation("fp32"), Accumulation::kFp32);
  EXPECT_EQ(parseAccumulation("dtype"), Accumulation::kDtype);
  EXPECT_FALSE(parseAccumulation("FP32").has_value());
  EXPECT_FALSE(parseAccumulation("").has_value());
  EXPECT_STREQ(accumulationName(Accumulation::kDtype), "dtype");
  EXPECT_STREQ(accumulationName(Accumulation::kFp32), "fp32");
}

TEST(Accumulation, RoundingEverySumErrsMoreThanOneRounding) {
  const RunResult fp32 = run(manyToOne(Accumulation::kFp32));
  ASSERT_TRUE(fp32.ok()) << fp32.message;
  RunRequest naive = manyToOne(Accumulation::kDtype);
  naive.values = fp32.input("gradOutput")->values.vector();
  const RunResult dtype = run(naive);
  ASSERT_TRUE(dtype.ok()) << dtype.message;
  EXPECT_NE(dtype.output("gradInput")->values, fp32.output("gradInput")->values);

  const Extents s{.in = {1, 4, 4}, .out = {1, 200, 200}};
  const std::vector<double> exact = reference::upsampleBackwardDouble(s, IndexRule::kNearestExact, fp32.input("gradOutput")->values);
  const double oneRounding = largestError(fp32, exact), everySum = largestError(dtype, exact);
  EXPECT_GT(everySum, 2.0 * oneRounding) << "fp32 workspace " << oneRounding << ", bf16 every add " << everySum;
  EXPECT_TRUE(verify::checkRun(naive, dtype).passed) << "within the dtype-rounding bound";
}

TEST(Accumulation, TheWorkspaceIsWhatFp32AccumulationNeeds) {
  const RunResult fp32 = run(manyToOne(Accumulation::kFp32));
  const RunResult dtype = run(manyToOne(Accumulation::kDtype));
  ASSERT_TRUE(fp32.ok() && dtype.ok());
  EXPECT_GT(fp32.workspaceBytes, 0u) << "shared bf16 rows sum in an fp32 workspace";
  EXPECT_EQ(fp32.plan->workspaceBytes, fp32.workspaceBytes);
  EXPECT_EQ(dtype.workspaceBytes, 0u) << "bf16 atomic adds go into gradInput itself";
  auto hasRound = [](const Plan& p) {
    for (const PlanPhase& phase : p.phases) {
      if (phase.kind == PhaseKind::kRound) return true;
    }
    return false;
  };
  EXPECT_TRUE(hasRound(*fp32.plan));
  EXPECT_FALSE(hasRound(*dtype.plan));
  EXPECT_EQ(fp32.plan->accumulate, Accumulation::kFp32);
  EXPECT_EQ(dtype.plan->accumulate, Accumulation::kDtype);
  EXPECT_NE(dtype.plan->strategy.find("every sum is rounded to BF16"), std::string::npos) << dtype.plan->strategy;
}

TEST(Accumulation, Float32AndForwardsAlwaysSumInFp32) {
  RunRequest r = manyToOne(Accumulation::kDtype);
  r.dtype = ACL_FLOAT;
  const RunResult f = run(r);
  ASSERT_TRUE(f.ok()) << f.message;
  EXPECT_EQ(f.plan->accumulate, Accumulation::kFp32);
  r.op = OpKind::kUpsampleNearestExact2d;
  r.dtype = ACL_BF16;
  const RunResult forward = run(r);
  ASSERT_TRUE(forward.ok()) << forward.message;
  EXPECT_EQ(forward.plan->accumulate, Accumulation::kFp32);
}

TEST(Accumulation, EverySumRoundedIsExactInDeterministicModeAndTracedAlike) {
  for (OpKind op : {OpKind::kUpsampleNearestExact2dBackward, OpKind::kUpsampleNearestExact1dBackward,
                    OpKind::kAdaptiveMaxPool2dBackward, OpKind::kUpsampleNearest2dBackward}) {
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      RunRequest r = manyToOne(Accumulation::kDtype);
      r.op = op;
      r.dtype = dtype;
      r.shape.out[kH] = opInfo(op).spatialRank == 1 ? 1 : 60;
      r.shape.in[kH] = opInfo(op).spatialRank == 1 ? 1 : 4;
      r.shape.out[kW] = 60;
      r.deterministic = true;
      const RunResult untraced = run(r);
      ASSERT_TRUE(untraced.ok()) << untraced.message;
      const verify::Verdict v = verify::checkRun(r, untraced);
      EXPECT_TRUE(v.passed) << opName(op) << ": " << v.lines.back();
      r.trace = true;
      const RunResult traced = run(r);
      ASSERT_TRUE(traced.ok()) << traced.message;
      EXPECT_EQ(traced.output("gradInput")->values, untraced.output("gradInput")->values) << opName(op);
      r.deterministic = false;  // the same seeded schedule, traced and not
      const RunResult a = run(r);
      r.trace = false;
      const RunResult b = run(r);
      ASSERT_TRUE(a.ok() && b.ok());
      EXPECT_EQ(a.output("gradInput")->values, b.output("gradInput")->values) << opName(op);
    }
  }
}

// GRADLAB_ACCUMULATE is read once per process: a fresh one (threadsafe death-test style).
TEST(AccumulationDeathTest, EnvironmentChoosesTheDefault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("GRADLAB_ACCUMULATE", "dtype", 1);
  EXPECT_EXIT(
      {
        RunRequest r = manyToOne(Accumulation::kFp32);
        r.accumulate.reset();
        const RunResult result = run(r);
        std::exit(result.ok() && result.plan->accumulate == Accumulation::kDtype ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  setenv("GRADLAB_ACCUMULATE", "bf16", 1);
  EXPECT_EXIT(std::exit(defaultAccumulation() == Accumulation::kFp32 ? 0 : 1), ::testing::ExitedWithCode(0),
              "ignoring GRADLAB_ACCUMULATE=\"bf16\"");
  unsetenv("GRADLAB_ACCUMULATE");
}

}  // namespace
}  // namespace gradlab
