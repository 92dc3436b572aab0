// The SIMT threads of a run on the Ascend 950, on the plane of the output the grids show: which thread of which
// core gathers each cell (StrategyInfo::threadOf, from the plan's own tiling), the warps of 32 they form, and each
// core's last warp where it is not full. The Tiling and Scatter tabs outline the warps and number the threads;
// their legend says it in words. No ImGui here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/strategy.h"

namespace gradlab::viz {

struct ThreadPlane {
  int64_t rows = 0, cols = 0;
  std::vector<SimtThread> cells;  // row-major over the plane
  int32_t warp = 32;              // threads a warp
  const SimtThread& at(int64_t row, int64_t col) const { return cells[static_cast<size_t>(row * cols + col)]; }
  // The cell's warp ends at its right / lower edge: its neighbour there is another core's, pass's or warp's.
  bool warpEdgeRight(int64_t row, int64_t col) const;
  bool warpEdgeBelow(int64_t row, int64_t col) const;
};

// nullptr-free: nullopt unless the plan's strategy names threads (the 950's SIMT kernels) and the plane has cells.
std::optional<ThreadPlane> simtThreadsOf(const Plan& plan, int64_t plane, int64_t rows, int64_t cols);

// What each core's threads do on the whole call, in words, one line per kind of core (the tail cores take one
// cell more): "AIV 0-1: 5 cells, 5 threads in 1 warp of 32 (27 lanes idle)". Empty for a plan without threads.
std::vector<std::string> simtCoreLines(const Plan& plan);

}  // namespace gradlab::viz
