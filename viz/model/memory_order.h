// Where a tensor's cells sit in device memory: its storage in address order, each element either a
// logical cell of the grid or a gap the view does not use (a sliced view's offset and padding). The
// strides come from the core's storageView, the one the runner lays the run's tensors out with, so the
// picture cannot disagree with the run. No ImGui here: the scatter view draws it (memory_strip.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/grid.h"

namespace gradlab::viz {

// The dimension channels-last moves innermost: 0 for an unbatched (C, H, W) tensor, else 1.
size_t channelDimOf(const std::vector<int64_t>& shape, const RunRequest& request);
// How the run laid out a tensor of this logical shape (the request's layout).
StorageView storageOf(const std::vector<int64_t>& shape, const RunRequest& request);
// "strides 108,1,18,3 +13": the storage view in a few characters.
std::string stridesText(const StorageView& view);

// The logical index (one entry per dimension) of the row-major flat cell `flat`, and where that cell lies
// in a storage laid out as `view`: view.offset + sum of index[d] * strides[d].
std::vector<int64_t> logicalIndex(const std::vector<int64_t>& shape, int64_t flat);
int64_t offsetOfCell(const std::vector<int64_t>& shape, const StorageView& view, int64_t flat);

struct MemoryOrder {
  StorageView view;               // strides, offset of cell 0, storage size (elements)
  std::vector<int64_t> slots;     // per storage element, in address order: the flat cell stored there, -1: unused
  std::vector<int64_t> offsetOf;  // per flat cell (Grid::flat, row-major over the logical shape): its offset
  int64_t unused = 0;             // storage elements no cell of the view occupies

  bool empty() const { return slots.empty(); }
};

// The storage of a tensor of `shape` laid out as `view`, in address order.
MemoryOrder memoryOrder(const std::vector<int64_t>& shape, const StorageView& view);

// The layout's periods, longest first: the strides (above 1) of the dimensions longer than 1 (a plane, an
// image row, a pixel's channels).
std::vector<int64_t> layoutPeriods(const MemoryOrder& order, const std::vector<int64_t>& shape);

// How a strip of the storage wraps into rows `room` wide, a used element `cellW` wide and an unused one
// `gapW`: each row a whole number of the longest period of the layout, up to `longest`, that fits, so the
// pattern lines up from row to row; rows filled greedily where none fits (`longest` 0: fewest rows).
struct StripRows {
  std::vector<int64_t> starts;  // the offset each row starts at; the first is 0
  int64_t period = 0;           // the period the rows are whole multiples of; 0: filled greedily
};
StripRows wrapRows(const MemoryOrder& order, const std::vector<int64_t>& shape, float room, float cellW, float gapW,
                   int64_t longest = INT64_MAX);

// A flat cell (Grid::flat) as the grid's plane, row and column.
struct PlaneCell {
  int64_t plane = 0, row = 0, col = 0;
};
inline PlaneCell planeCellOf(const GridDims& d, int64_t flat) {
  const int64_t perPlane = d.planeCells() > 0 ? d.planeCells() : 1;
  const int64_t cols = d.cols > 0 ? d.cols : 1;
  return {flat / perPlane, (flat % perPlane) / cols, flat % cols};
}

}  // namespace gradlab::viz
