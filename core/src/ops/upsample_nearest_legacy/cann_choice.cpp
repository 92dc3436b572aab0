// What CANN runs for the legacy nearest backwards on Atlas A2 (hicann/ops-cv:
// aclnn_upsample_nearest_{1,2}d_backward.cpp).
#include "ops/nearest_engine/strategies.h"
#include "ops/upsample_nearest_legacy/entry.h"
#include "runtime/prose.h"

namespace gradlab::ops::upsample_legacy {

CannChoice cannBackward(const StrategyCall& call, const Extents&) {
  if (call.dtype == ACL_DOUBLE) return nearest::cannDouble();
  return {nearest::kCube,
          rt::planProse("CANN runs UpsampleNearestExact2dGrad with exact_mode false on Atlas A2, as matrix products on "
                        "the cube cores, for the shapes its AI-core check admits; the others go to "
                        "ResizeNearestNeighborV2Grad or the AI CPU, which gradlab does not model")};
}

}  // namespace gradlab::ops::upsample_legacy
