// The operator catalog (gradlab/ops.h): complete, consistent, and its index math the SPEC's, float32
// rounding and saturation included.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "gradlab/ops.h"
#include "gradlab/runner.h"
#include "runtime/prose.h"

namespace gradlab {
namespace {

TEST(OpsCatalog, EveryOperatorOnceWithConsistentFacts) {
  ASSERT_EQ(allOps().size(), kOpCount);
  std::set<std::string> names;
  for (const OpInfo& op : allOps()) {
    EXPECT_EQ(&opInfo(op.kind), &op);
    EXPECT_NE(op.getWorkspaceSize, nullptr) << op.name;
    EXPECT_NE(op.launch, nullptr) << op.name;
    EXPECT_NE(op.kernelListing, nullptr) << op.name;
    // CANN's choice is data of the operator: for every dtype it takes, one of its own strategies, with a reason
    // (prose, written only while a plan is described).
    ASSERT_NE(op.cannChoice, nullptr) << op.name;
    rt::DescribeScope describe;
    for (const DeviceProfile& profile : builtinProfiles()) {
      for (aclDataType dtype : op.dtypes) {
        for (bool deterministic : {false, true}) {
          const CannChoice cann = op.cannChoice({dtype, &profile, deterministic, op.kind}, op.example);
          EXPECT_NE(findStrategy(op.kind, cann.strategy), nullptr) << op.name << " " << cann.strategy << " " << profile.name;
          EXPECT_FALSE(cann.why.empty()) << op.name;
        }
      }
    }
    EXPECT_TRUE(names.insert(op.name).second) << op.name;
    EXPECT_TRUE(names.insert(op.cliName).second) << op.cliName;
    EXPECT_EQ(opInfo(op.twin).twin, op.kind) << op.name << "'s twin points back";
    EXPECT_NE(opInfo(op.twin).backward, op.backward) << op.name;
    EXPECT_EQ(findOp(op.cliName), &op);
    EXPECT_EQ(findOp(op.name), &op);
    EXPECT_EQ(findOp(op.aclnnName()), &op);
    EXPECT_STREQ(opName(op.kind), op.name);
    EXPECT_EQ(op.src().written(), false) << op.name;
    EXPECT_EQ(op.dst().written(), true) << op.name;
    EXPECT_EQ(op.src().side, op.backward ? Side::kOut : Side::kIn) << op.name;
    int values = 0;
    for (const TensorRole& role : op.tensorRoles()) values += role.kind == RoleKind::kValues;
    EXPECT_EQ(values, 1) << op.name << " reads one primary input";
    EXPECT_EQ(std::string(op.header).rfind("aclnnop/aclnn_", 0), 0u) << op.header;
  }
  EXPECT_EQ(findOp("UPSAMPLE2D-BACKWARD")->kind, OpKind::kUpsampleNearestExact2dBackward);
  EXPECT_EQ(findOp("conv2d"), nullptr);
  EXPECT_EQ(snakeName(OpKind::kUpsampleNearestExact2dBackward), "upsample_nearest_exact2d_backward");
  EXPECT_EQ(snakeName(OpKind::kAdaptiveMaxPool2d), "adaptive_max_pool2d");
}

// Each operator's check takes exactly the dtypes its catalog entry lists (CANN's list on Atlas A2/A3), so the
// CLI, the app and the case table, which read the list, never offer a dtype the operator refuses.
TEST(OpsCatalog, EachOperatorTakesExactlyItsListedDtypes) {
  const aclDataType universe[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8, ACL_INT8, ACL_INT32, ACL_INT64};
  for (const OpInfo& op : allOps()) {
    for (aclDataType dtype : universe) {
      RunRequest r;
      r.op = op.kind;
      r.shape.in[kH] = r.shape.in[kW] = 4, r.shape.out[kH] = r.shape.out[kW] = 6;
      r.dtype = dtype;
      r.deterministic = true;
      const RunResult result = run(r);
      const bool listed = std::find(op.dtypes.begin(), op.dtypes.end(), dtype) != op.dtypes.end();
      EXPECT_EQ(result.ok(), listed) << op.name << " " << dtypeText(dtype) << ": " << result.message;
      if (!listed) {
        EXPECT_EQ(result.status, ACLNN_ERR_PARAM_INVALID) << op.name;
        EXPECT_NE(result.message.find("is not supported"), std::string::npos) << result.message;
      }
    }
  }
}

TEST(OpsCatalog, BothUpsampleBackwardsRunCannsExact2dGradKernel) {
  EXPECT_STREQ(opInfo(OpKind::kUpsampleNearestExact1dBackward).kernelOp, "UpsampleNearestExact2dGrad");
  EXPECT_STREQ(opInfo(OpKind::kUpsampleNearestExact2dBackward).kernelOp, "UpsampleNearestExact2dGrad");
  EXPECT_STREQ(opInfo(OpKind::kAdaptiveMaxPool2dBackward).kernelOp, "AdaptiveMaxPool3DGrad");
}

TEST(OpsCatalog, ShapesFromSizesAndBack) {
  Extents s{.N = 2, .C = 3, .in = {1, 5, 7}, .out = {1, 11, 13}};
  const OpInfo& up = opInfo(OpKind::kUpsampleNearestExact2dBackward);
  EXPECT_EQ(sideShape(up, Side::kIn, s), (std::vector<int64_t>{2, 3, 5, 7}));
  EXPECT_EQ(sideShape(up, Side::kOut, s), (std::vector<int64_t>{2, 3, 11, 13}));
  EXPECT_EQ(sideShape(opInfo(OpKind::kUpsampleNearestExact1d), Side::kOut, s), (std::vector<int64_t>{2, 3, 13}));
  s.unbatched = true;
  const OpInfo& pool = opInfo(OpKind::kAdaptiveMaxPool2dBackward);
  EXPECT_EQ(sideShape(pool, Side::kIn, s), (std::vector<int64_t>{3, 5, 7}));
  EXPECT_EQ(sideShape(up, Side::kIn, s), (std::vector<int64_t>{2, 3, 5, 7})) << "only some operators are unbatched";
  Extents back;
  ASSERT_TRUE(takeSideShape(pool, Side::kOut, {3, 4, 6}, &back));
  EXPECT_TRUE(back.unbatched);
  EXPECT_EQ(back.C, 3);
  EXPECT_EQ(back.out, (SpatialSizes{1, 4, 6}));
  EXPECT_FALSE(takeSideShape(up, Side::kIn, {3, 4, 6}, &back));
  EXPECT_EQ(sideFormat(opInfo(OpKind::kUpsampleNearestExact1d), false), ACL_FORMAT_NCL);
  EXPECT_EQ(sideFormat(pool, true), ACL_FORMAT_ND);
  EXPECT_EQ(planeDims(opInfo(OpKind::kUpsampleNearestExact1d), {2, 3, 7}).planes, 6);
  EXPECT_EQ(planeDims(pool, {3, 5, 6}).rows, 5);
}

TEST(OpsCatalog, NearestExactSourceIndex) {
  const float s = sourceStep(0.0, 2, 41);
  EXPECT_EQ(sourceIndex(IndexRule::kNearestExact, 20, 2, 41, s), 0);  // 20.5 * float(2/41) rounds to 0.99999994f
  EXPECT_EQ(sourceIndex(IndexRule::kNearestExact, 21, 2, 41, s), 1);
  EXPECT_FLOAT_EQ(sourceStep(2.0, 4, 8), 0.5f);  // scale = output/input
  EXPECT_FLOAT_EQ(sourceStep(4.0, 4, 8), 0.25f);  // a scale that disagrees with the sizes is used as given
  EXPECT_EQ(sourceIndex(IndexRule::kNearestExact, 5, 4, 8, 0.5f), 2);
  EXPECT_EQ(sourceIndex(IndexRule::kNearestExact, 12, 5, 13, sourceStep(0.0, 5, 13)), 4);  // clamped to in - 1
  EXPECT_EQ(sourceIndex(IndexRule::kNearestExact, 3, 4, 8, sourceStep(1e-30, 4, 8)), 3) << "saturates";
  EXPECT_EQ(sourceIndex(IndexRule::kNearestExact, 3, 4, 8, sourceStep(1e-300, 4, 8)), 3) << "s = inf saturates";
  const SourceSteps steps = sourceSteps(IndexRule::kNearestExact, 5, 4, 8, 0.0);
  EXPECT_FLOAT_EQ(steps.product, 2.75f);
  EXPECT_EQ(steps.index, 2);
  EXPECT_EQ(steps.shortcut, nullptr);
}

TEST(OpsCatalog, LegacyNearestSourceIndexAndPyTorchShortcuts) {
  EXPECT_EQ(sourceIndex(IndexRule::kNearest, 5, 4, 10, sourceStep(0.0, 4, 10)), 2);   // floor(5 * 0.4)
  EXPECT_EQ(sourceIndex(IndexRule::kNearest, 7, 4, 8, sourceStep(3.0, 4, 8)), 3);    // out == 2 in: o >> 1
  EXPECT_EQ(sourceIndex(IndexRule::kNearest, 6, 7, 7, sourceStep(0.3, 7, 7)), 6);    // out == in: o
  EXPECT_EQ(sourceIndex(IndexRule::kNearest, 2, 3, 5, sourceStep(0.0, 3, 5)), 1);    // floor(2 * 0.6)
  EXPECT_NE(sourceSteps(IndexRule::kNearest, 7, 4, 8, 3.0).shortcut, nullptr);
  EXPECT_STREQ(sourceFormula(IndexRule::kNearest), "min(floor(o·s), in−1)");
  // A scale near 0: s is infinite, 0 * s is NaN; both mean the last cell (found by the fuzzer in the reference).
  EXPECT_EQ(sourceIndex(IndexRule::kNearest, 0, 4, 9, sourceStep(1e-300, 4, 9)), 3);
  EXPECT_EQ(sourceIndex(IndexRule::kNearest, 5, 4, 9, sourceStep(1e-300, 4, 9)), 3);
}

TEST(OpsCatalog, AdaptiveWindows) {
  EXPECT_EQ(windowStart(2, 7, 3), 4);
  EXPECT_EQ(windowEnd(2, 7, 3), 7);
  EXPECT_EQ(windowStart(1, 7, 3), 2);
  EXPECT_EQ(windowEnd(1, 7, 3), 5);  // overlaps the window before: 7 % 3 != 0
  EXPECT_EQ(windowEnd(2, 3, 5), 2);  // more outputs than inputs: neighbours share cells
  const int64_t big = int64_t{1} << 40;
  EXPECT_EQ(windowStart(big - 1, big, big), big - 1) << "products in 128 bits";
}

}  // namespace
}  // namespace gradlab
