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
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"

namespace gradlab {
namespace {

// One catalog call on the operator's example sizes, planned but never launched.
class PlannedCall {
 public:
  PlannedCall(const OpInfo& op, const std::string& strategy, bool deterministic) {
    verify::RuntimeScope::shared();
    const OpSizes& sizes = op.example;
    for (const TensorRole& role : op.tensorRoles()) {
      const std::vector<int64_t> shape = sideShape(op, role.side, sizes);
      int64_t cells = 1;
      for (int64_t d : shape) cells *= d;
      const aclFormat format = shape.size() == 4 ? ACL_FORMAT_NCHW : op.spatialRank == 1 ? ACL_FORMAT_NCL : ACL_FORMAT_ND;
      tensors_.push_back(role.integer() ? verify::DeviceTensor::indices(shape, ACL_INT64, std::vector<int64_t>(cells, 0), format)
                                        : verify::DeviceTensor(shape, ACL_FLOAT, std::vector<float>(cells, 1.0f), format));
      args_.tensors[tensors_.size() - 1] = tensors_.back().get();
    }
    const bool oneD = op.spatialRank == 1;
    const std::vector<int64_t> outputSize = oneD ? std::vector<int64_t>{sizes.outW} : std::vector<int64_t>{sizes.outH, sizes.outW};
    const std::vector<int64_t> inputSize = sideShape(op, Side::kIn, sizes);
    outputSize_ = aclCreateIntArray(outputSize.data(), outputSize.size());
    inputSize_ = aclCreateIntArray(inputSize.data(), inputSize.size());
    if (op.takesOutputSize) args_.outputSize = outputSize_;
    if (op.takesInputSize) args_.inputSize = inputSize_;
    args_.profile = verify::adaptive::namedProfile("atlas-a2");
    args_.deterministic = deterministic;
    args_.strategy = strategy;
    status_ = op.getWorkspaceSize(args_, &workspaceSize_, &executor_);
  }
  ~PlannedCall() {
    if (executor_ != nullptr) aclDestroyAclOpExecutor(executor_);
    aclDestroyIntArray(outputSize_);
    aclDestroyIntArray(inputSize_);
  }
  PlannedCall(const PlannedCall&) = delete;
  PlannedCall& operator=(const PlannedCall&) = delete;

  aclnnStatus status() const { return status_; }
  aclOpExecutor* executor() const { return executor_; }
  uint64_t workspaceSize() const { return workspaceSize_; }
  void launched() { executor_ = nullptr; }  // the launch consumed it
  // The plan as GetWorkspaceSize left it, before anyone asked for it.
  std::shared_ptr<const Plan> asPlanned() const {
    std::shared_ptr<const Plan> plan;
    rt::ExecutorRegistry::instance().withLive(executor_, [&](aclOpExecutor& e) { plan = e.plan; });
    return plan;
  }

 private:
  std::vector<verify::DeviceTensor> tensors_;
  aclIntArray* outputSize_ = nullptr;
  aclIntArray* inputSize_ = nullptr;
  OpArgs args_;
  uint64_t workspaceSize_ = 0;
  aclOpExecutor* executor_ = nullptr;
  aclnnStatus status_ = ACLNN_SUCCESS;
};

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
