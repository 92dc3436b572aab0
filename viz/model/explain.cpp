#include "viz/model/explain.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "i18n/translate.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

// Which output positions o (of `out`) the formula sends to input index i: a half-open range, or {-1,-1}.
std::pair<int64_t, int64_t> preimage(IndexRule rule, int64_t i, int64_t in, int64_t out, double scale) {
  const float s = sourceStep(scale, in, out);
  int64_t lo = -1, hi = -1;
  for (int64_t o = 0; o < out; ++o)
    if (sourceIndex(rule, o, in, out, s) == i) {
      if (lo < 0) lo = o;
      hi = o + 1;
    }
  return {lo, hi};
}

std::string rangeText(std::pair<int64_t, int64_t> r) {
  return r.first < 0 || r.first >= r.second ? std::string(i18n::tr("none")) : cat("[", r.first, ", ", r.second, ")");
}

// CANN's window of gradInput position i along an axis, as a half-open range of gradOutput positions.
std::pair<int64_t, int64_t> cannWindow(int64_t i, int64_t in, int64_t out, double scale) {
  const float k = cann950Step(scale, in, out);
  const int64_t lo = cann950Edge(i, out, k), hi = cann950Edge(i + 1, out, k);
  return lo < hi ? std::pair{lo, hi} : std::pair<int64_t, int64_t>{-1, -1};
}

// The gradInput position whose CANN window holds gradOutput position o, or -1.
int64_t cannOwner(int64_t o, int64_t in, int64_t out, double scale) {
  for (int64_t i = 0; i < in; ++i) {
    const auto [lo, hi] = cannWindow(i, in, out, scale);
    if (lo <= o && o < hi) return i;
  }
  return -1;
}

// A line for one axis of a 950 run: the window it summed, and PyTorch's preimage where that differs.
std::string cannAxisLine(const char* what, const char* outName, int64_t i, int64_t in, int64_t out, double scale,
                         std::pair<int64_t, int64_t> torch) {
  const float k = cann950Step(scale, in, out);
  const std::pair<int64_t, int64_t> cann = cannWindow(i, in, out, scale);
  std::string line = i18n::trf("{0} of {1} in CANN's 950 window of {2}: [ceil({2}·{3} − 0.5), ceil({4}·{3} − 0.5)) = {5}",
                               i18n::tr(what), outName, i, cat(k), i + 1, rangeText(cann));
  if (rangeText(cann) != rangeText(torch)) line += i18n::trf(" (PyTorch's map: {0})", rangeText(torch));
  return line;
}

// Which SIMT thread writes the cell (StrategyInfo::threadOf): "thread 9 of AIV 2 (warp 0, lane 9)".
void threadLine(const Scene& scene, const CellRef& cell, Explanation* e) {
  const StrategyInfo* s = scene.plan ? scene.plan->strategyInfo() : nullptr;
  if (s == nullptr || s->threadOf == nullptr) return;
  const std::optional<SimtThread> t = s->threadOf(*scene.plan, scene.plane, cell.row, cell.col);
  if (!t) return;
  std::string line = i18n::trf("thread {0} of {1} (warp {2}, lane {3}) sums it", t->thread, scene.plan->coreName(t->core),
                               t->warp, t->lane);
  if (t->pass > 0) line += i18n::trf(", on its pass {0} over the core's cells", t->pass + 1);
  if (t->planeLoop > 1) {
    line += t->batchLoop ? i18n::trf("; the same thread does this (c, h, w) of all {0} batch items in turn", t->planeLoop)
                         : i18n::trf("; the same thread does this (h, w) of all {0} planes in turn", t->planeLoop);
  }
  e->lines.push_back(line);
}

void explainUpsampleOutput(const OpInfo& op, const RunRequest& r, const CellRef& cell, const char* inName,
                           Explanation* e) {
  const int rank = op.spatialRank;
  auto [d, h] = rank == 3 ? depthAndRow(r, Side::kOut, cell.row) : std::pair<int64_t, int64_t>{0, cell.row};
  auto axisLines = [&](const char* name, int axis, int64_t o) {
    for (std::string& line : explainUpsampleAxis(op.rule, name, o, r.shape.in[axis], r.shape.out[axis], r.shape.scales[axis]))
      e->lines.push_back(std::move(line));
    return sourceSteps(op.rule, o, r.shape.in[axis], r.shape.out[axis], r.shape.scales[axis]).index;
  };
  int64_t srcD = rank == 3 ? axisLines("d", kD, d) : 0;
  int64_t srcH = rank >= 2 ? axisLines("h", kH, h) : 0;
  int64_t srcW = axisLines(rank == 1 ? "l" : "w", kW, cell.col);
  if (e->cann950 && op.backward) {  // the 950's windows decide where the value goes
    const int64_t cannH = rank >= 2 ? cannOwner(h, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH]) : 0;
    const int64_t cannW = cannOwner(cell.col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW]);
    if (cannH != srcH || cannW != srcW) {
      e->lines.push_back(cannH < 0 || cannW < 0
                             ? std::string(i18n::tr("but on the Ascend 950 no CANN window holds this cell: its value is lost"))
                             : i18n::trf("but on the Ascend 950 CANN's windows send it to ({0}, {1}) instead", cannH, cannW));
      if (cannH < 0 || cannW < 0) return;
      srcH = cannH;
      srcW = cannW;
    }
  }
  const std::string target = rank == 1   ? cat(inName, "[", srcW, "]")
                             : rank == 2 ? cat(inName, "[", srcH, ", ", srcW, "]")
                                         : cat(inName, "[", srcD, ", ", srcH, ", ", srcW, "]");
  e->lines.push_back(op.backward ? i18n::trf("so {0} += this value", target) : i18n::trf("so this cell = {0}", target));
}

void explainUpsample(const Scene& scene, const RunRequest& r, const CellRef& cell, Explanation* e) {
  const OpInfo& op = opInfo(scene.op);
  const bool oneD = op.spatialRank == 1;
  const bool backward = op.backward;
  // The output side (gradOutput of the backward, out of the forward) is where the formula starts.
  const bool outputSide = backward ? cell.grid == scene.src : cell.grid == scene.dst;
  const char* outName = backward ? op.src().name : op.dst().name;
  const char* inName = backward ? op.dst().name : op.src().name;
  if (outputSide) return explainUpsampleOutput(op, r, cell, inName, e);
  // Input side: which output positions map here (the formula scanned over each axis).
  auto cols = preimage(op.rule, cell.col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW]);
  if (e->cann950 && backward) {
    const auto torchCols = cols;
    cols = cannWindow(cell.col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW]);
    if (oneD) {
      e->lines.push_back(cannAxisLine("positions", outName, cell.col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW], torchCols));
      e->lines.push_back(cols.first < 0 ? std::string(i18n::tr("no position maps here: this cell stays 0"))
                                        : i18n::trf("{0} cell(s) summed here, in order", cols.second - cols.first));
      threadLine(scene, cell, e);
      return;
    }
    const auto torchRows = preimage(op.rule, cell.row, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH]);
    const auto rows = cannWindow(cell.row, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH]);
    e->lines.push_back(cannAxisLine("rows", outName, cell.row, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH], torchRows));
    e->lines.push_back(cannAxisLine("cols", outName, cell.col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW], torchCols));
    const int64_t count = rows.first < 0 || cols.first < 0 ? 0 : (rows.second - rows.first) * (cols.second - cols.first);
    e->lines.push_back(count == 0 ? std::string(i18n::tr("no position maps here: this cell stays 0"))
                                  : i18n::trf("{0} cell(s) summed here, in row-major order", count));
    threadLine(scene, cell, e);
    return;
  }
  if (oneD) {
    e->lines.push_back(i18n::trf("positions l of {0} with src(l) = {1}: {2}", outName, cell.col, rangeText(cols)));
    e->lines.push_back(cols.first < 0 ? std::string(i18n::tr("no position maps here: this cell stays 0"))
                                      : i18n::trf(backward ? "{0} cell(s) summed here, in order" : "{0} cell(s) copy this value",
                                                  cols.second - cols.first));
    return;
  }
  const bool threeD = op.spatialRank == 3;
  auto [d, h] = threeD ? depthAndRow(r, Side::kIn, cell.row) : std::pair<int64_t, int64_t>{0, cell.row};
  std::pair<int64_t, int64_t> slices{0, 1};
  if (threeD) {
    slices = preimage(op.rule, d, r.shape.in[kD], r.shape.out[kD], r.shape.scales[kD]);
    e->lines.push_back(i18n::trf("slices of {0} with src_d = {1}: {2}", outName, d, rangeText(slices)));
  }
  const auto rows = preimage(op.rule, h, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH]);
  e->lines.push_back(i18n::trf("rows of {0} with src_h = {1}: {2}", outName, h, rangeText(rows)));
  e->lines.push_back(i18n::trf("cols of {0} with src_w = {1}: {2}", outName, cell.col, rangeText(cols)));
  const bool none = slices.first < 0 || rows.first < 0 || cols.first < 0;
  const int64_t count =
      none ? 0 : (slices.second - slices.first) * (rows.second - rows.first) * (cols.second - cols.first);
  e->lines.push_back(count == 0 ? std::string(i18n::tr("no position maps here: this cell stays 0"))
                                : i18n::trf(backward ? "{0} cell(s) summed here, in row-major order" : "{0} cell(s) copy this value", count));
}

void explainAdaptivePooled(const Scene& scene, const RunRequest& r, const CellRef& cell, Explanation* e) {
  const bool backward = opInfo(scene.op).backward;
  const bool threeD = opInfo(scene.op).spatialRank == 3;
  const auto [od, oh] = depthAndRow(r, Side::kOut, cell.row);
  if (threeD) e->lines.push_back(explainAdaptiveAxis(i18n::tr("slices"), od, r.shape.in[kD], r.shape.out[kD]));
  e->lines.push_back(explainAdaptiveAxis(i18n::tr("rows"), oh, r.shape.in[kH], r.shape.out[kH]));
  e->lines.push_back(explainAdaptiveAxis(i18n::tr("cols"), cell.col, r.shape.in[kW], r.shape.out[kW]));
  const SceneGrid* ix = scene.gridAt(scene.indices);
  if (ix == nullptr || !ix->grid.hasValues()) return;
  const int64_t W = std::max<int64_t>(r.shape.in[kW], 1);
  const int64_t idx = static_cast<int64_t>(ix->grid.value(scene.plane, cell.row, cell.col));
  const int64_t row = idx / W, col = idx % W;  // the plane's row: d * H + h in 3-D
  const auto [d, h] = depthAndRow(r, Side::kIn, row);
  e->lines.push_back(threeD ? i18n::trf("argmax index = {0} = ({1}·{2} + {3})·{4} + {5}  ->  ({1}, {3}, {5})", idx, d,
                                        r.shape.in[kH], h, W, col)
                            : i18n::trf("argmax index = {0} = {1}·{2} + {3}  ->  ({1}, {3})", idx, row, W, col));
  const SceneGrid* self = backward ? scene.gridAt(scene.forwardInput) : scene.gridAt(scene.src);
  if (self != nullptr && self->grid.hasValues()) {
    const float best = self->grid.value(scene.plane, row, col);
    const std::vector<WindowCell> holding = cellsHolding(self->grid, scene.plane, poolWindow(r.shape, cell.row, cell.col), best);
    const WinnerPlace place = winnerPlace(holding, {row, col});
    e->lines.push_back(place == WinnerPlace::kFirst  ? i18n::trf("window max = {0} ({1} cells tie: the first in row-major order wins)",
                                                                formatNumber(best), holding.size())
                       : place == WinnerPlace::kLast ? i18n::trf("window max = {0} ({1} cells tie: the last in row-major order wins)",
                                                                formatNumber(best), holding.size())
                                                     : i18n::trf("window max = {0}", formatNumber(best)));
  }
  if (backward) {
    e->lines.push_back(threeD ? i18n::trf("so gradInput[{0}, {1}, {2}] += gradOutput here", d, h, col)
                              : i18n::trf("so gradInput[{0}, {1}] += gradOutput here", row, col));
  }
}

void explainAdaptiveFull(const Scene& scene, const RunRequest& r, const CellRef& cell, Explanation* e) {
  const bool threeD = opInfo(scene.op).spatialRank == 3;
  int64_t covering = 0, picked = 0;
  std::string list;
  const SceneGrid* ix = scene.gridAt(scene.indices);
  const int64_t flat = cell.row * r.shape.in[kW] + cell.col;
  for (int64_t a = 0; a < r.shape.out[kD] * r.shape.out[kH]; ++a) {
    for (int64_t b = 0; b < r.shape.out[kW]; ++b) {
      if (!poolWindow(r.shape, a, b).contains(cell.row, cell.col)) continue;
      ++covering;
      if (ix != nullptr && ix->grid.hasValues() && static_cast<int64_t>(ix->grid.value(scene.plane, a, b)) == flat) {
        ++picked;
        const auto [od, oh] = depthAndRow(r, Side::kOut, a);
        if (list.size() < 60) list += threeD ? cat(list.empty() ? "" : " ", "(", od, ",", oh, ",", b, ")")
                                             : cat(list.empty() ? "" : " ", "(", a, ",", b, ")");
      }
    }
  }
  const auto [d, h] = depthAndRow(r, Side::kIn, cell.row);
  e->lines.push_back(threeD ? i18n::trf("flat index (d·H + h)·W + w = ({0}·{1} + {2})·{3} + {4} = {5}", d, r.shape.in[kH], h,
                                        r.shape.in[kW], cell.col, flat)
                            : i18n::trf("flat index h·W + w = {0}·{1} + {2} = {3}", cell.row, r.shape.in[kW], cell.col, flat));
  e->lines.push_back(picked ? i18n::trf("inside {0} window(s); argmax of {1}: {2}", covering, picked, list)
                            : i18n::trf("inside {0} window(s); argmax of none (receives nothing)", covering));
}

}  // namespace

bool cannWindowsRun(const Scene& scene) {
  const StrategyInfo* s = scene.plan ? scene.plan->strategyInfo() : nullptr;
  return s != nullptr && s->cannWindows;
}

std::vector<std::string> explainUpsampleAxis(IndexRule rule, const std::string& axis, int64_t o, int64_t in,
                                             int64_t out, double scale) {
  const SourceSteps steps = sourceSteps(rule, o, in, out, scale);
  std::vector<std::string> lines;
  lines.push_back(scale > 0 ? cat("s_", axis, " = 1/scale = 1/", scale, " = ", steps.s)
                            : cat("s_", axis, " = in/out = ", in, "/", out, " = ", steps.s));
  if (steps.shortcut != nullptr) {
    lines.push_back(cat("src_", axis, ": ", steps.shortcut, " = ", steps.index));
    return lines;
  }
  const std::string product = rule == IndexRule::kNearest ? cat(o, "·", steps.s) : cat("(", o, "+0.5)·", steps.s);
  lines.push_back(cat("src_", axis, " = ", sourceFormula(rule), " = min(floor(", product, "), ", in - 1,
                      ") = min(floor(", steps.product, "), ", in - 1, ") = ", steps.index));
  return lines;
}

std::string explainAdaptiveAxis(const std::string& axis, int64_t a, int64_t in, int64_t out) {
  const int64_t s = windowStart(a, in, out), e = windowEnd(a, in, out);
  return cat(axis, ": start = floor(", a, "·", in, "/", out, ") = ", s, ", end = ceil(", a + 1, "·", in, "/", out,
             ") = ", e, "  ->  [", s, ", ", e, ")");
}

std::pair<int64_t, int64_t> depthAndRow(const RunRequest& r, Side side, int64_t row) {
  const int64_t H = std::max<int64_t>(r.shape.side(side)[kH], 1);
  return {row / H, row % H};
}

std::string cellName(const SceneGrid& grid, int64_t plane, int64_t row, int64_t col) {
  const auto& shape = grid.grid.shape;
  // An unbatched 3-D tensor (C, D, H, W): its plane's rows are (D, H) rows too.
  if (shape.size() == 4 && shape[2] > 0 && grid.grid.dims.rows == shape[1] * shape[2] && grid.grid.dims.planes == shape[0]) {
    return cat(grid.grid.name, "[", plane, ", ", row / shape[2], ", ", row % shape[2], ", ", col, "]");
  }
  if (shape.size() == 4) return cat(grid.grid.name, "[", plane / shape[1], ", ", plane % shape[1], ", ", row, ", ", col, "]");
  if (shape.size() == 5 && shape[3] > 0) {  // a plane's rows are its (D, H) rows
    return cat(grid.grid.name, "[", plane / shape[1], ", ", plane % shape[1], ", ", row / shape[3], ", ", row % shape[3], ", ",
               col, "]");
  }
  if (shape.size() == 3 && grid.grid.dims.rows == 1 && grid.grid.dims.planes == shape[0] * shape[1])
    return cat(grid.grid.name, "[", plane / shape[1], ", ", plane % shape[1], ", ", col, "]");
  if (shape.size() == 3) return cat(grid.grid.name, "[", plane, ", ", row, ", ", col, "]");
  return cat(grid.grid.name, "[", row, ", ", col, "]");
}

std::string cellName(const Scene& scene, const CellRef& cell) {
  return cellName(scene.grids[static_cast<size_t>(cell.grid)], scene.plane, cell.row, cell.col);
}

Explanation explainCell(const Scene& scene, const RunRequest& request, const CellRef& cell) {
  Explanation e;
  const SceneGrid* g = scene.gridAt(cell.grid);
  if (g == nullptr) return e;
  e.title = cellName(*g, scene.plane, cell.row, cell.col);
  if (g->grid.hasValues()) {
    const float v = g->grid.value(scene.plane, cell.row, cell.col);
    e.title += g->grid.isInteger() ? cat(" = ", static_cast<int64_t>(v)) : cat(" = ", v);
  }
  const OpInfo& op = opInfo(scene.op);
  e.cann950 = cannWindowsRun(scene);
  if (op.rule != IndexRule::kAdaptiveMax) {
    explainUpsample(scene, request, cell, &e);
  } else if (op.backward ? (cell.grid == scene.src || cell.grid == scene.indices)
                         : (cell.grid == scene.dst || cell.grid == scene.indices)) {
    explainAdaptivePooled(scene, request, cell, &e);
  } else {
    explainAdaptiveFull(scene, request, cell, &e);
  }
  return e;
}

}  // namespace gradlab::viz
