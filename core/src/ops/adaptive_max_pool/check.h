// Argument checks of the adaptive max pool entry points, in the order SPEC.md lists them. Each failing
// check sets one sentence (naming the argument and its values) and returns 161002; null pointers and
// device memory are checked by the callers (api.cpp) before and after these.
#pragma once

#include "aclnn/acl_meta.h"

namespace gradlab::ops::adaptive {

// SPEC section 3: dtypes, indices dtype, ranks, shapes, N/C, formats, H*W limits.
aclnnStatus checkBackward(const char* api, const aclTensor& gradOutput, const aclTensor& self, const aclTensor& indices,
                          const aclTensor& gradInput);

// Forward (CANN's aclnnAdaptiveMaxPool2d order): dtypes, ranks, non-empty C/H/W, outputSize, output shapes,
// formats, H*W limit.
aclnnStatus checkForward(const char* api, const aclTensor& self, const aclIntArray& outputSize, const aclTensor& out,
                         const aclTensor& indices);

// The 3-D pair (check_3d.cpp), in the order of CANN's op_api sources (aclnn_adaptive_max_pool3d{,_backward}.cpp
// and adaptive_max_pool_common.cpp), then where gradlab is stricter.
aclnnStatus checkBackward3d(const char* api, const aclTensor& gradOutput, const aclTensor& self,
                            const aclTensor& indices, const aclTensor& gradInput);
aclnnStatus checkForward3d(const char* api, const aclTensor& self, const aclIntArray& outputSize, const aclTensor& out,
                           const aclTensor& indices);

}  // namespace gradlab::ops::adaptive
