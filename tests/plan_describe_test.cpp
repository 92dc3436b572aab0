// Plans describe themselves on request: a GetWorkspaceSize writes no prose, executorPlan() plans the call
// again inside a DescribeScope, and both plans agree on every fact (tiles, boxes, bytes, costs, strategy).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "gradlab/ops.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "gradlab/trace_export.h"
#include "runtime/error.h"
#include "runtime/executor_registry.h"
#include "planned_call.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"

namespace gradlab {
namespace {

using testing::PlannedCall;

// The plan with its prose taken out, as the trace file writes it (every fact, phases and tiles included).
std::string factsOf(Plan plan) {
  plan.strategy.clear();
  plan.coreChoice.clear();
  plan.cannWhy.clear();
  plan.strategyNote.clear();
  plan.ubUses.clear();
  for (PlanBuffer& b : plan.buffers) b.name.clear(), b.what.clear();
  for (PlanPhase& p : plan.phases) p.what.clear();
  for (Tile& t : plan.tiles) t.ubUse = -1;
  Trace trace;
  trace.plan = std::move(plan);
  return traceMovesJson(trace);
}

TEST(PlanDescribe, GetWorkspaceSizeWritesNoProseAndTheDescribedPlanHasTheSameFacts) {
  int described = 0;
  for (const OpInfo& op : allOps()) {
    for (const StrategyInfo& strategy : op.strategies) {
      for (bool deterministic : {true, false}) {
        SCOPED_TRACE(rt::cat(op.name, " ", strategy.name, deterministic ? " det" : " default"));
        PlannedCall call(op, strategy.name, deterministic);
        ASSERT_EQ(call.status(), ACLNN_SUCCESS) << aclGetRecentErrMsg();
        const std::shared_ptr<const Plan> planned = call.asPlanned();
        ASSERT_TRUE(planned);
        EXPECT_EQ(planned->strategy, "");
        EXPECT_EQ(planned->coreChoice, "");
        EXPECT_EQ(planned->cannWhy, "");
        EXPECT_TRUE(planned->ubUses.empty());
        for (const PlanPhase& p : planned->phases) EXPECT_EQ(p.what, "");

        const Plan* plan = executorPlan(call.executor());
        ASSERT_NE(plan, nullptr);
        EXPECT_NE(plan->strategy, "");
        EXPECT_NE(plan->cannWhy, "");
        for (const Tile& t : plan->tiles) EXPECT_TRUE(t.ubBytes == 0 || !plan->ubUseText(t).empty()) << "tile " << t.id << " phase " << phaseKindName(plan->phases[t.phase].kind);
        for (const PlanPhase& p : plan->phases) EXPECT_NE(p.what, "");
        EXPECT_EQ(factsOf(*planned), factsOf(*plan));
        EXPECT_EQ(executorPlan(call.executor()), plan) << "described once";
        ++described;
      }
    }
  }
  EXPECT_GE(described, 20);
}

// A traced launch shows the described plan, whatever was asked before.
TEST(PlanDescribe, ATraceCarriesTheDescribedPlan) {
  const OpInfo& op = opInfo(OpKind::kUpsampleNearestExact2dBackward);
  PlannedCall call(op, "scatter", true);
  ASSERT_EQ(call.status(), ACLNN_SUCCESS) << aclGetRecentErrMsg();
  auto trace = std::make_shared<Trace>();
  ASSERT_TRUE(traceExecutor(call.executor(), trace));
  const std::string facts = factsOf(*call.asPlanned());
  ASSERT_EQ(call.workspaceSize(), 0u);
  const aclnnStatus launched = op.launch(nullptr, 0, call.executor(), verify::RuntimeScope::shared().stream());
  call.launched();
  ASSERT_EQ(launched, ACLNN_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(verify::RuntimeScope::shared().stream()), ACL_SUCCESS);
  EXPECT_NE(trace->plan.strategy, "");
  EXPECT_FALSE(trace->plan.ubUses.empty());
  EXPECT_EQ(factsOf(trace->plan), facts);
}

}  // namespace
}  // namespace gradlab
