// The hover explanation of one cell: the index formula of the op with the numbers filled in, taken from the
// catalog's index math (gradlab/ops.h, the code the kernels run) with the request's sizes and scales and,
// for adaptive pooling, the run's indices. The picture itself comes from the trace.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/pool_window.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

// Lines such as "s_h = in/out = 4/8 = 0.5" and
// "src_h = min(floor((o+0.5)·s), in−1) = min(floor((5+0.5)·0.5), 3) = min(floor(2.75), 3) = 2".
std::vector<std::string> explainUpsampleAxis(IndexRule rule, const std::string& axis, int64_t o, int64_t in,
                                             int64_t out, double scale);
// "rows: start = floor(a·I/O) = floor(2·7/3) = 4, end = ceil((a+1)·I/O) = ceil(3·7/3) = 7  ->  [4, 7)".
std::string explainAdaptiveAxis(const std::string& axis, int64_t a, int64_t in, int64_t out);

struct Explanation {
  std::string title;               // "gradOutput[0, 0, 5, 3] = 0.4375"
  std::vector<std::string> lines;  // formulas and the mapping in words
  bool cann950 = false;            // the run gathered with CANN's Ascend 950 windows (the simt strategy)
};

// The run gathered with CANN's Ascend 950 windows (StrategyInfo::cannWindows, the simt strategy): a gradInput cell
// sums its window, which for some sizes is not the index rule's preimage.
bool cannWindowsRun(const Scene& scene);

// A 3-D call's plane rows are its (D, H) rows (planeDims): row d·H + h of `side` as (d, h).
std::pair<int64_t, int64_t> depthAndRow(const RunRequest& request, Side side, int64_t row);

// `n`/`c` of plane p are p / C and p % C (C taken from the grid's shape).
std::string cellName(const SceneGrid& grid, int64_t plane, int64_t row, int64_t col);
// The same for a cell of the scene's shown plane.
std::string cellName(const Scene& scene, const CellRef& cell);

Explanation explainCell(const Scene& scene, const RunRequest& request, const CellRef& cell);

}  // namespace gradlab::viz
