#include "viz/model/window_digits.h"

#include <vector>

#include "gradlab/ops.h"
#include "viz/model/number_format.h"

namespace gradlab::viz {

int windowApartDigits(const Grid& input, int64_t plane, int64_t outRows, int64_t outCols) {
  const GridDims& d = input.dims;
  if (input.values.empty() || outRows <= 0 || outCols <= 0 || plane < 0 || plane >= d.planes) return 1;
  int digits = 1;
  std::vector<float> window;
  for (int64_t a = 0; a < outRows && digits < 9; ++a) {
    const int64_t r0 = windowStart(a, d.rows, outRows), r1 = windowEnd(a, d.rows, outRows);
    for (int64_t b = 0; b < outCols && digits < 9; ++b) {
      const int64_t c0 = windowStart(b, d.cols, outCols), c1 = windowEnd(b, d.cols, outCols);
      window.clear();
      for (int64_t r = r0; r < r1; ++r)
        for (int64_t c = c0; c < c1; ++c) window.push_back(input.value(plane, r, c));
      digits = std::max(digits, digitsToTellApartInGroup(window));
    }
  }
  return digits;
}

}  // namespace gradlab::viz
