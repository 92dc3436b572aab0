// The catalog's way into the adaptive max pool operators (core/src/ops/catalog/catalog.cpp).
#pragma once

#include "gradlab/ops.h"

namespace gradlab::ops::adaptive {

aclnnStatus backward(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus backward3d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward3d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
// What CANN runs for a call (OpInfo::cannChoice; cann_choice.cpp).
CannChoice cannBackward(const StrategyCall& call, const Extents& shape);
CannChoice cannForward(const StrategyCall& call, const Extents& shape);
CannChoice cannBackward3d(const StrategyCall& call, const Extents& shape);
CannChoice cannForward3d(const StrategyCall& call, const Extents& shape);

}  // namespace gradlab::ops::adaptive
