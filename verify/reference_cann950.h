// The nearest-exact backward as CANN's Ascend 950 kernel computes it (UpsampleNearestExact2dGrad, arch35),
// written from CANN's kernel source without sharing code with the library: the windows of its SIMT threads,
// ceil(i x scale - 0.5) in fp32, and its plain copy when the call changes nothing. The library's `simt`
// strategy is held to this bit for bit; where the windows agree with PyTorch's map (most sizes), so is it to
// upsampleBackward.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gradlab/extents.h"

namespace gradlab::reference {

// `shape` as upsampleBackward takes it, spatial rank 1 or 2 (a 1-D call runs as H = 1, scale_h 1). Each
// gradOutput cell, visited in row-major order, is added into the gradInput cell whose window holds it (none:
// the value is lost, as on the chip); the sums start at 0 in fp32. When gradInput has gradOutput's sizes and
// the scales are 1, gradInput is a copy of gradOutput instead (a -0.0 stays -0.0).
std::vector<float> cann950Backward(const Extents& shape, int spatialRank, std::span<const float> gradOutput);

// Where CANN's windows put a gradOutput value elsewhere than PyTorch's map, in words ("gradOutput row 20 goes to
// gradInput row 0, PyTorch's map sends it to row 1"), for the first such position of each axis; "" when they agree.
std::string cann950WindowsDiffer(const Extents& shape, int spatialRank);

}  // namespace gradlab::reference
