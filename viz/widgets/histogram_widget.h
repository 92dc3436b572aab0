// The Compare tab's error histogram: how many cells err by 0, ½, 1, 2, 4, ... ULP.
#pragma once

#include <imgui.h>

#include "viz/model/ulp_error.h"

namespace gradlab::viz {

// Bars of `summary.buckets` in a `size` box at the cursor, bucket labels underneath, counts on hover.
void ulpHistogramWidget(const ErrorSummary& summary, ImVec2 size);

}  // namespace gradlab::viz
