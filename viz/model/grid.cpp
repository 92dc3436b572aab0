#include "viz/model/grid.h"

#include <algorithm>

namespace gradlab::viz {

float Grid::value(int64_t plane, int64_t row, int64_t col) const {
  int64_t i = flat(plane, row, col);
  if (!ints.empty()) return i < static_cast<int64_t>(ints.size()) ? static_cast<float>(ints[i]) : 0.0f;
  return i < static_cast<int64_t>(values.size()) ? values[i] : 0.0f;
}

std::vector<float> Grid::planeValues(int64_t plane) const {
  std::vector<float> out(static_cast<size_t>(dims.planeCells()), 0.0f);
  if (!hasValues() || plane < 0 || plane >= dims.planes) return out;
  for (int64_t r = 0; r < dims.rows; ++r)
    for (int64_t c = 0; c < dims.cols; ++c) out[r * dims.cols + c] = value(plane, r, c);
  return out;
}

std::string Grid::planeName(int64_t plane) const {
  const int64_t C = shape.size() >= 3 && dims.planes != shape[0] ? shape[1] : dims.planes;
  return C > 0 && C < dims.planes ? "n=" + std::to_string(plane / C) + " c=" + std::to_string(plane % C)
                                  : "c=" + std::to_string(plane);
}

int64_t Grid::depthSlices() const {
  if (shape.size() < 4 || dims.rows <= 0) return 1;
  const int64_t depth = shape[shape.size() - 3], rows = shape[shape.size() - 2];
  // A 2-D call's [N, C, H, W] has H rows: its C is no depth.
  return depth >= 2 && rows > 0 && dims.rows == depth * rows ? depth : 1;
}

std::string Grid::label() const { return name + " " + shapeText(shape) + " " + dtypeText(dtype); }

}  // namespace gradlab::viz
