// Validation of the four upsample-nearest-exact entry points, in the SPEC's order, each failure one
// sentence naming the argument and its values. The last steps bound the views' sizes, refuse outputs whose
// elements share memory and check that the tensors lie in live device memory.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"

namespace gradlab::ops::upsample {

inline constexpr const char* kBackward2dApi = "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize";
inline constexpr const char* kBackward1dApi = "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize";
inline constexpr const char* kForward2dApi = "aclnnUpsampleNearestExact2dGetWorkspaceSize";
inline constexpr const char* kForward1dApi = "aclnnUpsampleNearestExact1dGetWorkspaceSize";

// The call's geometry once validated. 1-D calls have Hi = Ho = 1 and scaleH = 0.
// "in" is always gradInput / self, "out" gradOutput / out (the forward op's output side).
struct Geometry {
  int64_t N = 0, C = 0;
  int64_t inH = 1, inW = 1;
  int64_t outH = 1, outW = 1;
  double scaleH = 0.0, scaleW = 0.0;
};

// ACLNN_SUCCESS with *empty = true when (2-D only) gradOutput or out is empty: nothing to compute,
// `out` is only zeroed.
aclnnStatus checkBackward2d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scalesH, double scalesW, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Geometry* geometry, bool* empty);
aclnnStatus checkBackward1d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scales, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Geometry* geometry);
aclnnStatus checkForward2d(const aclTensor* self, const aclIntArray* outputSize, double scalesH, double scalesW,
                           const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Geometry* geometry);
aclnnStatus checkForward1d(const aclTensor* self, const aclIntArray* outputSize, double scales, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor, Geometry* geometry);

}  // namespace gradlab::ops::upsample
