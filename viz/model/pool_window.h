// Adaptive pooling windows on the grids the app draws. A grid's rows are a plane's rows; a 3-D call's are its
// (D, H) rows, d * H + h, slice after slice, so one window is a band of columns over a run of rows in each slice
// it spans (a 2-D call's window: one run).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "gradlab/extents.h"
#include "gradlab/ops.h"
#include "viz/model/grid.h"

namespace gradlab::viz {

struct RowRun {
  int64_t row0 = 0, row1 = 0;  // [row0, row1)
};

struct PoolWindow {
  std::vector<RowRun> rows;  // one per input slice the window spans, top to bottom
  int64_t col0 = 0, col1 = 0;
  bool contains(int64_t row, int64_t col) const;
};

// The window of pooled cell (row, col), row = od * Ho + oh, over the input side of `s` (sizes as an adaptive
// pool's Extents: in pooled to out).
PoolWindow poolWindow(const Extents& s, int64_t row, int64_t col);

// An adaptive pool's sizes read from its grids' logical shapes: `input` the forward's input, `pooled` its output
// (or gradOutput), the last `spatialRank` dims of each.
Extents poolExtents(OpKind op, const Grid& input, const Grid& pooled);

// The cells of `window` in `grid`'s plane that hold `value` (for a NaN: the NaNs), in row-major (d, h, w)
// order, as (row, col).
using WindowCell = std::pair<int64_t, int64_t>;
std::vector<WindowCell> cellsHolding(const Grid& grid, int64_t plane, const PoolWindow& window, float value);
// Where the window's winner stands among several such cells in row-major order (ties go to the first, a NaN
// to the last NaN); kAlone when it is the only one, kBetween when neither first nor last.
enum class WinnerPlace { kAlone, kFirst, kLast, kBetween };
WinnerPlace winnerPlace(const std::vector<WindowCell>& holding, const WindowCell& winner);

}  // namespace gradlab::viz
