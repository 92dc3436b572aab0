#include "viz/model/pool_window.h"

#include <algorithm>
#include <cmath>

namespace gradlab::viz {

bool PoolWindow::contains(int64_t row, int64_t col) const {
  if (col < col0 || col >= col1) return false;
  return std::any_of(rows.begin(), rows.end(), [row](const RowRun& r) { return row >= r.row0 && row < r.row1; });
}

PoolWindow poolWindow(const Extents& s, int64_t row, int64_t col) {
  PoolWindow w;
  const int64_t Ho = std::max<int64_t>(s.out[kH], 1), od = row / Ho, oh = row % Ho;
  const int64_t h0 = windowStart(oh, s.in[kH], Ho), h1 = windowEnd(oh, s.in[kH], Ho);
  const int64_t Do = std::max<int64_t>(s.out[kD], 1);
  for (int64_t d = windowStart(od, s.in[kD], Do), d1 = windowEnd(od, s.in[kD], Do); d < d1; ++d) {
    w.rows.push_back({d * s.in[kH] + h0, d * s.in[kH] + h1});
  }
  w.col0 = windowStart(col, s.in[kW], s.out[kW]);
  w.col1 = windowEnd(col, s.in[kW], s.out[kW]);
  return w;
}

Extents poolExtents(OpKind op, const Grid& input, const Grid& pooled) {
  const int rank = opInfo(op).spatialRank;
  Extents s;
  for (int k = 0; k < rank; ++k) {
    const int axis = kMaxSpatialRank - rank + k;
    const auto at = [&](const std::vector<int64_t>& shape) {
      const size_t i = shape.size() - static_cast<size_t>(rank - k);
      return shape.size() >= static_cast<size_t>(rank) ? shape[i] : int64_t{1};
    };
    s.in[axis] = at(input.shape);
    s.out[axis] = at(pooled.shape);
  }
  return s;
}

std::vector<WindowCell> cellsHolding(const Grid& grid, int64_t plane, const PoolWindow& window, float value) {
  std::vector<WindowCell> out;
  for (const RowRun& run : window.rows)
    for (int64_t h = run.row0; h < run.row1; ++h)
      for (int64_t w = window.col0; w < window.col1; ++w) {
        const float v = grid.value(plane, h, w);
        if (std::isnan(value) ? std::isnan(v) : v == value) out.emplace_back(h, w);
      }
  return out;
}

WinnerPlace winnerPlace(const std::vector<WindowCell>& holding, const WindowCell& winner) {
  if (holding.size() < 2) return WinnerPlace::kAlone;
  return holding.front() == winner ? WinnerPlace::kFirst : holding.back() == winner ? WinnerPlace::kLast : WinnerPlace::kBetween;
}

}  // namespace gradlab::viz
