#include "viz/model/exercise_hints.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/atomic_adds.h"
#include "viz/model/explain.h"
#include "viz/model/memory_order.h"
#include "viz/model/simt_threads.h"
#include "viz/model/text.h"

namespace gradlab::viz {
// A namespace of their own: unity builds compile these helpers in one unit with exercise.cpp's.
namespace hints {
namespace {

using Hints = std::vector<std::string>;

std::string gridName(const Scene& s, int grid) {
  const SceneGrid* g = s.gridAt(grid);
  return g ? g->grid.name : std::string(i18n::tr("the grid"));
}

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& p : parts) out += cat(out.empty() ? "" : separator, p);
  return out;
}

// One axis of the upsample family's index rule at output position o.
struct Axis {
  const char* name;
  int64_t o, in, out;
  double scale;
};

// The index rule's axes at a cell of `side` (o: the cell's position along each axis; a 3-D call's plane rows are
// its (D, H) rows, d·H + h).
std::vector<Axis> axesAt(const OpInfo& op, const RunRequest& r, int64_t row, int64_t col, Side side = Side::kOut) {
  const Axis w{"w", col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW]};
  if (op.spatialRank == 1) return {{"l", col, r.shape.in[kW], r.shape.out[kW], r.shape.scales[kW]}};
  if (op.spatialRank == 2) return {{"h", row, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH]}, w};
  const auto [d, h] = depthAndRow(r, side, row);
  return {{"d", d, r.shape.in[kD], r.shape.out[kD], r.shape.scales[kD]},
          {"h", h, r.shape.in[kH], r.shape.out[kH], r.shape.scales[kH]}, w};
}

std::string stepText(const Axis& a, float s) {
  return a.scale > 0 ? cat("s_", a.name, " = 1/", formatNumber(a.scale), " = ", formatNumber(s))
                     : cat("s_", a.name, " = ", a.in, "/", a.out, " = ", formatNumber(s));
}

// "src_h(5) = min(floor((5+0.5)·0.5), 3) = ?": the rule with the run's numbers, its result left open.
std::string axisSetUp(IndexRule rule, const Axis& a) {
  const SourceSteps st = sourceSteps(rule, a.o, a.in, a.out, a.scale);
  const std::string s = formatNumber(st.s);
  const std::string product = rule == IndexRule::kNearest ? cat(a.o, "·", s) : cat("(", a.o, "+0.5)·", s);
  return cat(stepText(a, st.s), ", src_", a.name, "(", a.o, ") = min(floor(", product, "), ", a.in - 1, ") = ?");
}

// One step on: "src_h(5) = min(floor(2.75), 3) = ?".
std::string axisWorked(IndexRule rule, const Axis& a) {
  const SourceSteps st = sourceSteps(rule, a.o, a.in, a.out, a.scale);
  return cat("src_", a.name, "(", a.o, ") = min(floor(", formatNumber(st.product), "), ", a.in - 1, ") = ?");
}

// The 950's windows (the simt strategy): "window(i) = [ceil(i·k − 0.5), ceil((i+1)·k − 0.5)) in float32, k_l = 41/2 = 20.5".
std::string cannRuleLine(const std::vector<Axis>& axes) {
  std::vector<std::string> steps;
  for (const Axis& a : axes) {
    const float k = cann950Step(a.scale, a.in, a.out);
    steps.push_back(a.scale > 0 ? cat("k_", a.name, " = ", formatNumber(a.scale), " = ", formatNumber(k))
                                : cat("k_", a.name, " = ", a.out, "/", a.in, " = ", formatNumber(k)));
  }
  return i18n::trf("on the Ascend 950 gradInput position i sums window(i) = [ceil(i·k − 0.5), ceil((i+1)·k − 0.5)) "
                   "in float32, {0}",
                   joined(steps, ", "));
}

std::string ruleLine(IndexRule rule, const std::vector<Axis>& axes) {
  std::vector<std::string> steps;
  for (const Axis& a : axes) steps.push_back(stepText(a, sourceSteps(rule, a.o, a.in, a.out, a.scale).s));
  return cat("src = ", sourceFormula(rule), ", ", joined(steps, ", "));
}

// Pooled cell (a, b)'s window, axis by axis (a 3-D call's row a is a slice's row).
std::string windowText(const RunRequest& r, int64_t a, int64_t b) {
  const auto [od, oh] = depthAndRow(r, Side::kOut, a);
  const std::string rowsAndCols = cat(explainAdaptiveAxis(i18n::tr("rows"), oh, r.shape.in[kH], r.shape.out[kH]), "; ",
                                      explainAdaptiveAxis(i18n::tr("cols"), b, r.shape.in[kW], r.shape.out[kW]));
  if (opInfo(r.op).spatialRank != 3) return rowsAndCols;
  return cat(explainAdaptiveAxis(i18n::tr("slices"), od, r.shape.in[kD], r.shape.out[kD]), "; ", rowsAndCols);
}

// The second hint of a window question: its maximum, and what decides between equal ones.
std::string windowMaxHint(const Scene& s, const RunRequest& r, int selfGrid, int64_t a, int64_t b, const CellRef& answer) {
  const SceneGrid* self = s.gridAt(selfGrid);
  if (self == nullptr || !self->grid.hasValues()) return i18n::tr("The indices grid names the cell each window picks.");
  const float best = self->grid.value(s.plane, answer.row, answer.col);
  const std::vector<WindowCell> holding = cellsHolding(self->grid, s.plane, poolWindow(r.shape, a, b), best);
  const size_t same = holding.size();
  const WinnerPlace place = winnerPlace(holding, {answer.row, answer.col});  // ties: the first; NaNs: the last
  if (std::isnan(best)) {
    if (same == 1) return i18n::tr("The window holds a NaN: max pooling lets NaN beat every number.");
    return i18n::trf(place == WinnerPlace::kFirst ? "The window holds {0} NaNs: max pooling lets NaN beat every number (the first in row-major order wins)."
                     : place == WinnerPlace::kLast ? "The window holds {0} NaNs: max pooling lets NaN beat every number (the last in row-major order wins)."
                                                   : "The window holds {0} NaNs: max pooling lets NaN beat every number.",
                     same);
  }
  if (same > 1) {
    return i18n::trf(place == WinnerPlace::kFirst ? "Its max is {0}, held by {1} cells: the first in row-major order (top row first, then left to right) wins."
                     : place == WinnerPlace::kLast
                         ? "Its max is {0}, held by {1} cells: the last in row-major order (top row first, then left to right) wins."
                         : "Its max is {0}, held by {1} cells: which one wins?",
                     formatNumber(best), same);
  }
  return i18n::trf("Its max is {0}: which cell holds it?", formatNumber(best));
}

// A tile's part of its output: "rows [2, 4)" (or its columns or planes when it spans every row).
std::string boxText(const Box& b, const Grid& g) {
  if (b.row1 - b.row0 < g.dims.rows) return i18n::trf("rows [{0}, {1})", b.row0, b.row1);
  if (b.col1 - b.col0 < g.dims.cols) return i18n::trf("cols [{0}, {1})", b.col0, b.col1);
  return i18n::trf("planes [{0}, {1})", b.plane0, b.plane1);
}

const Tile* tileById(const Plan& plan, int32_t id) {
  return id >= 0 && static_cast<size_t>(id) < plan.tiles.size() ? &plan.tiles[static_cast<size_t>(id)] : nullptr;
}

Hints landsIn(const Exercise& e, const Scene& s, const RunRequest& r, const OpInfo& op) {
  const std::string dst = gridName(s, e.answerGrid);
  if (op.rule == IndexRule::kAdaptiveMax) {
    const int self = s.forwardInput;
    return {i18n::trf("{0} goes to the max of its window in {1}: {2}.", cellName(s, e.asked), gridName(s, self), windowText(r, e.asked.row, e.asked.col)),
            e.cells.empty() ? std::string(i18n::tr("It goes to one cell only."))
                            : windowMaxHint(s, r, self, e.asked.row, e.asked.col, e.cells.front())};
  }
  if (cannWindowsRun(s)) {
    return {i18n::trf("{0} lands in the {1} cell whose window holds it: {2}.", cellName(s, e.asked), dst,
                      cannRuleLine(axesAt(op, r, e.asked.row, e.asked.col))),
            i18n::tr("Work out the window edges ceil(i·k − 0.5) for the i near o / k: the edges round up.")};
  }
  std::vector<std::string> setUp, worked;
  for (const Axis& a : axesAt(op, r, e.asked.row, e.asked.col)) {
    setUp.push_back(axisSetUp(op.rule, a));
    worked.push_back(axisWorked(op.rule, a));
  }
  return {i18n::trf("{0} lands in {1} at src of its position: {2}.", cellName(s, e.asked), dst, joined(setUp, "; ")),
          i18n::trf("Worked out: {0}. floor drops the fraction; min keeps it inside the input.", joined(worked, "; "))};
}

Hints feeds(const Exercise& e, const Scene& s, const RunRequest& r, const OpInfo& op) {
  const std::string src = gridName(s, e.answerGrid);
  const size_t n = e.cells.size();
  if (op.rule == IndexRule::kAdaptiveMax) {
    int64_t covering = 0;
    for (int64_t a = 0; a < r.shape.out[kD] * r.shape.out[kH]; ++a)
      for (int64_t b = 0; b < r.shape.out[kW]; ++b) covering += poolWindow(r.shape, a, b).contains(e.asked.row, e.asked.col);
    const int64_t flat = e.asked.row * r.shape.in[kW] + e.asked.col;
    if (op.spatialRank == 3) {  // the asked row is d * H + h
      const auto [d, h] = depthAndRow(r, Side::kIn, e.asked.row);
      return {i18n::trf("Only the windows that cover ({0}, {1}, {2}) can send to it ({3} do), and each sends its gradient to its "
                        "max only.", d, h, e.asked.col, covering),
              i18n::trf("Its flat index is ({0}·{1} + {2})·{3} + {4} = {5}: select the {6} cells whose indices hold {5}.", d,
                        r.shape.in[kH], h, r.shape.in[kW], e.asked.col, flat, src)};
    }
    return {i18n::trf("Only the windows that cover ({0}, {1}) can send to it ({2} do), and each sends its gradient to its max only.",
                      e.asked.row, e.asked.col, covering),
            i18n::trf("Its flat index is {0}·{1} + {2} = {3}: select the {4} cells whose indices hold {3}.", e.asked.row, r.shape.in[kW],
                      e.asked.col, flat, src)};
  }
  const std::vector<Axis> axes = axesAt(op, r, e.asked.row, e.asked.col, Side::kIn);
  if (cannWindowsRun(s)) {
    return {i18n::trf("{0} sums the {1} cells of its window: {2}.", cellName(s, e.asked), src, cannRuleLine(axes)),
            n == 1 ? i18n::trf("{0} cell feeds it: work out both edges of its window, rounding up.", n)
                   : i18n::trf("{0} cells feed it: work out both edges of its window, rounding up.", n)};
  }
  std::vector<std::string> conditions, near;
  for (const Axis& a : axes) {
    const int64_t i = a.o;  // the asked input cell's position along this axis
    conditions.push_back(cat("src_", a.name, "(o_", a.name, ") = ", i));
    const std::string ratio = fmt::format("{:.3g}", i / static_cast<double>(sourceSteps(op.rule, 0, a.in, a.out, a.scale).s));
    near.push_back(i18n::trf("o_{0} near {1} / s_{0} = {2}", a.name, i, ratio));
  }
  // The count helps a search, except when it is 0: that is the answer.
  const char* const also = i18n::tr(" and ");
  return {i18n::trf("A {0} cell feeds {1} when {2}, with {3}.", src, cellName(s, e.asked), joined(conditions, also), ruleLine(op.rule, axes)),
          n == 0   ? i18n::trf("Try {0} and the neighbours, and check src for each.", joined(near, also))
          : n == 1 ? i18n::trf("{0} cell feeds it. Try {1} and the neighbours, and check src for each.", n, joined(near, also))
                   : i18n::trf("{0} cells feed it. Try {1} and the neighbours, and check src for each.", n, joined(near, also))};
}

// The terms that land in a cell, in the order they landed: "1 + 3 + (-2) = ?".
std::string termsText(const Scene& s, const std::vector<uint32_t>& moves, size_t* count) {
  std::vector<float> values;
  for (uint32_t i : moves)
    if (s.trace->moves[i].weight != 0.0f) values.push_back(s.trace->moves[i].value);
  *count = values.size();
  if (values.size() > 12 && std::all_of(values.begin(), values.end(), [&](float v) { return v == values.front(); })) {
    return cat(values.size(), " · ", formatNumber(values.front()), " = ?");
  }
  std::string terms;
  for (size_t k = 0; k < values.size() && k < 12; ++k) {
    const std::string v = formatNumber(values[k]);
    terms += cat(k ? " + " : "", values[k] < 0 ? cat("(", v, ")") : v);
  }
  if (values.size() > 12) terms += i18n::trf(" + ... ({0} more)", values.size() - 12);
  return cat(terms, " = ?");
}

Hints value(const Exercise& e, const Scene& s, const RunRequest& r, const OpInfo& op, const Plan& plan) {
  const std::string src = gridName(s, s.src);
  if (!op.backward) {
    if (op.rule == IndexRule::kAdaptiveMax) {
      return {i18n::trf("{0} is the max of its window of {1}: {2}.", cellName(s, e.asked), src, windowText(r, e.asked.row, e.asked.col)),
              i18n::tr("Read the window's values on the grid: the largest is copied (a NaN beats every number).")};
    }
    std::vector<std::string> setUp, worked;
    for (const Axis& a : axesAt(op, r, e.asked.row, e.asked.col)) {
      setUp.push_back(axisSetUp(op.rule, a));
      worked.push_back(axisWorked(op.rule, a));
    }
    return {i18n::trf("{0} copies one {1} cell: {2}.", cellName(s, e.asked), src, joined(setUp, "; ")),
            i18n::trf("Worked out: {0}; then read that cell of {1}.", joined(worked, "; "), src)};
  }
  const std::string rule = op.rule == IndexRule::kAdaptiveMax
                               ? std::string(i18n::tr("each gradOutput cell lands on its window's max, the cell its indices entry names"))
                               : cannWindowsRun(s) ? cannRuleLine(axesAt(op, r, e.asked.row, e.asked.col, Side::kIn))
                                                   : ruleLine(op.rule, axesAt(op, r, e.asked.row, e.asked.col, Side::kIn));
  Hints hints{i18n::trf("{0} holds the sum of every {1} value that lands in it ({2}). Find them first.", cellName(s, e.asked), src, rule)};
  const std::vector<uint32_t>* moves = s.movesInto(e.asked);
  size_t count = 0;
  const std::string terms = moves ? termsText(s, *moves, &count) : std::string();
  if (count == 0) {
    hints.push_back(i18n::tr("Does any value land in it? A cell nothing adds into keeps the value it started with."));
    return hints;
  }
  // One value: the sum is that value, so the hint names where it comes from instead.
  std::string second = count == 1 ? i18n::trf("One value lands in it: the one from {0}.", cellName(s, s.srcCellOf(s.trace->moves[moves->front()])))
                                  : i18n::trf("{0} values land in it: {1}", count, terms);
  const int mantissa = r.dtype == ACL_FLOAT16 ? 10 : r.dtype == ACL_BF16 ? 7 : -1;
  if (mantissa > 0 && plan.accumulate == Accumulation::kDtype) {
    second += i18n::trf(" Every partial sum is rounded to {0} as it goes ({1} significant bits).", dtypeText(r.dtype), mantissa + 1);
  } else if (mantissa > 0) {
    const double sum = s.trace->moves[moves->back()].sumAfter;
    const double spacing = sum != 0.0 && std::isfinite(sum) ? std::ldexp(1.0, std::ilogb(sum) - mantissa) : 0.0;
    second += spacing > 0 ? i18n::trf(" They are summed in fp32, then rounded once to {0}: near the sum it holds only multiples of {1}.",
                                      dtypeText(r.dtype), formatNumber(spacing))
                          : i18n::trf(" They are summed in fp32, then rounded once to {0}.", dtypeText(r.dtype));
  }
  hints.push_back(second);
  return hints;
}

Hints owner(const Exercise& e, const Scene& s, const Plan& plan) {
  const SceneGrid& dst = s.grids[static_cast<size_t>(e.asked.grid)];
  AtomicAdds adds(&plan);
  std::vector<std::string> tiles, ids;
  for (int32_t id : e.tiles) {
    const Tile* t = tileById(plan, id);
    if (t == nullptr) continue;
    // "atomic" for the rows the tile adds into atomically, not for its whole box (a tile of rows [5, 11)
    // shares row 10 only; it stores rows 5 to 9 plainly).
    std::vector<std::string> shared;
    const int64_t col = std::max<int64_t>(t->dst.col0, 0);
    for (int64_t row = std::max<int64_t>(t->dst.row0, 0); row < std::min(t->dst.row1, dst.grid.dims.rows); ++row)
      if (adds.anyInto(s, CellRef{e.asked.grid, row, col}, id)) shared.push_back(cat(row));
    tiles.push_back(shared.empty() ? cat("T", id, " (", boxText(t->dst, dst.grid), ")")
                                   : i18n::trf("T{0} ({1}; atomic adds into row(s) {2})", id, boxText(t->dst, dst.grid), joined(shared, ", ")));
    ids.push_back(cat("T", id));
  }
  const std::string where = i18n::trf("row {0}, col {1}", e.asked.row, e.asked.col);
  const char* const also = i18n::tr(" and ");
  return {i18n::trf("The plan cuts the work into tiles and deals them to {0} core(s): each tile reads a part of {1} and writes a part "
                    "of {2}. Which cells of {1} land in {3} of {2}? The cores whose tiles read them write it.",
                    e.choices.size(), gridName(s, s.src), dst.grid.name, where),
          i18n::trf("{0} is in {1}. Which core ran {2}? On the Pipeline tab, tick \"kernels only\" and hover the events: each names its core and tile.", where, joined(tiles, also),
                    joined(ids, also))};
}

Hints atomicCells(const Scene& s, const Plan& plan) {
  const std::string dst = gridName(s, s.dst);
  const Grid& src = s.grids[static_cast<size_t>(s.src)].grid;
  const Grid& out = s.grids[static_cast<size_t>(s.dst)].grid;
  // A deterministic run cuts its tiles along gradInput's rows, each gathering what lands in them: its hints speak
  // of what each tile writes (the default mode's bands of gradOutput steered to cells none shares there).
  std::vector<std::string> tiles;  // what the first tiles read (default mode) or write (deterministic)
  std::vector<int32_t> cores;
  size_t reading = 0;  // the tiles that read gradients (a zeroing pass reads none)
  for (const Tile& t : plan.tiles) {
    const PhaseKind kind = plan.phases[static_cast<size_t>(t.phase)].kind;
    if (kind != PhaseKind::kCompute && kind != PhaseKind::kMatmul) continue;
    ++reading;
    if (std::find(cores.begin(), cores.end(), t.core) == cores.end()) cores.push_back(t.core);
    if (tiles.size() >= 8) continue;
    tiles.push_back(plan.deterministic ? i18n::trf("T{0} on {1} writes {2} {3}", t.id, coreTag(plan, t.core), dst, boxText(t.dst, out))
                                       : i18n::trf("T{0} on {1} reads {2} {3}", t.id, coreTag(plan, t.core), src.name, boxText(t.src, src)));
  }
  if (plan.deterministic) {
    return {i18n::trf("A cell gets atomic adds when tiles on different cores both add into it. This run deals its tiles to {0} core(s): "
                      "look at the {1} cells each tile writes.",
                      cores.size(), dst),
            i18n::trf(tiles.size() < reading ? "{0}; and more. A cell gets atomic adds only where the boxes of two cores' tiles meet."
                                             : "{0}. A cell gets atomic adds only where the boxes of two cores' tiles meet.",
                      joined(tiles, "; "))};
  }
  return {i18n::trf("A cell gets atomic adds when tiles on different cores both add into it. This run deals its tiles to {0} core(s): look "
                    "for {1} rows that gradOutput rows of two cores land in.",
                    cores.size(), dst),
          i18n::trf(tiles.size() < reading
                        ? "{0}; and more. A {1} row is shared when the rows on both sides of a tile boundary land in it."
                        : "{0}. A {1} row is shared when the rows on both sides of a tile boundary land in it.",
                    joined(tiles, "; "), dst)};
}

// A SIMT thread's number: where its core's run of cells starts on the plane (thread 0), then the count to the cell.
Hints thread(const Exercise& e, const Scene& s, const Plan& plan) {
  const SceneGrid* g = s.gridAt(e.asked.grid);
  if (g == nullptr) return {};
  const std::optional<ThreadPlane> t = simtThreadsOf(plan, s.plane, g->grid.dims.rows, g->grid.dims.cols);
  if (!t) return {};
  const SimtThread& asked = t->at(e.asked.row, e.asked.col);
  const std::string core = plan.coreName(asked.core);
  std::string first;
  for (int64_t r = 0; r < t->rows && first.empty(); ++r)
    for (int64_t c = 0; c < t->cols && first.empty(); ++c)
      if (const SimtThread& x = t->at(r, c); x.core == asked.core && x.pass == asked.pass && x.thread == 0) first = cellName(s, {e.asked.grid, r, c});
  std::string start = first.empty()
                          ? i18n::trf("{0}'s threads take its run of cells in row-major order, thread 0 the first; the run starts on an "
                                      "earlier plane.", core)
                          : i18n::trf("{0}'s threads take its run of cells in row-major order, thread 0 the first: here the run "
                                      "starts at {1}.", core, first);
  return {start, i18n::trf("Count the cells from there to {0}, row by row ({1} a row): the thread's number is how many come "
                           "before it.", cellName(s, e.asked), t->cols)};
}

Hints offset(const Exercise& e, const Scene& s, const RunRequest& r) {
  const SceneGrid& g = s.grids[static_cast<size_t>(e.asked.grid)];
  const StorageView view = storageOf(g.grid.shape, r);
  const std::vector<int64_t> index = logicalIndex(g.grid.shape, g.grid.flat(s.plane, e.asked.row, e.asked.col));
  std::string symbolic, sum;
  const char* letters = index.size() == 4 ? "nchw" : index.size() == 3 ? "chw" : "hw";
  for (size_t d = 0; d < index.size(); ++d) {
    const char letter = d < std::char_traits<char>::length(letters) ? letters[d] : '?';
    symbolic += cat(d ? " + " : "", letter, "·stride_", letter);
    sum += cat(d ? " + " : "", index[d], "·", view.strides[d]);
  }
  if (view.offset != 0) {
    symbolic += i18n::tr(" + where the view starts");
    sum += cat(" + ", view.offset);
  }
  return {i18n::trf("{0} lays {1} out with {2} (in elements): offset = {3}.", i18n::tr(layoutName(r.layout)), g.grid.name, stridesText(view), symbolic),
          i18n::trf("offset = {0} = ?", sum)};
}

}  // namespace
}  // namespace hints

std::vector<std::string> exerciseHints(const Exercise& e, const Scene& s, const RunRequest& r, const Plan& plan) {
  using namespace hints;
  const OpInfo& op = opInfo(r.op);
  switch (e.spec.kind) {
    case ExerciseKind::kLandsIn: return landsIn(e, s, r, op);
    case ExerciseKind::kFeeds: return feeds(e, s, r, op);
    case ExerciseKind::kValue: return value(e, s, r, op, plan);
    case ExerciseKind::kOwner: return owner(e, s, plan);
    case ExerciseKind::kAtomicCells: return atomicCells(s, plan);
    case ExerciseKind::kOffset: return offset(e, s, r);
    case ExerciseKind::kThread: return thread(e, s, plan);
    case ExerciseKind::kSchedule: return plan.branchHints;
    case ExerciseKind::kChips:
      return {i18n::tr("First: do both chips add the same gradOutput cells into it? The A2 follows PyTorch's map; the 950's "
                       "window edges are ceil(i x k - 0.5) in fp32."),
              i18n::trf("Then: do they round at the same steps? The A2's kernel sums in fp32 and rounds once to {0}; "
                        "the 950's adds in {0}, rounding after every add. A sum of one term rounds the same either way.",
                        dtypeText(r.dtype))};
    case ExerciseKind::kArgmax: {
      const int self = e.answerGrid;
      const auto [od, oh] = depthAndRow(r, Side::kOut, e.asked.row);
      const std::string window = op.spatialRank == 3 ? cat("(", od, ", ", oh, ", ", e.asked.col, ")")
                                                     : cat("(", e.asked.row, ", ", e.asked.col, ")");
      return {i18n::trf("Window {0} covers {1} of {2}: find its largest value.", window,
                        windowText(r, e.asked.row, e.asked.col), gridName(s, self)),
              e.cells.empty() ? std::string() : windowMaxHint(s, r, self, e.asked.row, e.asked.col, e.cells.front())};
    }
  }
  return {};
}

}  // namespace gradlab::viz
