#include "viz/model/exercise_hints.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "viz/model/explain.h"
#include "viz/model/memory_order.h"
#include "viz/model/text.h"

namespace gradlab::viz {
// A namespace of their own: unity builds compile these helpers in one unit with exercise.cpp's.
namespace hints {
namespace {

using Hints = std::vector<std::string>;

std::string gridName(const Scene& s, int grid) {
  const SceneGrid* g = s.gridAt(grid);
  return g ? g->grid.name : std::string("the grid");
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

std::vector<Axis> axesAt(const OpInfo& op, const RunRequest& r, int64_t row, int64_t col) {
  if (op.spatialRank == 1) return {{"l", col, r.inW, r.outW, r.scaleW}};
  return {{"h", row, r.inH, r.outH, r.scaleH}, {"w", col, r.inW, r.outW, r.scaleW}};
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

std::string ruleLine(IndexRule rule, const std::vector<Axis>& axes) {
  std::vector<std::string> steps;
  for (const Axis& a : axes) steps.push_back(stepText(a, sourceSteps(rule, a.o, a.in, a.out, a.scale).s));
  return cat("src = ", sourceFormula(rule), ", ", joined(steps, ", "));
}

std::string windowText(const RunRequest& r, int64_t a, int64_t b) {
  return cat(explainAdaptiveAxis("rows", a, r.inH, r.outH), "; ", explainAdaptiveAxis("cols", b, r.inW, r.outW));
}

// The second hint of a window question: its maximum, and what decides between equal ones.
std::string windowMaxHint(const Scene& s, const RunRequest& r, int selfGrid, int64_t a, int64_t b, const CellRef& answer) {
  const SceneGrid* self = s.gridAt(selfGrid);
  if (self == nullptr || !self->grid.hasValues()) return "The indices grid names the cell each window picks.";
  const float best = self->grid.value(s.plane, answer.row, answer.col);
  const std::vector<WindowCell> holding = cellsHolding(self->grid, s.plane, windowStart(a, r.inH, r.outH), windowEnd(a, r.inH, r.outH),
                                                       windowStart(b, r.inW, r.outW), windowEnd(b, r.inW, r.outW), best);
  const size_t same = holding.size();
  const char* place = winnerPlace(holding, {answer.row, answer.col});  // ties: the first; NaNs: the last
  if (std::isnan(best)) {
    return cat("The window holds ", same == 1 ? "a NaN" : cat(same, " NaNs"), ": max pooling lets NaN beat every number",
               *place ? cat(" (the ", place, " in row-major order wins)") : std::string(), ".");
  }
  if (same > 1) {
    return cat("Its max is ", formatNumber(best), ", held by ", same, " cells: ",
               *place ? cat("the ", place, " in row-major order (top row first, then left to right) wins.") : std::string("which one wins?"));
  }
  return cat("Its max is ", formatNumber(best), ": which cell holds it?");
}

// A tile's part of its output: "rows [2, 4)" (or its columns or planes when it spans every row).
std::string boxText(const Box& b, const Grid& g) {
  if (b.row1 - b.row0 < g.dims.rows) return cat("rows [", b.row0, ", ", b.row1, ")");
  if (b.col1 - b.col0 < g.dims.cols) return cat("cols [", b.col0, ", ", b.col1, ")");
  return cat("planes [", b.plane0, ", ", b.plane1, ")");
}

const Tile* tileById(const Plan& plan, int32_t id) {
  return id >= 0 && static_cast<size_t>(id) < plan.tiles.size() ? &plan.tiles[static_cast<size_t>(id)] : nullptr;
}

Hints landsIn(const Exercise& e, const Scene& s, const RunRequest& r, const OpInfo& op) {
  const std::string dst = gridName(s, e.answerGrid);
  if (op.rule == IndexRule::kAdaptiveMax) {
    const int self = s.forwardInput;
    return {cat(cellName(s, e.asked), " goes to the max of its window in ", gridName(s, self), ": ", windowText(r, e.asked.row, e.asked.col), "."),
            e.cells.empty() ? std::string("It goes to one cell only.") : windowMaxHint(s, r, self, e.asked.row, e.asked.col, e.cells.front())};
  }
  std::vector<std::string> setUp, worked;
  for (const Axis& a : axesAt(op, r, e.asked.row, e.asked.col)) {
    setUp.push_back(axisSetUp(op.rule, a));
    worked.push_back(axisWorked(op.rule, a));
  }
  return {cat(cellName(s, e.asked), " lands in ", dst, " at src of its position: ", joined(setUp, "; "), "."),
          cat("Worked out: ", joined(worked, "; "), ". floor drops the fraction; min keeps it inside the input.")};
}

Hints feeds(const Exercise& e, const Scene& s, const RunRequest& r, const OpInfo& op) {
  const std::string src = gridName(s, e.answerGrid);
  const size_t n = e.cells.size();
  if (op.rule == IndexRule::kAdaptiveMax) {
    int64_t covering = 0;
    for (int64_t a = 0; a < r.outH; ++a)
      for (int64_t b = 0; b < r.outW; ++b)
        covering += e.asked.row >= windowStart(a, r.inH, r.outH) && e.asked.row < windowEnd(a, r.inH, r.outH) &&
                    e.asked.col >= windowStart(b, r.inW, r.outW) && e.asked.col < windowEnd(b, r.inW, r.outW);
    const int64_t flat = e.asked.row * r.inW + e.asked.col;
    return {cat("Only the windows that cover (", e.asked.row, ", ", e.asked.col, ") can send to it (", covering,
                " do), and each sends its gradient to its max only."),
            cat("Its flat index is ", e.asked.row, "·", r.inW, " + ", e.asked.col, " = ", flat, ": select the ", src,
                " cells whose indices hold ", flat, ".")};
  }
  const std::vector<Axis> axes = axesAt(op, r, e.asked.row, e.asked.col);
  std::vector<std::string> conditions, near;
  for (const Axis& a : axes) {
    const int64_t i = a.name[0] == 'h' ? e.asked.row : e.asked.col;
    conditions.push_back(cat("src_", a.name, "(o_", a.name, ") = ", i));
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.3g", i / static_cast<double>(sourceSteps(op.rule, 0, a.in, a.out, a.scale).s));
    near.push_back(cat("o_", a.name, " near ", i, " / s_", a.name, " = ", ratio));
  }
  // The count helps a search, except when it is 0: that is the answer.
  return {cat("A ", src, " cell feeds ", cellName(s, e.asked), " when ", joined(conditions, " and "), ", with ", ruleLine(op.rule, axes), "."),
          cat(n == 0 ? std::string() : cat(n, n == 1 ? " cell feeds" : " cells feed", " it. "), "Try ", joined(near, " and "),
              " and the neighbours, and check src for each.")};
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
  if (values.size() > 12) terms += cat(" + ... (", values.size() - 12, " more)");
  return cat(terms, " = ?");
}

Hints value(const Exercise& e, const Scene& s, const RunRequest& r, const OpInfo& op, const Plan& plan) {
  const std::string src = gridName(s, s.src);
  if (!op.backward) {
    if (op.rule == IndexRule::kAdaptiveMax) {
      return {cat(cellName(s, e.asked), " is the max of its window of ", src, ": ", windowText(r, e.asked.row, e.asked.col), "."),
              "Read the window's values on the grid: the largest is copied (a NaN beats every number)."};
    }
    std::vector<std::string> setUp, worked;
    for (const Axis& a : axesAt(op, r, e.asked.row, e.asked.col)) {
      setUp.push_back(axisSetUp(op.rule, a));
      worked.push_back(axisWorked(op.rule, a));
    }
    return {cat(cellName(s, e.asked), " copies one ", src, " cell: ", joined(setUp, "; "), "."),
            cat("Worked out: ", joined(worked, "; "), "; then read that cell of ", src, ".")};
  }
  const std::string rule = op.rule == IndexRule::kAdaptiveMax
                               ? std::string("each gradOutput cell lands on its window's max, the cell its indices entry names")
                               : ruleLine(op.rule, axesAt(op, r, e.asked.row, e.asked.col));
  Hints hints{cat(cellName(s, e.asked), " holds the sum of every ", src, " value that lands in it (", rule, "). Find them first.")};
  const std::vector<uint32_t>* moves = s.movesInto(e.asked);
  size_t count = 0;
  const std::string terms = moves ? termsText(s, *moves, &count) : std::string();
  if (count == 0) {
    hints.push_back("Does any value land in it? A cell nothing adds into keeps the value it started with.");
    return hints;
  }
  // One value: the sum is that value, so the hint names where it comes from instead.
  std::string second = count == 1 ? cat("One value lands in it: the one from ", cellName(s, s.srcCellOf(s.trace->moves[moves->front()])), ".")
                                  : cat(count, " values land in it: ", terms);
  const int mantissa = r.dtype == ACL_FLOAT16 ? 10 : r.dtype == ACL_BF16 ? 7 : -1;
  if (mantissa > 0 && plan.accumulate == Accumulation::kDtype) {
    second += cat(" Every partial sum is rounded to ", dtypeText(r.dtype), " as it goes (", mantissa + 1, " significant bits).");
  } else if (mantissa > 0) {
    const double sum = s.trace->moves[moves->back()].sumAfter;
    const double spacing = sum != 0.0 && std::isfinite(sum) ? std::ldexp(1.0, std::ilogb(sum) - mantissa) : 0.0;
    second += cat(" They are summed in fp32, then rounded once to ", dtypeText(r.dtype), spacing > 0
                                                                                          ? cat(": near the sum it holds only multiples of ", formatNumber(spacing), ".")
                                                                                          : std::string("."));
  }
  hints.push_back(second);
  return hints;
}

Hints owner(const Exercise& e, const Scene& s, const Plan& plan) {
  const SceneGrid& dst = s.grids[static_cast<size_t>(e.asked.grid)];
  std::vector<std::string> tiles, ids;
  for (int32_t id : e.tiles) {
    const Tile* t = tileById(plan, id);
    if (t == nullptr) continue;
    tiles.push_back(cat("T", id, " (", boxText(t->dst, dst.grid), t->atomic ? ", atomic adds" : "", ")"));
    ids.push_back(cat("T", id));
  }
  const std::string where = cat("row ", e.asked.row, ", col ", e.asked.col);
  return {cat("The plan cuts ", dst.grid.name, " into tiles and deals them to ", e.choices.size(),
              " core(s). Find the tile(s) whose part holds ", where, ": their cores write it."),
          cat(where, " is in ", joined(tiles, " and "), ". Which core ran ", joined(ids, " and "),
              "? The Pipeline tab's lanes show each core's tiles.")};
}

Hints atomicCells(const Scene& s, const Plan& plan) {
  const std::string dst = gridName(s, s.dst);
  const Grid& src = s.grids[static_cast<size_t>(s.src)].grid;
  std::vector<std::string> starts;
  std::vector<int32_t> cores;
  for (const Tile& t : plan.tiles) {
    const PhaseKind kind = plan.phases[static_cast<size_t>(t.phase)].kind;
    if (kind != PhaseKind::kCompute && kind != PhaseKind::kMatmul) continue;
    if (std::find(cores.begin(), cores.end(), t.core) == cores.end()) cores.push_back(t.core);
    if (starts.size() < 8) starts.push_back(cat("T", t.id, " on ", plan.coreName(t.core), " reads ", src.name, " ", boxText(t.src, src)));
  }
  return {cat("A cell gets atomic adds when tiles on different cores both add into it. This run deals its tiles to ",
              cores.size(), " core(s): look for ", dst, " rows that gradOutput rows of two cores land in."),
          cat(joined(starts, "; "), starts.size() < plan.tiles.size() ? "; and more" : "", ". A ", dst,
              " row is shared when the rows on both sides of a tile boundary land in it.")};
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
    symbolic += " + where the view starts";
    sum += cat(" + ", view.offset);
  }
  return {cat(layoutName(r.layout), " lays ", g.grid.name, " out with ", stridesText(view), " (in elements): offset = ", symbolic, "."),
          cat("offset = ", sum, " = ?")};
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
    case ExerciseKind::kArgmax: {
      const int self = e.answerGrid;
      return {cat("Window (", e.asked.row, ", ", e.asked.col, ") covers ", windowText(r, e.asked.row, e.asked.col), " of ",
                  gridName(s, self), ": find its largest value."),
              e.cells.empty() ? std::string() : windowMaxHint(s, r, self, e.asked.row, e.asked.col, e.cells.front())};
    }
  }
  return {};
}

}  // namespace gradlab::viz
