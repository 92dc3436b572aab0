// The strategies of the nearest upsample operators (gradlab/strategy.h): the catalog lists them, the
// engine plans with the one a call resolves to.
#pragma once

#include <string_view>

#include "gradlab/strategy.h"

namespace gradlab::ops::nearest {

inline constexpr std::string_view kScatter = "scatter", kGather = "gather", kCube = "cube", kSimt = "simt";

extern const StrategyInfo kBackwardStrategies[4];  // scatter, gather, cube, simt
extern const StrategyInfo kForwardStrategies[1];   // gather

// CANN's choices the family shares (OpInfo::cannChoice): a DOUBLE backward runs on the AI CPU, which gather
// stands for; every forward gathers on the vector cores.
CannChoice cannDouble();
// The nearest-exact 1-D and 2-D backwards on a chip with SIMT threads (the Ascend 950): CANN's arch35 tiling
// of UpsampleNearestExact2dGrad, its schedule and why.
CannChoice cannSimt(const StrategyCall& call, const Extents& shape);
CannChoice cannForward(const StrategyCall& call, const Extents& shape);

}  // namespace gradlab::ops::nearest
