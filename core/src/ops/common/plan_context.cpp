#include "ops/common/plan_context.h"

#include <string>

#include "runtime/context.h"
#include "runtime/error.h"

namespace gradlab::ops {

PlanContext currentContext() {
  return {activeProfile(), rt::deterministic(rt::currentDevice()), defaultSchedule(), defaultAccumulation(),
          environmentStrategy(), true};
}

void applySchedule(Plan& plan, const PlanContext& ctx) {
  // Only a strategy with atomic adds has an order for the schedule to set.
  const StrategyInfo* strategy = plan.strategyName.empty() ? nullptr : findStrategy(plan.op, plan.strategyName);
  const bool atomic = strategy == nullptr || strategy->atomic;
  plan.schedule = plan.deterministic || !atomic ? AtomicSchedule::host() : ctx.schedule;
}

aclnnStatus contextOf(const char* api, const OpArgs& args, PlanContext* out) {
  if (args.profile) {
    if (std::string problem = profileProblem(*args.profile); !problem.empty()) {
      return rt::fail(ACLNN_ERR_PARAM_INVALID, rt::cat(api, ": ", problem));
    }
    out->profile = *args.profile;
  } else {
    out->profile = activeProfile();
  }
  out->deterministic = args.deterministic ? *args.deterministic : rt::deterministic(rt::currentDevice());
  out->schedule = args.schedule ? *args.schedule : defaultSchedule();
  out->accumulate = args.accumulate ? *args.accumulate : defaultAccumulation();
  out->strategy = args.strategy ? *args.strategy : environmentStrategy();
  out->strategyFromEnvironment = !args.strategy.has_value();
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops
