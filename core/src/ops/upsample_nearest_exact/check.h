// Validation of the four upsample-nearest-exact entry points, in the SPEC's order, each failure one
// sentence naming the argument and its values. The last steps bound the views' sizes, refuse outputs whose
// elements share memory and check that the tensors lie in live device memory.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "gradlab/extents.h"

namespace gradlab::ops::upsample_exact {

inline constexpr const char* kBackward2dApi = "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize";
inline constexpr const char* kBackward1dApi = "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize";
inline constexpr const char* kForward2dApi = "aclnnUpsampleNearestExact2dGetWorkspaceSize";
inline constexpr const char* kForward1dApi = "aclnnUpsampleNearestExact1dGetWorkspaceSize";

// ACLNN_SUCCESS with *empty = true when (2-D only) gradOutput or out is empty: nothing to compute,
// `out` is only zeroed.
aclnnStatus checkBackward2d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scalesH, double scalesW, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Extents* geometry, bool* empty);
aclnnStatus checkBackward1d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scales, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Extents* geometry);
// ACLNN_SUCCESS with *empty = true when self or out is empty: nothing is read or written (CANN's answer).
// NHWC views are (N, H, W, C).
aclnnStatus checkForward2d(const aclTensor* self, const aclIntArray* outputSize, double scalesH, double scalesW,
                           const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Extents* geometry, bool* empty);
aclnnStatus checkForward1d(const aclTensor* self, const aclIntArray* outputSize, double scales, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor, Extents* geometry);

}  // namespace gradlab::ops::upsample_exact
