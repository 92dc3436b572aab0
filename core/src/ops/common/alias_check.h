// CANN's operators are out-of-place: an output may share no memory with an input or another output.
#pragma once

#include "aclnn/acl_meta.h"

struct aclOpExecutor;

namespace gradlab::ops {

// 161002 naming both tensors when a tensor the executor's operator writes (its catalog roles say which)
// overlaps, in bytes, any other tensor of the call. Empty tensors own no memory and always pass.
aclnnStatus aliasCheck(const char* api, const aclOpExecutor& exec);

}  // namespace gradlab::ops
