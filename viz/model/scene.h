// The scene of one run: the tensors as grids placed in scene space (one unit = one cell), which tile
// and core own each cell, and which trace moves start or end at each cell of the shown plane.
// Built only from the run's tensors, plan and trace: it never computes the operator.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/runner.h"
#include "gradlab/trace.h"
#include "viz/model/grid.h"

namespace gradlab::viz {

enum class GridRole {
  kSource,        // the tensor tiles read: gradOutput (backward) or self (forward)
  kDestination,   // the tensor the op writes: gradInput (backward) or out (forward)
  kForwardInput,  // adaptive backward: the forward's self, whose windows produced the indices
  kIndices,       // adaptive: the argmax indices (read by the backward, written by the forward)
  kIntermediate,  // a plan's intermediate product (the cube strategy's T = gradOutput x A_W)
};
const char* roleName(GridRole role);

struct Point {
  float x = 0.0f, y = 0.0f;
};

struct SceneGrid {
  Grid grid;
  GridRole role = GridRole::kSource;
  float x = 0.0f, y = 0.0f;      // top-left corner of cell (0, 0) in scene units
  std::vector<int32_t> tileOf;   // per cell of the shown plane: the (first) tile covering it, -1 if none
  std::vector<uint8_t> tileCount;  // per cell of the shown plane: how many working tiles cover it (2+ = shared)
  bool shown = true;  // placed and drawn; a hidden grid keeps its data (the inspector still explains from it)
  // Adaptive pooling's input (self): the significant digits its cells need so that different values of one
  // window never read alike (window_digits.h); 1 for other grids.
  int apartDigits = 1;

  // The rows drawn, [rowFirst, rowEnd): a window of a deep 3-D tensor's depth slices (Scene::depthFirst), else
  // every row (rowEnd -1). `y` is the top of the first row drawn.
  int64_t rowFirst = 0, rowEnd = -1;

  int64_t shownRowEnd() const { return rowEnd < 0 ? grid.dims.rows : rowEnd; }
  bool rowShown(int64_t row) const { return row >= rowFirst && row < shownRowEnd(); }
  float rowY(int64_t row) const { return y + static_cast<float>(row - rowFirst); }  // the scene y of a row's top
  float width() const { return static_cast<float>(grid.dims.cols); }
  float height() const { return static_cast<float>(shownRowEnd() - rowFirst); }
  Point cellCentre(int64_t row, int64_t col) const { return {x + static_cast<float>(col) + 0.5f, rowY(row) + 0.5f}; }
  // The (row, col) of the cell drawn under scene point `p`, if one is.
  std::optional<std::pair<int64_t, int64_t>> cellUnder(Point p) const {
    if (p.x < x || p.y < y || p.x >= x + width() || p.y >= y + height()) return std::nullopt;
    return std::pair{rowFirst + static_cast<int64_t>(p.y - y), static_cast<int64_t>(p.x - x)};
  }
  // Rows [r0, r1) cut to those drawn (none where first >= second).
  std::pair<int64_t, int64_t> shownPart(int64_t r0, int64_t r1) const {
    return {std::max(r0, rowFirst), std::min(r1, shownRowEnd())};
  }
  // The depth slices drawn, [first, end), of grid.depthSlices().
  std::pair<int64_t, int64_t> shownSlices() const {
    const int64_t rows = grid.dims.rows / grid.depthSlices();
    return {rowFirst / rows, shownRowEnd() / rows};
  }
};

// What a scene is built from: views of a run's tensors (not copies: a large run's tensors are gigabytes),
// which must outlive buildScene; the scene keeps what it draws.
struct SceneSource {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  std::span<const HostTensor> inputs;
  std::span<const HostTensor> outputs;
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<const Trace> trace;
};
SceneSource sceneSourceOf(const RunResult& result, OpKind op);

struct CellRef {
  int grid = -1;  // index into Scene::grids
  int64_t row = 0, col = 0;
  friend bool operator==(const CellRef&, const CellRef&) = default;
};

struct Scene {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  int64_t plane = 0;   // the plane (n*C + c) shown
  int64_t planes = 0;  // how many there are
  // A destination of more than kDepthWindowSlices depth slices shows depthShown of them from depthFirst, and
  // every other grid the slices of theirs that the shown ones read or share a shape with; depthSlices is the
  // destination's depth (1: not 3-D, and every row is shown).
  int64_t depthFirst = 0, depthShown = 1, depthSlices = 1;
  std::vector<SceneGrid> grids;
  int src = -1, dst = -1, forwardInput = -1, indices = -1, mid = -1;  // indices into grids, -1 when absent
  bool secondaryInRow = false;  // the extra grids (showSecondaryGrids) in one row with the main ones, not under them
  std::shared_ptr<const Plan> plan;
  std::shared_ptr<const Trace> trace;
  // Trace moves (indices into trace->moves, in sequence order) on the shown plane, and per cell of
  // that plane the moves leaving a src cell / arriving at a dst cell; with an intermediate grid also the
  // moves arriving at (hop 1) and leaving (hop 2) each of its cells.
  std::vector<uint32_t> planeMoves;  // a depth window keeps those into its slices (planeMoveTotal: all of them)
  size_t planeMoveTotal = 0;
  std::vector<std::vector<uint32_t>> movesFromSrc, movesToDst, movesToMid, movesFromMid;
  Point boundsMin, boundsMax;  // everything placed, in scene units (labels excluded)

  const SceneGrid* gridAt(int index) const {
    return index >= 0 && index < static_cast<int>(grids.size()) ? &grids[index] : nullptr;
  }
  std::optional<CellRef> cellAt(Point p) const;
  Point centre(const CellRef& cell) const { return grids[cell.grid].cellCentre(cell.row, cell.col); }
  // Plane-local cell of a move's src / dst (flat indices of the plan's tensors, or of the intermediate
  // grid for the hop that reads or writes it).
  CellRef srcCellOf(const CellMove& move) const;
  CellRef dstCellOf(const CellMove& move) const;
  // The moves into / out of a cell of any grid that moves touch (src, mid, dst); empty for others.
  const std::vector<uint32_t>* movesInto(const CellRef& cell) const;
  const std::vector<uint32_t>* movesOutOf(const CellRef& cell) const;
};

// The scene of plane `plane`; a deep 3-D destination shows a window of its slices from `depthFirst`, as many
// as keep each grid within `depthRows` rows (at least one, at most kDepthWindowSlices).
Scene buildScene(const SceneSource& source, int64_t plane, int64_t depthFirst = 0, int64_t depthRows = kDepthWindowRows);
// Whether the scene shows a window of its depth slices (and the app a slider to move it).
inline bool depthWindowed(const Scene& scene) { return scene.depthSlices > kDepthWindowSlices; }
// "gradInput d4-d5 of 16 ← gradOutput d8-d11 of 32": the slices each main grid shows of all it has.
std::string depthWindowText(const Scene& scene);

// Whether a tile's src (or dst) box lies on a grid showing `buffer` (Plan::buffers; -1: the op's own src /
// dst tensor, which an fp32 mirror buffer of that tensor stands for too).
bool tileBoxOnGrid(const Plan& plan, const Tile& tile, bool srcBox, int32_t buffer);
// The grid rows a tile's src (or dst) box covers, clipped to [0, rows), as runs [first, second): one run, but
// on a 3-D call's out side, whose box rows are positions in Plan::outRowOrder, as many as it takes.
std::vector<std::pair<int64_t, int64_t>> boxRowRuns(const Plan& plan, const Box& box, bool srcBox, int32_t buffer,
                                                    int64_t rows);
// "c3" in a plan of vector cores only; "AIC0" / "AIV3" where cube cores take part.
std::string coreTag(const Plan& plan, int32_t lane);

// Adaptive pooling's extra grids (indices, and the backward's forward input): shown under the two main
// grids or in one row with them (whichever a canvas fits larger), or hidden so that the main grids get the
// room (a projector at 1280x720 cannot show four 16x16 grids at readable digits). Re-places the grids; the
// bounds change.
bool hasSecondaryGrids(const Scene& scene);
void showSecondaryGrids(Scene& scene, bool shown, bool inRow = false);

}  // namespace gradlab::viz
