// A strategy's planner and launch (gradlab/strategy.h: StrategyInfo::engine). Each engine derives its own kind
// from this and gives every strategy of its operators one; it casts back only the StrategyInfos of those
// operators, so the engine that planned a call is always of its own kind. No code picks a planner by a
// strategy's name.
#pragma once

#include "gradlab/strategy.h"

namespace gradlab {

struct StrategyEngine {};

namespace ops {

template <typename Engine>
const Engine& engineOf(const StrategyInfo& strategy) {
  return static_cast<const Engine&>(*strategy.engine);
}

}  // namespace ops
}  // namespace gradlab
