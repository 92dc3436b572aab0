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

}  // namespace gradlab::ops::upsample_exact
