// What a call plans with besides its arguments: the device profile, the determinism mode, the atomic
// schedule and the accumulation. A direct aclnn call takes the active profile, the current device's
// ACL_OPT_DETERMINISTIC, GRADLAB_SCHEDULE and GRADLAB_ACCUMULATE; a call through the catalog (OpArgs:
// the runner, the CLI, the app) may carry its own, so nothing process-wide is swapped.
#pragma once

#include <string>

#include "gradlab/ops.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "gradlab/schedule.h"

namespace gradlab::ops {

struct PlanContext {
  DeviceProfile profile;
  bool deterministic = false;
  AtomicSchedule schedule;  // what the call asked for; only plans of default mode use it
  Accumulation accumulate = Accumulation::kFp32;  // what the call asked for; only FLOAT16/BF16 backwards use it
  std::string strategy;                 // what the call asked for (gradlab/strategy.h): a name, "cann", "default" or ""
  bool strategyFromEnvironment = true;  // it came from GRADLAB_STRATEGY: a name the operator lacks is no error
};

// Records the call's schedule in a plan of default mode whose strategy adds atomically (stamp the strategy
// first: a deterministic plan, or one whose strategy has no atomic adds, has nothing to order).
void applySchedule(Plan& plan, const PlanContext& ctx);

PlanContext currentContext();
// The context of a catalog call: its overrides over currentContext(). 161002 naming the field when the
// profile it carries is unusable.
aclnnStatus contextOf(const char* api, const OpArgs& args, PlanContext* out);

// A catalog adapter: resolves the call's context, then prepares the call with it.
template <typename Prepare>
aclnnStatus withContext(const char* api, const OpArgs& args, Prepare prepare) {
  PlanContext ctx;
  if (aclnnStatus s = contextOf(api, args, &ctx); s != ACLNN_SUCCESS) return s;
  return prepare(ctx);
}

}  // namespace gradlab::ops
