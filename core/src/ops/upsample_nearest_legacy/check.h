// Validation of the four legacy nearest entry points, in the order of CANN's op_api sources (ops-cv
// image/resize_nearest_neighbor_v2 and image/upsample_nearest2d_grad), each failure one sentence naming the
// argument and its values. Where CANN checks less than the memory safety of the emulator needs (it reads
// outputSize without a null check, and its 1-D forward does not compare out with outputSize), gradlab
// checks more and says so in docs/operators.md. Views sizes, output overlap and device memory come last.
#pragma once

#include "aclnn/acl_meta.h"
#include "gradlab/extents.h"

namespace gradlab::ops::upsample_legacy {

inline constexpr const char* kBackward2dApi = "aclnnUpsampleNearest2dBackwardGetWorkspaceSize";
inline constexpr const char* kBackward1dApi = "aclnnUpsampleNearest1dBackwardGetWorkspaceSize";
inline constexpr const char* kForward2dApi = "aclnnUpsampleNearest2dGetWorkspaceSize";
inline constexpr const char* kForward1dApi = "aclnnUpsampleNearest1dGetWorkspaceSize";

// A valid call with no cell to compute (N or C is 0) gets an executor with an empty plan.
aclnnStatus checkBackward2d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            const aclTensor* gradInput, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                            Extents* geometry);
aclnnStatus checkBackward1d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                            Extents* geometry);
aclnnStatus checkForward2d(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Extents* geometry);
aclnnStatus checkForward1d(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Extents* geometry);

}  // namespace gradlab::ops::upsample_legacy
