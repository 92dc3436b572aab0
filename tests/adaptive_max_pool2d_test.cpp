// aclnnAdaptiveMaxPool2dBackward / aclnnAdaptiveMaxPool2d: the shared case table (numerics, checks, seed,
// runtime errors, plans, traces, golden vectors) plus API-level properties the table does not cover.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "support/adaptive_pool_harness.h"
#include "support/cases.h"
#include "support/device_tensor.h"
#include "support/reference_adaptive_pool.h"

namespace gradlab {
namespace {

using adaptive_cases::DeterministicScope;
using adaptive_cases::Layout;
using adaptive_cases::Outcome;
using testing::DeviceTensor;

// The parameter is the case name (readable in gtest output); the case is looked up in the table.
std::vector<std::string> caseNames() {
  std::vector<std::string> names;
  for (const cases::Case& c : cases::adaptivePoolCases()) names.push_back(c.name);
  return names;
}

const cases::Case& caseNamed(const std::string& name) {
  static const std::vector<cases::Case> table = cases::adaptivePoolCases();
  for (const cases::Case& c : table) {
    if (c.name == name) return c;
  }
  throw std::out_of_range("no adaptive pool case " + name);
}

class AdaptivePoolCase : public ::testing::TestWithParam<std::string> {};

TEST_P(AdaptivePoolCase, Passes) {
  testing::RuntimeScope::shared();
  const cases::CaseResult r = caseNamed(GetParam()).run();
  EXPECT_TRUE(r.passed) << r.detail;
  RecordProperty("detail", r.detail);
}

INSTANTIATE_TEST_SUITE_P(Table, AdaptivePoolCase, ::testing::ValuesIn(caseNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(AdaptivePoolTable, NamesAreUniqueIdentifiersAndGroupsAreKnown) {
  std::set<std::string> names;
  const std::set<std::string> groups{"reference", "checks", "seed", "runtime", "plan", "trace", "golden"};
  for (const cases::Case& c : cases::adaptivePoolCases()) {
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate case " << c.name;
    for (char ch : c.name) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') << c.name;
    EXPECT_TRUE(groups.count(c.group)) << c.name << " has group " << c.group;
    EXPECT_TRUE(c.op == "AdaptiveMaxPool2dBackward" || c.op == "AdaptiveMaxPool2d") << c.name;
  }
  EXPECT_GT(names.size(), 100u);
}

TEST(AdaptivePoolGolden, VectorsRunWhenTheFileExists) {
  size_t golden = 0;
  for (const cases::Case& c : cases::adaptivePoolCases()) golden += c.group == "golden";
  if (golden == 0) GTEST_SKIP() << "tests/data/golden/adaptive_max_pool2d.json is not there yet";
  SUCCEED() << golden << " golden cases run in the table";
}

struct Tensors {
  DeviceTensor gradOutput, self, indices, gradInput;
};

Tensors makeTensors(const std::vector<int64_t>& outShape, const std::vector<int64_t>& inShape, aclDataType dtype,
                    Layout inLayout = Layout::kContiguous, uint64_t seed = 1) {
  int64_t outCells = 1, inCells = 1;
  for (int64_t d : outShape) outCells *= d;
  for (int64_t d : inShape) inCells *= d;
  const int64_t planeCells = inShape[inShape.size() - 2] * inShape.back();
  return {DeviceTensor(outShape, dtype, adaptive_cases::randomValues(outCells, seed, dtype)),
          DeviceTensor(inShape, dtype, adaptive_cases::randomValues(inCells, seed + 1, dtype)),
          DeviceTensor::indices(outShape, ACL_INT64, adaptive_cases::randomIndices(outCells, planeCells, seed)),
          adaptive_cases::makeTensor(inShape, inLayout, dtype, std::vector<float>(inCells, 0.0f))};
}

// A plane with one core sums in UB when it fits there; planes split between cores (default mode: here
// 6 planes x 4 rows over 24 cores, so every plane) sum in gradInput when it is dense fp32, else in the
// workspace; a plane too big for UB sums in gradInput or the workspace.
TEST(AdaptivePoolBackward, WorkspaceOnlyWhenAccumulatorsCannotLiveInUbOrGradInput) {
  testing::RuntimeScope::shared();
  const std::vector<int64_t> out{2, 3, 4, 5}, in{2, 3, 9, 11};
  const uint64_t accumulators = 2 * 3 * 9 * 11 * 4;
  for (bool deterministic : {true, false}) {
    DeterministicScope mode(deterministic);
    const uint64_t split = deterministic ? 0 : accumulators;
    Tensors fp32 = makeTensors(out, in, ACL_FLOAT);
    EXPECT_EQ(adaptive_cases::backward(fp32.gradOutput, fp32.self, fp32.indices, fp32.gradInput).workspaceSize, 0u);
    Tensors fp16 = makeTensors(out, in, ACL_FLOAT16);
    EXPECT_EQ(adaptive_cases::backward(fp16.gradOutput, fp16.self, fp16.indices, fp16.gradInput).workspaceSize, split);
    Tensors strided = makeTensors(out, in, ACL_FLOAT, Layout::kTransposedHW);
    EXPECT_EQ(adaptive_cases::backward(strided.gradOutput, strided.self, strided.indices, strided.gradInput).workspaceSize,
              split);
    Tensors padded = makeTensors(out, in, ACL_FLOAT, Layout::kPadded);  // planes are not dense runs
    EXPECT_EQ(adaptive_cases::backward(padded.gradOutput, padded.self, padded.indices, padded.gradInput).workspaceSize,
              split);
  }
  DeterministicScope mode(true);
  Tensors big = makeTensors({1, 2, 3, 3}, {1, 2, 300, 300}, ACL_FLOAT16);  // 360 KB per fp32 plane: not in UB
  EXPECT_EQ(adaptive_cases::backward(big.gradOutput, big.self, big.indices, big.gradInput).workspaceSize,
            2u * 300 * 300 * 4);
  Tensors bigFp32 = makeTensors({1, 2, 3, 3}, {1, 2, 300, 300}, ACL_FLOAT);
  EXPECT_EQ(adaptive_cases::backward(bigFp32.gradOutput, bigFp32.self, bigFp32.indices, bigFp32.gradInput).workspaceSize,
            0u);
}

TEST(AdaptivePoolBackward, DeterministicRunsAreBitIdenticalWithAndWithoutTrace) {
  testing::RuntimeScope::shared();
  DeterministicScope mode(true);
  std::vector<float> first;
  for (int run = 0; run < 3; ++run) {
    Tensors t = makeTensors({4, 8, 13, 9}, {4, 8, 31, 29}, ACL_FLOAT, Layout::kContiguous, 77);
    auto trace = run == 1 ? std::make_shared<Trace>() : nullptr;
    ASSERT_TRUE(adaptive_cases::backward(t.gradOutput, t.self, t.indices, t.gradInput, trace).ok());
    const std::vector<float> got = t.gradInput.values();
    if (first.empty()) first = got;
    EXPECT_EQ(adaptive_cases::compareExact(got, first, "run"), "") << "run " << run;
  }
}

TEST(AdaptivePoolBackward, PlanStrategyNamesTheMode) {
  testing::RuntimeScope::shared();
  for (bool deterministic : {true, false}) {
    DeterministicScope mode(deterministic);
    Tensors t = makeTensors({2, 3, 4, 5}, {2, 3, 9, 11}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(t.gradOutput, t.self, t.indices, t.gradInput, &ws, &ex), 0);
    const Plan* plan = executorPlan(ex);
    ASSERT_NE(plan, nullptr);
    EXPECT_EQ(plan->op, OpKind::kAdaptiveMaxPool2dBackward);
    EXPECT_EQ(plan->deterministic, deterministic);
    EXPECT_EQ(plan->srcShape, (std::vector<int64_t>{2, 3, 4, 5}));
    EXPECT_EQ(plan->dstShape, (std::vector<int64_t>{2, 3, 9, 11}));
    EXPECT_NE(plan->strategy.find(deterministic ? "one owner core per gradInput plane" : "atomic"), std::string::npos)
        << plan->strategy;
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
  }
}

TEST(AdaptivePoolBackward, ExecutorRunsOnceAndChecksItsWorkspace) {
  testing::RuntimeScope::shared();
  DeterministicScope mode(false);  // both planes split between cores: fp16 sums in the workspace
  Tensors t = makeTensors({1, 2, 3, 3}, {1, 2, 6, 6}, ACL_FLOAT16);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(t.gradOutput, t.self, t.indices, t.gradInput, &ws, &ex), 0);
  ASSERT_EQ(ws, 2u * 36 * 4);
  void* workspace = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  EXPECT_EQ(aclnnAdaptiveMaxPool2dBackward(workspace, ws - 4, ex, testing::RuntimeScope::shared().stream()),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workspaceSize"), std::string::npos);
  // The failed launch consumed the executor, as CANN's does.
  EXPECT_EQ(aclnnAdaptiveMaxPool2dBackward(workspace, ws, ex, testing::RuntimeScope::shared().stream()),
            ACLNN_ERR_PARAM_INVALID);
  aclrtFree(workspace);
}

}  // namespace
}  // namespace gradlab
