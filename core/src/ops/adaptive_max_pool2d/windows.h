// Adaptive pooling windows of one axis, computed once per call with the catalog's window bounds
// (gradlab/ops.h) so kernels never divide per element. Windows overlap when in % out != 0, and out > in
// is legal (neighbouring outputs then share input cells).
#pragma once

#include <cstdint>
#include <vector>

#include "gradlab/ops.h"

namespace gradlab::ops::adaptive {

struct AxisWindows {
  std::vector<int64_t> start, end;

  AxisWindows() = default;
  AxisWindows(int64_t in, int64_t out) : start(out), end(out) {
    for (int64_t a = 0; a < out; ++a) {
      start[a] = windowStart(a, in, out);
      end[a] = windowEnd(a, in, out);
    }
  }
  int64_t size() const { return static_cast<int64_t>(start.size()); }
};

}  // namespace gradlab::ops::adaptive
