// The catalog's way into the adaptive max pool operators (core/src/ops/catalog/catalog.cpp).
#pragma once

#include "gradlab/ops.h"

namespace gradlab::ops::adaptive {

aclnnStatus backward(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus forward(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace gradlab::ops::adaptive
