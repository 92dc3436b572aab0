// aclnnAdaptiveMaxPool3d and its backward beyond the case table: windows that span slices, in (d, h, w) order,
// the plans of a 3-D call (depth folded into rows, and said so), and the strategies that cannot run one.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "ops/adaptive_max_pool/windows.h"

namespace gradlab {
namespace {

RunRequest pool3d(OpKind op, const Extents& s) {
  RunRequest r;
  r.op = op;
  r.shape = s;
  r.deterministic = true;
  return r;
}

TEST(AdaptivePool3d, RowWindowsSpanSlicesInOrder) {
  const ops::adaptive::RowWindows w(3, 2, 4, 2);  // D 3 -> 2: [0, 2), [1, 3); H 4 -> 2: [0, 2), [2, 4)
  EXPECT_FALSE(w.flat());
  std::vector<int64_t> rows;
  w.forEach(0, [&](int64_t r) { rows.push_back(r); });
  EXPECT_EQ(rows, (std::vector<int64_t>{0, 1, 4, 5}));
  EXPECT_EQ(w.first(0), 0);
  EXPECT_EQ(w.end(0), 6);
  EXPECT_EQ(w.count(0), 4);
  rows.clear();
  w.forEach(3, [&](int64_t r) { rows.push_back(r); });  // slice 1, row 1
  EXPECT_EQ(rows, (std::vector<int64_t>{6, 7, 10, 11}));
  EXPECT_TRUE(ops::adaptive::RowWindows(1, 1, 5, 3).flat());
}

// Ties keep the first cell in (d, h, w) order even when a later slice holds the same value; a NaN in a later
// slice beats every number; of several NaNs the last is kept.
TEST(AdaptivePool3d, TheForwardScansAWindowSliceBySlice) {
  RunRequest r = pool3d(OpKind::kAdaptiveMaxPool3d, Extents{.N = 1, .C = 1, .in = {2, 2, 2}, .out = {1, 1, 1}});
  const float nan = std::nanf("");
  struct Case {
    std::vector<float> self;
    float max;
    int64_t index;
  };
  for (const Case& c : {Case{{1, 5, 2, 3, 5, 0, 5, 1}, 5.0f, 1}, Case{{1, 5, 2, 3, 4, nan, 9, 1}, nan, 5},
                        Case{{nan, 5, 2, 3, 4, 0, nan, 1}, nan, 6}, Case{{1, 2, 3, 4, 5, 6, 7, 8}, 8.0f, 7}}) {
    r.values = c.self;
    const RunResult result = run(r);
    ASSERT_TRUE(result.ok()) << result.message;
    const HostTensor* out = result.output("out");
    const HostTensor* indices = result.output("indices");
    ASSERT_TRUE(out && indices);
    EXPECT_EQ(indices->dtype, ACL_INT32);
    EXPECT_EQ(indices->ints[0], c.index);
    if (std::isnan(c.max)) EXPECT_TRUE(std::isnan(out->values[0]));
    else EXPECT_EQ(out->values[0], c.max);
  }
}

TEST(AdaptivePool3d, PlansFoldDepthIntoRowsAndSaySo) {
  for (OpKind op : {OpKind::kAdaptiveMaxPool3dBackward, OpKind::kAdaptiveMaxPool3d}) {
    const RunRequest r = pool3d(op, Extents{.N = 2, .C = 3, .in = {5, 7, 6}, .out = {3, 4, 4}});
    const RunResult result = run(r);
    ASSERT_TRUE(result.ok()) << result.message;
    const Plan& plan = *result.plan;
    const bool backward = opInfo(op).backward;
    EXPECT_EQ(backward ? plan.srcShape : plan.dstShape, (std::vector<int64_t>{2, 3, 3, 4, 4}));
    EXPECT_NE(plan.strategy.find("a 3-D plane's rows are its (D, H) rows"), std::string::npos) << plan.strategy;
    EXPECT_NE(plan.strategy.find("Do x Ho = 3 x 4 output rows and D x H = 5 x 7 input rows"), std::string::npos);
    if (!backward) {
      EXPECT_NE(plan.coreChoice.find("output rows (planes x Do x Ho)"), std::string::npos) << plan.coreChoice;
    }
    for (const Tile& t : plan.tiles) {
      const Box& pooled = backward ? t.src : t.dst;
      EXPECT_LE(pooled.row1, 12);  // Do x Ho rows
      const Box& input = backward ? t.dst : t.src;
      EXPECT_LE(input.row1, 35);  // D x H rows
    }
  }
}

TEST(AdaptivePool3d, LanesCannotRunA3dCallAndCannRunsThePlaneOwners) {
  RunRequest r = pool3d(OpKind::kAdaptiveMaxPool3dBackward, Extents{.N = 1, .C = 2, .in = {4, 4, 4}, .out = {2, 2, 2}});
  r.strategy = "lanes";
  RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_EQ(result.plan->strategyName, "owner");
  EXPECT_NE(result.plan->strategyNote.find("a 3-D call's windows span slices"), std::string::npos) << result.plan->strategyNote;
  r.strategy = "cann";
  result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_EQ(result.plan->cannStrategy, "owner");
  EXPECT_NE(result.plan->cannWhy.find("MaxPool3DGradWithArgmax"), std::string::npos) << result.plan->cannWhy;
  r.shape.in = {5, 4, 4};  // D 5 -> 2 overlaps
  result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_NE(result.plan->cannWhy.find("AdaptiveMaxPool3DGrad"), std::string::npos) << result.plan->cannWhy;
}

}  // namespace
}  // namespace gradlab
