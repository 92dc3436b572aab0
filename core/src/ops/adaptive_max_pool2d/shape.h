// The extents of one adaptive max pool call from its tensors: N*C planes of H x W input cells pooled to Ho x Wo
// (in[kH], in[kW] -> out[kH], out[kW]).
#pragma once

#include "gradlab/extents.h"

struct aclTensor;

namespace gradlab::ops::adaptive {

// `input` is self / gradInput (3-D or 4-D, already checked), `output` is out / gradOutput. With
// `channelsLast`, 4-D views are (N, H, W, C), as the forward reads NHWC tensors; otherwise (N, C, H, W).
Extents poolShape(const aclTensor& input, const aclTensor& output, bool channelsLast = false);

// True for the forward's NHWC tensors: a 4-D view labelled ACL_FORMAT_NHWC is (N, H, W, C).
bool channelsLastView(const aclTensor& t);

}  // namespace gradlab::ops::adaptive
