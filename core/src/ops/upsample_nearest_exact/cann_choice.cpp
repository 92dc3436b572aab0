// What CANN runs for the nearest-exact backwards on Atlas A2 and on the Ascend 950 (hicann/ops-cv: op_api and the tilings of
// UpsampleNearestExact2dGrad and UpsampleNearest3dGrad).
#include "ops/nearest_engine/strategies.h"
#include "ops/upsample_nearest_exact/entry.h"
#include "runtime/prose.h"

namespace gradlab::ops::upsample_exact {

using nearest::kCube, nearest::kGather;

// The 1-D and 3-D checks refuse DOUBLE before anything else; the 2-D backward's empty call (gradOutput or out
// empty, answered before its dtype check) can still bring one.
CannChoice cannBackward1d(const StrategyCall& call, const Extents& shape) {
  if (call.profile != nullptr && call.profile->hasSimt()) return nearest::cannSimt(call, shape);
  return {kCube, rt::planProse("CANN runs UpsampleNearestExact2dGrad on Atlas A2 as matrix products on the cube cores, "
                               "a 1-D call as a 2-D one with H = 1 (only the W pass)")};
}

CannChoice cannBackward2d(const StrategyCall& call, const Extents& shape) {
  if (call.dtype == ACL_DOUBLE) return nearest::cannDouble();
  if (call.profile != nullptr && call.profile->hasSimt()) return nearest::cannSimt(call, shape);
  return {kCube, rt::planProse("CANN runs UpsampleNearestExact2dGrad on Atlas A2 as matrix products on the cube cores, "
                               "the W pass then the H pass, one block per cube core")};
}

CannChoice cannBackward3d(const StrategyCall&, const Extents&) {
  return {kGather, rt::planProse("CANN runs UpsampleNearest3dGrad on Atlas A2 as three matrix products on the cube cores "
                                 "(the W, H, then D pass), which gradlab does not model: the nearest vector strategy "
                                 "here is gather")};
}

}  // namespace gradlab::ops::upsample_exact
