// The strategies of the nearest upsample operators (gradlab/strategy.h): the catalog lists them, the
// engine plans with the one a call resolves to.
#pragma once

#include <string_view>

#include "gradlab/strategy.h"

namespace gradlab::ops::nearest {

inline constexpr std::string_view kScatter = "scatter", kGather = "gather", kCube = "cube";

extern const StrategyInfo kBackwardStrategies[3];  // scatter, gather, cube
extern const StrategyInfo kForwardStrategies[1];   // gather

// CANN's choices the family shares (OpInfo::cannChoice): a DOUBLE backward runs on the AI CPU, which gather
// stands for; every forward gathers on the vector cores.
CannChoice cannDouble();
CannChoice cannForward(aclDataType dtype, const Extents& shape);

}  // namespace gradlab::ops::nearest
