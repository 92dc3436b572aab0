// Every strategy of every operator in the catalog, generated from it: on a small, a ragged (scales that
// disagree a little with the sizes) and a large call of the operator's kind, in each of fp32, fp16 and bf16
// the operator takes, in both modes, the result checks out against the independent reference
// (verify::checkRun, what gradlab-cli --check runs), on the first built-in chip that runs the strategy. A
// strategy added to the catalog is tested here unasked.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gradlab/ops.h"
#include "gradlab/runner.h"
#include "gradlab/strategy.h"
#include "gradlab/verify.h"
#include "profile_spec.h"
#include "verify/judge.h"

namespace gradlab {
namespace {

struct NamedShape {
  const char* name;
  Extents shape;
};

// The three calls of an operator's kind: adaptive pooling, or an upsample of its spatial rank.
std::vector<NamedShape> shapesFor(const OpInfo& op) {
  if (op.rule == IndexRule::kAdaptiveMax) {
    return {{"small", {.in = {1, 8, 8}, .out = {1, 3, 3}}},
            {"ragged", {.N = 2, .C = 3, .in = {1, 31, 17}, .out = {1, 7, 5}}},
            {"large", {.N = 2, .C = 70, .in = {1, 128, 96}, .out = {1, 50, 40}}}};
  }
  // The backward's "in" side is gradInput, the forward's self: both the smaller side here.
  if (op.spatialRank == 1) {
    return {{"small", {.in = {1, 1, 5}, .out = {1, 1, 11}}},
            {"ragged", {.N = 3, .C = 2, .in = {1, 1, 37}, .out = {1, 1, 101}, .scales = {0.0, 0.0, 2.7}}},
            {"large", {.N = 4, .C = 16, .in = {1, 1, 700}, .out = {1, 1, 2100}}}};
  }
  return {{"small", {.in = {1, 3, 5}, .out = {1, 7, 11}}},
          {"ragged", {.N = 2, .C = 3, .in = {1, 13, 9}, .out = {1, 29, 17}, .scales = {0.0, 2.3, 1.9}}},
          {"large", {.N = 2, .C = 8, .in = {1, 96, 80}, .out = {1, 192, 160}}}};
}

// The first built-in chip the strategy runs the operator's fp32 calls on (the 950's SIMT strategies need its
// threads), else the default A2, where the call runs its default and says why.
std::string chipFor(const StrategyInfo& strategy, const OpInfo& op) {
  for (const DeviceProfile& profile : builtinProfiles()) {
    if (strategyCannotRun(strategy, {ACL_FLOAT, &profile, false, op.kind}).empty()) return profile.name;
  }
  return "atlas-a2";
}

struct MatrixCase {
  std::string name;
  RunRequest request;
};

std::vector<MatrixCase> matrixCases() {
  std::vector<MatrixCase> cases;
  for (const OpInfo& op : allOps()) {
    for (const StrategyInfo& strategy : op.strategies) {
      for (const NamedShape& shape : shapesFor(op)) {
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
          if (std::find(op.dtypes.begin(), op.dtypes.end(), dtype) == op.dtypes.end()) continue;
          for (bool deterministic : {false, true}) {
            RunRequest r;
            r.op = op.kind;
            r.shape = shape.shape;
            if (op.scaleCount == 0) r.shape.scales = {};
            r.dtype = dtype;
            r.deterministic = deterministic;
            r.strategy = strategy.name;
            const std::string chip = chipFor(strategy, op);
            r.profile = testing::profileOf(chip.c_str());
            std::string name = snakeName(op.kind) + "_" + strategy.name + (chip == "atlas-a2" ? "" : "_" + chip) + "_" +
                               shape.name + "_" + dtypeText(dtype) +
                               (deterministic ? "_det" : "_default");
            cases.push_back({std::move(name), std::move(r)});
          }
        }
      }
    }
  }
  return cases;
}

class StrategyMatrix : public ::testing::TestWithParam<MatrixCase> {};

TEST_P(StrategyMatrix, ChecksOutAgainstTheReference) {
  const RunRequest& r = GetParam().request;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.stage << ": " << result.message;
  const verify::Verdict v = verify::checkRun(r, result);
  EXPECT_TRUE(v.passed) << verify::describe(r) << ": " << (v.lines.empty() ? "" : v.lines.front());
  // It ran what it asked for, unless the strategy cannot run the call or the mode gives it way, and then the
  // plan says why.
  ASSERT_TRUE(result.plan);
  if (result.plan->strategyName != *r.strategy) {
    EXPECT_FALSE(result.plan->strategyNote.empty()) << result.plan->strategyName;
  }
}

INSTANTIATE_TEST_SUITE_P(Catalog, StrategyMatrix, ::testing::ValuesIn(matrixCases()),
                         [](const ::testing::TestParamInfo<MatrixCase>& info) { return info.param.name; });

TEST(StrategyMatrix, CoversEveryStrategyOfEveryOperator) {
  size_t strategies = 0;
  for (const OpInfo& op : allOps()) strategies += op.strategies.size();
  EXPECT_GE(matrixCases().size(), strategies * 3 * 2);  // three shapes, two modes, at least one dtype each
}

}  // namespace
}  // namespace gradlab
