// The extents of one adaptive max pool call from its tensors: N*C planes of H x W input cells pooled to Ho x Wo
// (in[kH], in[kW] -> out[kH], out[kW]).
#pragma once

#include "gradlab/extents.h"

struct aclTensor;

namespace gradlab::ops::adaptive {

// `input` is self / gradInput (3-D or 4-D, already checked), `output` is out / gradOutput. With
// `channelsLast`, 4-D views are (N, H, W, C), as the forward reads NHWC tensors; otherwise (N, C, H, W).
Extents poolShape(const aclTensor& input, const aclTensor& output, bool channelsLast = false);

// A 5-D (N, C, D, H, W) or 4-D (C, D, H, W) call's extents from its tensors.
Extents poolShape3d(const aclTensor& input, const aclTensor& output);

// The call as the planners and kernels see it: N*C planes whose rows are the call's (D, H) rows, d * H + h
// (Do * Ho on the output side), so a plane-flat index d*H*W + h*W + w is row d*H + h, column w. A 2-D call is
// unchanged.
Extents rowsOfPlanes(const Extents& call);

// True for the forward's NHWC tensors: a 4-D view labelled ACL_FORMAT_NHWC is (N, H, W, C).
bool channelsLastView(const aclTensor& t);

}  // namespace gradlab::ops::adaptive
