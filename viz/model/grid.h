// A tensor as the scene shows it: planes (n*C + c) x rows x cols, with its name, logical shape and values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/plan.h"
#include "gradlab/runner.h"

namespace gradlab::viz {

// How `op` sees a logical shape (the catalog's planeDims): the plan's Boxes and the trace's flat indices.
using GridDims = PlaneDims;
inline GridDims gridDims(OpKind op, const std::vector<int64_t>& shape) { return planeDims(opInfo(op), shape); }

struct Grid {
  std::string name;             // "gradOutput", "gradInput", "self", "indices", ...
  std::vector<int64_t> shape;   // logical shape
  aclDataType dtype = ACL_FLOAT;
  GridDims dims;
  // dims.cells() values row-major, or empty when only the shape is known; shared with the run's tensors
  // (gradlab/cells.h), not copied
  Cells<float> values;
  Cells<int64_t> ints;          // integer tensors (indices), row-major; empty otherwise

  bool hasValues() const { return !values.empty() || !ints.empty(); }
  bool isInteger() const { return !ints.empty(); }
  int64_t flat(int64_t plane, int64_t row, int64_t col) const { return (plane * dims.rows + row) * dims.cols + col; }
  float value(int64_t plane, int64_t row, int64_t col) const;   // 0 when no values
  // "gradOutput [1, 1, 8, 8] float32"
  std::string label() const;
  // The plane's name as the plane slider writes it: "c=1", or "n=1 c=0" where there are batches.
  std::string planeName(int64_t plane) const;
  // The values of one plane (rows*cols), as floats.
  std::vector<float> planeValues(int64_t plane) const;
  // How many depth slices its plane is drawn as, one under another: a 3-D tensor's D ([N, C, D, H, W] or
  // [C, D, H, W], the plane's rows D x H), else 1.
  int64_t depthSlices() const;
};

// Scene cells left of a grid drawn as depth slices that hold its "d0", "d1", ... (the scene leaves them room; a
// tag that does not fit them, on a small grid, is not drawn).
inline constexpr float kDepthTagCells = 2.0f;
// A 3-D destination deeper than kDepthWindowSlices shows a window of its slices that a slider moves
// (Scene::depthFirst): at most that many, fewer where the grids would pass kDepthWindowRows rows (a
// 16-slice gradInput of 4 x 4 under 32 gradOutput slices of 8 x 8: two slices, 8 and 32 rows), half that in
// presenter mode, so that its cells stay large enough to read from the back of a room.
inline constexpr int64_t kDepthWindowSlices = 4;
inline constexpr int64_t kDepthWindowRows = 32;

using gradlab::dtypeText;  // from gradlab/runner.h
using gradlab::shapeText;

}  // namespace gradlab::viz
