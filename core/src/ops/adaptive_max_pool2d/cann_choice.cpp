// What CANN runs for the adaptive max pool operators on Atlas A2 (hicann/ops-nn: op_api
// adaptive_max_pool_common.cpp and the AdaptiveMaxPool3DGrad / AdaptiveMaxPool3d tilings).
#include "ops/adaptive_max_pool2d/entry.h"
#include "ops/adaptive_max_pool2d/strategies.h"
#include "runtime/prose.h"

namespace gradlab::ops::adaptive {

// Always its vector kernels, one plane per lane.
CannChoice cannBackward(aclDataType, const Extents& s) {
  const bool divides = s.out[kH] == 0 || s.out[kW] == 0 || (s.in[kH] % s.out[kH] == 0 && s.in[kW] % s.out[kW] == 0);
  return {kLanes, divides ? rt::planProse("the sizes divide, so CANN runs MaxPool3DGradWithArgmax (kernel = stride = "
                                          "in / out): 64 planes per vector lane group, windows copied plainly")
                          : rt::planProse("CANN runs AdaptiveMaxPool3DGrad: 64 planes per vector lane group, overlapping "
                                          "windows added atomically into fp32 sums")};
}

CannChoice cannForward(aclDataType, const Extents&) {
  return {kSeparable, rt::planProse("CANN's AdaptiveMaxPool3d kernel (MaxPool3DWithArgmaxV2 when the sizes divide) takes "
                                    "each window's max across W, then H, 64 planes per vector lane")};
}

}  // namespace gradlab::ops::adaptive
