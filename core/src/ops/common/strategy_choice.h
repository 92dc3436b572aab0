// How a call's strategy request (gradlab/strategy.h) becomes the strategy its plan runs.
#pragma once

#include <string>
#include <string_view>

#include "aclnn/acl_meta.h"
#include "gradlab/plan.h"
#include "gradlab/strategy.h"
#include "ops/common/plan_context.h"
#include "runtime/prose.h"

namespace gradlab::ops {

struct StrategyChoice {
  const StrategyInfo* info = nullptr;  // what runs
  std::string note;                    // why it is not what was asked for ("" when it is)
  CannChoice cann;  // OpInfo::cannChoice for the call
};

// Resolves ctx.strategy for `op` on a call of `dtype` and `shape`: "" or "default" -> `defaultName` (the
// operator's choice for the mode), "cann" -> what the operator's cannChoice says, else that strategy. An atomic
// strategy in deterministic mode gives way to its deterministic twin, a strategy that cannot run the call
// (StrategyInfo::cannotRun) to `defaultName`, each with a note. A name `op` does not have: 161002 naming its strategies when the call asked for it, the default
// (with a note) when it came from GRADLAB_STRATEGY.
aclnnStatus chooseStrategy(const char* api, OpKind op, aclDataType dtype, const Extents& shape, const PlanContext& ctx,
                           std::string_view defaultName, StrategyChoice* out);

// The choice to stamp on a plan: `choice` itself, or inside a DescribeScope (runtime/prose.h) the same choice
// made again by `choose` (aclnnStatus(StrategyChoice*)), now with its prose.
template <typename Choose>
StrategyChoice describedChoice(const StrategyChoice& choice, const Choose& choose) {
  if (!rt::describing()) return choice;
  StrategyChoice again;
  return choose(&again) == ACLNN_SUCCESS ? again : choice;
}

// Writes the choice into the plan's strategy fields.
void stampStrategy(Plan& plan, const StrategyChoice& choice);

}  // namespace gradlab::ops
