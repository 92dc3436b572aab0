#include "viz/model/window_digits.h"

#include <vector>

#include "gradlab/ops.h"
#include "viz/model/number_format.h"
#include "viz/model/pool_window.h"

namespace gradlab::viz {

int windowApartDigits(const Grid& input, int64_t plane, const Extents& sizes) {
  const GridDims& d = input.dims;
  const int64_t outRows = sizes.out[kD] * sizes.out[kH], outCols = sizes.out[kW];
  if (input.values.empty() || outRows <= 0 || outCols <= 0 || plane < 0 || plane >= d.planes) return 1;
  int digits = 1;
  std::vector<float> window;
  for (int64_t a = 0; a < outRows && digits < 9; ++a) {
    for (int64_t b = 0; b < outCols && digits < 9; ++b) {
      const PoolWindow w = poolWindow(sizes, a, b);
      window.clear();
      for (const RowRun& run : w.rows)
        for (int64_t r = run.row0; r < run.row1; ++r)
          for (int64_t c = w.col0; c < w.col1; ++c) window.push_back(input.value(plane, r, c));
      digits = std::max(digits, digitsToTellApartInGroup(window));
    }
  }
  return digits;
}

}  // namespace gradlab::viz
