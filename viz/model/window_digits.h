// Adaptive pooling picks the largest value of each window of its input: a grid of that input must never show
// two different values of one window alike (".8" twice, the argmax on the second, reads as a broken tie rule).
#pragma once

#include <cstdint>

#include "gradlab/extents.h"
#include "viz/model/grid.h"

namespace gradlab::viz {

// The fewest significant digits under which no two different values of one window of `input`'s plane
// `plane` read alike, for the windows of pool `sizes` (pool_window.h).
int windowApartDigits(const Grid& input, int64_t plane, const Extents& sizes);

}  // namespace gradlab::viz
