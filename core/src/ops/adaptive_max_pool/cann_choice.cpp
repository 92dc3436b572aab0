// What CANN runs for the adaptive max pool operators on Atlas A2 and the Ascend 950 (hicann/ops-nn: op_api
// adaptive_max_pool_common.cpp and the AdaptiveMaxPool3DGrad / AdaptiveMaxPool3d tilings).
#include "ops/adaptive_max_pool/entry.h"
#include "ops/adaptive_max_pool/strategies.h"
#include "runtime/prose.h"

namespace gradlab::ops::adaptive {
namespace {

// Every axis from `first` on pooled by windows that divide it (kernel = stride = in / out): CANN's test for its
// MaxPool3D kernels. An empty output divides nothing.
bool windowsDivide(const Extents& s, int first) {
  for (int axis = first; axis < kMaxSpatialRank; ++axis) {
    if (s.out[axis] == 0 || s.in[axis] % s.out[axis] != 0) return false;
  }
  return true;
}

// On the Ascend 950 CANN's arch35 tiling of AdaptiveMaxPool3DGrad has one template, the SIMT kernel, for 2-D
// (seen as D = 1) and 3-D calls alike.
CannChoice cannSimt(const StrategyCall& call, const Extents& s) {
  const bool overlap = !windowsDivide(s, kD);
  return {kSimt, call.deterministic && overlap
                     ? rt::planProse("CANN runs AdaptiveMaxPool3DGrad's SIMT kernel on the Ascend 950; deterministic mode with "
                                     "overlapping windows takes its ordered loop, one thread per plane")
                 : overlap ? rt::planProse("CANN runs AdaptiveMaxPool3DGrad's SIMT kernel on the Ascend 950, one thread per "
                                           "gradOutput cell, atomic adds where windows overlap")
                           : rt::planProse("CANN runs AdaptiveMaxPool3DGrad's SIMT kernel on the Ascend 950, one thread per "
                                           "gradOutput cell; the windows do not overlap, so its adds are plain")};
}

}  // namespace

// Always its vector kernels, one plane per lane.
CannChoice cannBackward(const StrategyCall& call, const Extents& s) {
  if (call.profile != nullptr && call.profile->hasSimt()) return cannSimt(call, s);
  const bool divides = s.out[kH] == 0 || s.out[kW] == 0 || windowsDivide(s, kH);
  return {kLanes, divides ? rt::planProse("the sizes divide, so CANN runs MaxPool3DGradWithArgmax (kernel = stride = "
                                          "in / out): 64 planes per vector lane group, windows copied plainly")
                          : rt::planProse("CANN runs AdaptiveMaxPool3DGrad: 64 planes per vector lane group, overlapping "
                                          "windows added atomically into fp32 sums")};
}

CannChoice cannForward(const StrategyCall&, const Extents&) {
  return {kSeparable, rt::planProse("CANN's AdaptiveMaxPool3d kernel (MaxPool3DWithArgmaxV2 when the sizes divide) takes "
                                    "each window's max across W, then H, 64 planes per vector lane")};
}

// A 3-D call: the same two kernels, whose 3-D windows the lanes model does not draw (it cannot run the call).
CannChoice cannBackward3d(const StrategyCall& call, const Extents& s) {
  if (call.profile != nullptr && call.profile->hasSimt()) return cannSimt(call, s);
  return {kOwner, windowsDivide(s, kD) ? rt::planProse("the sizes divide, so CANN runs MaxPool3DGradWithArgmax (kernel = stride = in / out) "
                                          "on the vector cores; gradlab's lanes model draws 2-D windows only, so the plane "
                                          "owners here add in the same order")
                          : rt::planProse("CANN runs AdaptiveMaxPool3DGrad on the vector cores, overlapping windows added "
                                          "atomically into fp32 sums; gradlab's lanes model draws 2-D windows only, so the "
                                          "plane owners here add in the same order")};
}

CannChoice cannForward3d(const StrategyCall&, const Extents& s) {
  return {kSeparable, windowsDivide(s, kD) ? rt::planProse("the sizes divide, so CANN runs MaxPool3DWithArgmaxV2 (kernel = stride = "
                                              "in / out); gradlab scans each window slice by slice")
                              : rt::planProse("CANN runs its AdaptiveMaxPool3d kernel; gradlab scans each window slice by "
                                              "slice")};
}

}  // namespace gradlab::ops::adaptive
