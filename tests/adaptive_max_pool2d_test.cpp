// aclnnAdaptiveMaxPool2dBackward / aclnnAdaptiveMaxPool2d: the adaptive part of the case table (its cases run
// in verify_table_test.cpp) plus API-level properties the table does not cover.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/cases.h"
#include "verify/device_tensor.h"
#include "verify/reference_adaptive_pool.h"
#include "mode_scope.h"

namespace gradlab {
namespace {

using testing::DeterministicScope;
using verify::adaptive::CallMode;
using verify::adaptive::Outcome;
using verify::DeviceTensor;

TEST(AdaptivePoolTable, NamesAreUniqueIdentifiersAndGroupsAreKnown) {
  std::set<std::string> names;
  const std::set<std::string> groups{"reference", "checks", "seed", "runtime", "plan", "trace"};
  for (const verify::Case& c : verify::adaptivePoolCases()) {
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate case " << c.name;
    for (char ch : c.name) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') << c.name;
    EXPECT_TRUE(groups.count(c.group)) << c.name << " has group " << c.group;
    EXPECT_EQ(opInfo(c.op).rule, IndexRule::kAdaptiveMax) << c.name;
  }
  EXPECT_GT(names.size(), 100u);
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
  return {DeviceTensor(outShape, dtype, verify::adaptive::randomValues(outCells, seed, dtype)),
          DeviceTensor(inShape, dtype, verify::adaptive::randomValues(inCells, seed + 1, dtype)),
          DeviceTensor::indices(outShape, ACL_INT64, verify::adaptive::randomIndices(outCells, planeCells, seed)),
          verify::adaptive::makeTensor(inShape, inLayout, dtype, std::vector<float>(inCells, 0.0f))};
}

// A plane with one core sums in UB when it fits there; planes split between cores (default mode: here
// 6 planes x 4 rows over 24 cores, so every plane) sum in gradInput when it is dense fp32, else in the
// workspace; a plane too big for UB sums in gradInput or the workspace.
// A launch that meets an index outside its plane fails (507015) and leaves a quiet NaN in every gradInput cell,
// whatever the dtype, mode, strategy and layout: the cores check each index as they add its value (one pass over
// the indices), so planes other tiles had already summed and stored would otherwise read as a result. Nothing
// outside the view is written, and the next launch with good indices gives the right answer.
TEST(AdaptivePoolBackward, AFailedLaunchLeavesNaNInEveryGradInputCellAndNothingOutside) {
  verify::RuntimeScope::shared();
  const int64_t N = 2, C = 3, H = 6, W = 5, Ho = 3, Wo = 2, HW = H * W;
  int runs = 0;
  for (const aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (const bool deterministic : {true, false}) {
      for (const char* strategy : {"", "scatter", "owner", "lanes"}) {
        for (const bool strided : {false, true}) {
          std::vector<float> grad(static_cast<size_t>(N * C * Ho * Wo)), self(static_cast<size_t>(N * C * HW), 0.0f);
          std::vector<int64_t> index(grad.size());
          for (size_t i = 0; i < grad.size(); ++i) grad[i] = static_cast<float>(i % 7) - 3.0f, index[i] = static_cast<int64_t>(i % 4);
          index[index.size() - 3] = HW;  // in the last plane: every other plane was summed (and stored) before it
          DeviceTensor gradOutput({N, C, Ho, Wo}, dtype, grad);
          DeviceTensor selfT({N, C, H, W}, dtype, self);
          DeviceTensor bad = DeviceTensor::indices({N, C, Ho, Wo}, ACL_INT64, index);
          // Strided: each row of a wider storage (W + 2), the view starting 3 elements in; the rest holds 9.
          const int64_t rowStride = W + 2, storage = 3 + N * C * H * rowStride;
          DeviceTensor gradInput = strided ? DeviceTensor({N, C, H, W}, {C * H * rowStride, H * rowStride, rowStride, 1}, 3, storage, dtype,
                                                          std::vector<float>(static_cast<size_t>(N * C * HW), 5.0f), ACL_FORMAT_ND, 9.0f)
                                           : DeviceTensor({N, C, H, W}, dtype, std::vector<float>(static_cast<size_t>(N * C * HW), 5.0f));
          CallMode mode{deterministic, {}, {}};
          if (*strategy) mode.strategy = strategy;
          const Outcome o = verify::adaptive::backward(gradOutput, selfT, bad, gradInput, mode);
          const std::string where = std::string(dtype == ACL_FLOAT ? "fp32" : dtype == ACL_FLOAT16 ? "fp16" : "bf16") + (deterministic ? " det " : " default ") + strategy +
                                    (strided ? " strided" : "");
          if (o.status == ACLNN_ERR_PARAM_INVALID) continue;  // a strategy that does not take this call
          ++runs;
          EXPECT_EQ(o.status, ACL_ERROR_RT_AICORE_EXCEPTION) << where << ": " << o.message;
          EXPECT_NE(o.message.find("indices[1, 2, 1, 1] = 30"), std::string::npos) << where << ": " << o.message;
          EXPECT_NE(o.message.find("gradInput holds NaN in every cell"), std::string::npos) << where;
          for (float v : gradInput.values()) ASSERT_TRUE(std::isnan(v)) << where;
          if (strided) {
            const std::vector<float> all = gradInput.storage();
            size_t outside = 0;
            for (float v : all) outside += v == 9.0f ? 1 : 0;
            EXPECT_EQ(outside, static_cast<size_t>(storage - N * C * HW)) << where << ": a cell outside the view was written";
          }
        }
      }
    }
  }
  EXPECT_GE(runs, 24);
}

TEST(AdaptivePoolBackward, WorkspaceOnlyWhenAccumulatorsCannotLiveInUbOrGradInput) {
  verify::RuntimeScope::shared();
  const std::vector<int64_t> out{2, 3, 4, 5}, in{2, 3, 9, 11};
  const uint64_t accumulators = 2 * 3 * 9 * 11 * 4;
  for (bool deterministic : {true, false}) {
    const CallMode mode{deterministic, {}, {}};
    const uint64_t split = deterministic ? 0 : accumulators;
    Tensors fp32 = makeTensors(out, in, ACL_FLOAT);
    EXPECT_EQ(verify::adaptive::backward(fp32.gradOutput, fp32.self, fp32.indices, fp32.gradInput, mode).workspaceSize, 0u);
    Tensors fp16 = makeTensors(out, in, ACL_FLOAT16);
    EXPECT_EQ(verify::adaptive::backward(fp16.gradOutput, fp16.self, fp16.indices, fp16.gradInput, mode).workspaceSize,
              split);
    Tensors strided = makeTensors(out, in, ACL_FLOAT, Layout::kTransposed);
    EXPECT_EQ(
        verify::adaptive::backward(strided.gradOutput, strided.self, strided.indices, strided.gradInput, mode).workspaceSize,
        split);
    Tensors padded = makeTensors(out, in, ACL_FLOAT, Layout::kSliced);  // planes are not dense runs
    EXPECT_EQ(
        verify::adaptive::backward(padded.gradOutput, padded.self, padded.indices, padded.gradInput, mode).workspaceSize,
        split);
  }
  const CallMode deterministic{true, {}, {}};
  Tensors big = makeTensors({1, 2, 3, 3}, {1, 2, 300, 300}, ACL_FLOAT16);  // 360 KB per fp32 plane: not in UB
  EXPECT_EQ(verify::adaptive::backward(big.gradOutput, big.self, big.indices, big.gradInput, deterministic).workspaceSize,
            2u * 300 * 300 * 4);
  Tensors bigFp32 = makeTensors({1, 2, 3, 3}, {1, 2, 300, 300}, ACL_FLOAT);
  EXPECT_EQ(verify::adaptive::backward(bigFp32.gradOutput, bigFp32.self, bigFp32.indices, bigFp32.gradInput, deterministic)
                .workspaceSize,
            0u);
}

TEST(AdaptivePoolBackward, DeterministicRunsAreBitIdenticalWithAndWithoutTrace) {
  verify::RuntimeScope::shared();
  std::vector<float> first;
  for (int run = 0; run < 3; ++run) {
    Tensors t = makeTensors({4, 8, 13, 9}, {4, 8, 31, 29}, ACL_FLOAT, Layout::kContiguous, 77);
    auto trace = run == 1 ? std::make_shared<Trace>() : nullptr;
    ASSERT_TRUE(verify::adaptive::backward(t.gradOutput, t.self, t.indices, t.gradInput, {true, {}, {}}, trace).ok());
    const std::vector<float> got = t.gradInput.values();
    if (first.empty()) first = got;
    EXPECT_EQ(verify::adaptive::compareExact(got, first, "run"), "") << "run " << run;
  }
}

// A gradInput large enough to be streamed out (>= 8 MiB): each plane's UB sums go out with streaming stores that
// leave them zero, and the next plane on that thread starts from those zeros without clearing them again. Two
// launches in a row, both modes: bit for bit the naive reference (a stale or a missed zero would add one plane's
// sums into the next, or one launch's into the other).
TEST(AdaptivePoolBackward, AStreamedGradInputEqualsTheReferenceLaunchAfterLaunch) {
  verify::RuntimeScope::shared();
  const std::vector<int64_t> out{1, 136, 25, 35}, in{1, 136, 128, 128};  // 8.5 MiB of fp32 gradInput
  for (const bool deterministic : {true, false}) {
    for (uint64_t seed : {3u, 4u}) {
      Tensors t = makeTensors(out, in, ACL_FLOAT, Layout::kContiguous, seed);
      ASSERT_TRUE(verify::adaptive::backward(t.gradOutput, t.self, t.indices, t.gradInput, {deterministic, {}, {}}).ok());
      const Extents d{.C = 136, .in = {1, 128, 128}, .out = {1, 25, 35}};
      const std::vector<float> want = reference::adaptiveMaxPoolBackward(
          verify::adaptive::randomValues(136 * 25 * 35, seed, ACL_FLOAT), verify::adaptive::randomIndices(136 * 25 * 35, 128 * 128, seed), d);
      if (deterministic) {
        EXPECT_EQ(verify::adaptive::compareExact(t.gradInput.values(), want, "gradInput"), "") << "seed " << seed;
      } else {  // planes split between cores add atomically: fp32 sums in another order
        const std::vector<float> got = t.gradInput.values();
        ASSERT_EQ(got.size(), want.size());
        for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], want[i], 1e-4f * (1.0f + std::fabs(want[i]))) << i;
      }
    }
  }
}

TEST(AdaptivePoolBackward, PlanStrategyNamesTheMode) {
  verify::RuntimeScope::shared();
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
  verify::RuntimeScope::shared();
  DeterministicScope mode(false);  // both planes split between cores: fp16 sums in the workspace
  Tensors t = makeTensors({1, 2, 3, 3}, {1, 2, 6, 6}, ACL_FLOAT16);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  ASSERT_EQ(aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(t.gradOutput, t.self, t.indices, t.gradInput, &ws, &ex), 0);
  ASSERT_EQ(ws, 2u * 36 * 4);
  void* workspace = nullptr;
  ASSERT_EQ(aclrtMalloc(&workspace, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0);
  EXPECT_EQ(aclnnAdaptiveMaxPool2dBackward(workspace, ws - 4, ex, verify::RuntimeScope::shared().stream()),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workspaceSize"), std::string::npos);
  // The refused launch never ran: the executor launches with the right size, once.
  EXPECT_EQ(aclnnAdaptiveMaxPool2dBackward(workspace, ws, ex, verify::RuntimeScope::shared().stream()), ACLNN_SUCCESS);
  EXPECT_EQ(aclnnAdaptiveMaxPool2dBackward(workspace, ws, ex, verify::RuntimeScope::shared().stream()),
            ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(aclrtSynchronizeStream(verify::RuntimeScope::shared().stream()), ACL_SUCCESS);
  aclrtFree(workspace);
}

}  // namespace
}  // namespace gradlab
