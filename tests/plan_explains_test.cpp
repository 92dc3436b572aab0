// Plans explain themselves: every staging tile says in words what fills its UB, and every plan says why
// it uses the cores it does; traces keep both.
#include <gtest/gtest.h>

#include "gradlab/ops.h"
#include "gradlab/runner.h"
#include "gradlab/trace_export.h"
#include "profile_spec.h"

namespace gradlab {
namespace {

RunRequest example(const OpInfo& op, const char* profile) {
  RunRequest r;
  r.op = op.kind;
  r.shape.N = 1, r.shape.C = 3;
  r.shape.in[kH] = op.example.in[kH] * 5, r.shape.in[kW] = op.example.in[kW] * 7, r.shape.out[kH] = op.example.out[kH] * 3, r.shape.out[kW] = op.example.out[kW] * 5;
  r.profile = testing::profileOf(profile);
  return r;
}

TEST(PlanExplains, EveryTileThatStagesDataSaysWhatFillsItsUb) {
  for (const OpInfo& op : allOps()) {
    for (bool deterministic : {false, true}) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
        RunRequest r = example(op, "classroom:ub=2k");
        r.deterministic = deterministic;
        r.dtype = dtype;
        const RunResult result = run(r);
        ASSERT_TRUE(result.ok()) << op.name << ": " << result.message;
        const Plan& p = *result.plan;
        for (const Tile& t : p.tiles) {
          if (t.ubBytes == 0) continue;
          EXPECT_FALSE(p.ubUseText(t).empty()) << op.name << " tile " << t.id << " stages " << t.ubBytes << " B";
          EXPECT_LE(t.ubBytes, p.profile.ubBytes);
        }
        EXPECT_FALSE(p.coreChoice.empty()) << op.name;
      }
    }
  }
}

TEST(PlanExplains, AnUpsampleTileNamesItsSumsAndStaging) {
  RunRequest r = example(opInfo(OpKind::kUpsampleNearestExact2dBackward), "classroom");
  r.shape.in[kH] = 12, r.shape.in[kW] = 64, r.shape.out[kH] = 24, r.shape.out[kW] = 128;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Plan& p = *result.plan;
  const Tile& t = p.tiles.back();
  const std::string text = p.ubUseText(t);
  EXPECT_NE(text.find("fp32 sums of"), std::string::npos) << text;
  EXPECT_NE(text.find("staged gradOutput row piece"), std::string::npos) << text;
  EXPECT_TRUE(doubleBuffered(p, t)) << "the upsample tilings plan every tile in half the UB";
}

TEST(PlanExplains, FewerRowsThanCoresSayWhichCoresIdle) {
  RunRequest r = example(opInfo(OpKind::kUpsampleNearestExact2dBackward), "classroom");
  r.shape.C = 1, r.shape.in[kH] = 3, r.shape.in[kW] = 16, r.shape.out[kH] = 3, r.shape.out[kW] = 16;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_EQ(result.plan->coresUsed, 3);
  EXPECT_EQ(result.plan->coreChoice, "3 gradOutput rows over 4 cores: only 3 get work, the rest stay idle");
  r.shape.out[kH] = 8;
  EXPECT_EQ(run(r).plan->coreChoice, "8 gradOutput rows over 4 cores: every core gets work");
}

TEST(PlanExplains, TracesKeepTheExplanations) {
  RunRequest r = example(opInfo(OpKind::kAdaptiveMaxPool2dBackward), "classroom");
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok() && result.trace) << result.message;
  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(traceMovesJson(*result.trace), &back, &error)) << error;
  EXPECT_EQ(back.plan.coreChoice, result.plan->coreChoice);
  EXPECT_EQ(back.plan.ubUses, result.plan->ubUses);
  ASSERT_EQ(back.plan.tiles.size(), result.plan->tiles.size());
  for (size_t i = 0; i < back.plan.tiles.size(); ++i) EXPECT_EQ(back.plan.tiles[i].ubUse, result.plan->tiles[i].ubUse);

  std::string text = traceMovesJson(*result.trace);
  const size_t at = text.find("\"ubUse\":") + 8;
  text.replace(at, text.find_first_of(",}", at) - at, "99999");  // an entry that does not exist
  EXPECT_FALSE(parseTraceMovesJson(text, &back, &error));
  EXPECT_NE(error.find("ubUse"), std::string::npos) << error;
}

}  // namespace
}  // namespace gradlab
