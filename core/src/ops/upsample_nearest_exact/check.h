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
inline constexpr const char* kBackward3dApi = "aclnnUpsampleNearestExact3dBackwardGetWorkspaceSize";
inline constexpr const char* kForward3dApi = "aclnnUpsampleNearestExact3dGetWorkspaceSize";

// gradOutput may be at most 50x gradInput along `axis`: 1/scale (in/out when the scale is 0) >= 0.02.
aclnnStatus checkRatio(const char* api, const char* axis, const char* scaleName, double scale, int64_t in,
                       int64_t out);

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

// The 3-D pair (check_3d.cpp), in CANN's order: 5-D tensors in NCDHW, NDHWC (views (N, D, H, W, C)) or ND.
// An empty batch or channel axis (the only empty tensors allowed) sets *empty: nothing to do. The geometry's
// scales are the call's when all three are positive, else all 0 (CANN passes them all or none).
aclnnStatus checkBackward3d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            const double (&scales)[3], const aclTensor* gradInput, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Extents* geometry, bool* empty);
aclnnStatus checkForward3d(const aclTensor* self, const aclIntArray* outputSize, const double (&scales)[3],
                           const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Extents* geometry, bool* empty);

}  // namespace gradlab::ops::upsample_exact
