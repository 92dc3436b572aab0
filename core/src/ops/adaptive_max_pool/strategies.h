// The strategies of the adaptive max pool operators (gradlab/strategy.h).
#pragma once

#include <string_view>

#include "gradlab/strategy.h"
#include "ops/adaptive_max_pool/tiling.h"
#include "ops/common/strategy_engine.h"

namespace gradlab::ops::adaptive {

inline constexpr std::string_view kScatter = "scatter", kOwner = "owner", kLanes = "lanes", kSeparable = "separable",
                                  kSimt = "simt";

// A backward strategy's planner (its launch is the one backward kernel, which runs any such plan).
struct BackwardEngine : StrategyEngine {
  BackwardTiling (*plan)(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                         const DeviceProfile& profile, Accumulation accumulate, bool deterministic);
};

extern const StrategyInfo kBackwardStrategies[4];  // scatter, owner, lanes, simt
extern const StrategyInfo kForwardStrategies[1];   // separable

}  // namespace gradlab::ops::adaptive
