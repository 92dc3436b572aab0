#include "ops/common/plan_context.h"

#include <string>

#include "runtime/context.h"
#include "runtime/error.h"

namespace gradlab::ops {

PlanContext currentContext() {
  return {activeProfile(), rt::deterministic(rt::currentDevice()), defaultSchedule(), defaultAccumulation()};
}

void applySchedule(Plan& plan, const PlanContext& ctx) {
  plan.schedule = plan.deterministic ? AtomicSchedule::host() : ctx.schedule;
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
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops
