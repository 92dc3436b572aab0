// The strategies of the adaptive max pool operators (gradlab/strategy.h).
#pragma once

#include <string_view>

#include "gradlab/strategy.h"

namespace gradlab::ops::adaptive {

inline constexpr std::string_view kScatter = "scatter", kOwner = "owner", kLanes = "lanes", kSeparable = "separable";

extern const StrategyInfo kBackwardStrategies[3];  // scatter, owner, lanes
extern const StrategyInfo kForwardStrategies[1];   // separable

}  // namespace gradlab::ops::adaptive
