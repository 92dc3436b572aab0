// Adaptive pooling picks the largest value of each window of its input: a grid of that input must never show
// two different values of one window alike (".8" twice, the argmax on the second, reads as a broken tie rule).
#pragma once

#include <cstdint>

#include "viz/model/grid.h"

namespace gradlab::viz {

// The fewest significant digits under which no two different values of one window of `input`'s plane
// `plane` read alike, for windows pooling it to `outRows` x `outCols` (gradlab/ops.h windowStart/windowEnd).
int windowApartDigits(const Grid& input, int64_t plane, int64_t outRows, int64_t outCols);

}  // namespace gradlab::viz
