#include "viz/model/grid.h"

#include <algorithm>

namespace gradlab::viz {

bool isOneDimensional(OpKind op) {
  return op == OpKind::kUpsampleNearestExact1dBackward || op == OpKind::kUpsampleNearestExact1d;
}

bool isBackward(OpKind op) {
  return op == OpKind::kUpsampleNearestExact1dBackward || op == OpKind::kUpsampleNearestExact2dBackward ||
         op == OpKind::kAdaptiveMaxPool2dBackward;
}

bool isAdaptive(OpKind op) { return op == OpKind::kAdaptiveMaxPool2dBackward || op == OpKind::kAdaptiveMaxPool2d; }

GridDims gridDims(OpKind op, const std::vector<int64_t>& shape) {
  GridDims d;
  if (shape.empty()) return d;
  if (isOneDimensional(op) && shape.size() == 3) return {shape[0] * shape[1], 1, shape[2]};
  if (shape.size() == 3) return {shape[0], shape[1], shape[2]};
  if (shape.size() == 4) return {shape[0] * shape[1], shape[2], shape[3]};
  // Anything else (should not happen for these ops): the last axis is the row.
  int64_t planes = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i) planes *= shape[i];
  return {planes, 1, shape.back()};
}

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

std::string Grid::label() const { return name + " " + shapeText(shape) + " " + dtypeText(dtype); }

}  // namespace gradlab::viz
