// The catalog's way into the six nearest-exact operators (core/src/ops/catalog/catalog.cpp).
#pragma once

#include "gradlab/ops.h"

namespace gradlab::ops::upsample_exact {

aclnnStatus backward2d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus backward1d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward2d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus backward3d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward3d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward1d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
// What CANN runs for a backward call (OpInfo::cannChoice; cann_choice.cpp); the forwards' is the engine's.
CannChoice cannBackward1d(const StrategyCall& call, const Extents& shape);
CannChoice cannBackward2d(const StrategyCall& call, const Extents& shape);
CannChoice cannBackward3d(const StrategyCall& call, const Extents& shape);

}  // namespace gradlab::ops::upsample_exact
