// The catalog's way into the four legacy nearest operators (core/src/ops/catalog/catalog.cpp).
#pragma once

#include "gradlab/ops.h"

namespace gradlab::ops::upsample_legacy {

aclnnStatus backward2d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus backward1d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward2d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward1d(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
// What CANN runs for a backward call (OpInfo::cannChoice; cann_choice.cpp); the forwards' is the engine's.
CannChoice cannBackward(const StrategyCall& call, const Extents& shape);

}  // namespace gradlab::ops::upsample_legacy
