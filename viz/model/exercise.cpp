#include "viz/model/exercise.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>

#include "gradlab/cat.h"
#include "gradlab/half.h"
#include "i18n/translate.h"
#include "viz/model/atomic_adds.h"
#include "viz/model/chips_compare.h"
#include "viz/model/exercise_hints.h"
#include "viz/model/explain.h"
#include "viz/model/memory_order.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

struct KindName {
  ExerciseKind kind;
  const char* name;
};
constexpr KindName kKinds[] = {{ExerciseKind::kLandsIn, "lands-in"},     {ExerciseKind::kFeeds, "feeds"},
                               {ExerciseKind::kOwner, "owner"},          {ExerciseKind::kAtomicCells, "atomic-cells"},
                               {ExerciseKind::kValue, "value"},          {ExerciseKind::kArgmax, "argmax"},
                               {ExerciseKind::kOffset, "offset"},         {ExerciseKind::kSchedule, "schedule"},
                               {ExerciseKind::kChips, "chips"},           {ExerciseKind::kThread, "thread"}};

bool contains(const std::vector<CellRef>& cells, const CellRef& c) {
  return std::find(cells.begin(), cells.end(), c) != cells.end();
}

// Adds `x` when it is not there, removes it when it is: a click on a cell or a core's check box.
template <typename T>
void toggle(std::vector<T>& items, const T& x) {
  const auto at = std::find(items.begin(), items.end(), x);
  if (at == items.end()) items.push_back(x);
  else items.erase(at);
}

void addUnique(std::vector<CellRef>& cells, const CellRef& c) {
  if (!contains(cells, c)) cells.push_back(c);
}

std::string names(const Scene& s, const std::vector<CellRef>& cells, size_t most = 8) {
  std::string out;
  for (size_t i = 0; i < cells.size() && i < most; ++i) out += cat(i ? ", " : "", cellName(s, cells[i]));
  if (cells.size() > most) out = i18n::trf("{0} and {1} more", out, cells.size() - most);
  return cells.empty() ? std::string(i18n::tr("none")) : out;
}

// Moves that carry a value (a matrix product's 0 × inf is recorded too, but feeds nothing).
bool feeding(const CellMove& m) { return m.weight != 0.0f; }

// The cells a cell's values end in (downstream: the output cells a src cell feeds) or come from (upstream:
// the src cells that feed an output cell), following the cube's hop through its intermediate T.
std::vector<CellRef> follow(const Scene& s, const CellRef& cell, bool downstream) {
  std::vector<CellRef> out;
  const std::vector<uint32_t>* moves = downstream ? s.movesOutOf(cell) : s.movesInto(cell);
  if (moves == nullptr) return out;
  for (uint32_t i : *moves) {
    const CellMove& m = s.trace->moves[i];
    if (!feeding(m)) continue;
    const CellRef next = downstream ? s.dstCellOf(m) : s.srcCellOf(m);
    if (next.grid != s.mid) {
      addUnique(out, next);
      continue;
    }
    for (const CellRef& c : follow(s, next, downstream)) addUnique(out, c);
  }
  return out;
}

// A tile that writes the output on the grids: one of a compute or matmul phase whose dst is the output.
bool writesOutput(const Plan& plan, const Tile& t) {
  const PhaseKind kind = plan.phases[static_cast<size_t>(t.phase)].kind;
  return (kind == PhaseKind::kCompute || kind == PhaseKind::kMatmul) && tileBoxOnGrid(plan, t, false, -1);
}

// The tiles writing the output whose dst box covers `cell` of the dst grid on the plane.
std::vector<const Tile*> writers(const Plan& plan, const Scene& s, const CellRef& cell) {
  std::vector<const Tile*> out;
  for (const Tile& t : plan.tiles) {
    if (!writesOutput(plan, t)) continue;
    const Box& b = t.dst;
    if (s.plane < b.plane0 || s.plane >= b.plane1 || cell.col < b.col0 || cell.col >= b.col1) continue;
    const int64_t rows = s.grids[static_cast<size_t>(cell.grid)].grid.dims.rows;
    for (const auto& [r0, r1] : boxRowRuns(plan, b, false, -1, rows)) {
      if (cell.row >= r0 && cell.row < r1) {
        out.push_back(&t);
        break;
      }
    }
  }
  return out;
}

void sortCells(std::vector<CellRef>& cells) {
  std::sort(cells.begin(), cells.end(), [](const CellRef& a, const CellRef& b) {
    return a.grid != b.grid ? a.grid < b.grid : a.row != b.row ? a.row < b.row : a.col < b.col;
  });
}

bool sameSet(std::vector<CellRef> a, std::vector<CellRef> b) {
  sortCells(a);
  sortCells(b);
  return a == b;
}

// A typed number is right when it is the value, or agrees with it to 4 significant digits (nobody types a
// float's 9) and, in float16 and bfloat16, lies closer to it than to either neighbour of the dtype: typing
// the unrounded sum (2051 for float16's 2052) is the mistake the question is about.
bool numberMatches(double typed, double right, aclDataType dtype) {
  if (std::isnan(right)) return std::isnan(typed);
  if (typed == right) return true;
  if (!std::isfinite(right) || !std::isfinite(typed)) return false;
  double tolerance = 5e-4 * std::fabs(right);
  const int mantissa = dtype == ACL_FLOAT16 ? 10 : dtype == ACL_BF16 ? 7 : -1;
  if (mantissa > 0 && right != 0.0) tolerance = std::min(tolerance, std::ldexp(1.0, std::ilogb(right) - mantissa) / 4.0);
  return std::fabs(typed - right) <= tolerance;
}

const SceneGrid& grid(const Scene& s, int index) { return s.grids[static_cast<size_t>(index)]; }

// The sum a cell of an output received, in the order the adds landed: "1 + 3 + (-2) = 2"; in float16 and
// bfloat16 also where the rounding happened (once at the end, or after every add).
std::string sumText(const Scene& s, const CellRef& cell, float result, aclDataType dtype, Accumulation accumulate) {
  const std::vector<uint32_t>* moves = s.movesInto(cell);
  if (moves == nullptr || moves->empty()) return i18n::tr("nothing lands here: it keeps its 0");
  std::string terms, running;
  size_t shown = 0;
  for (uint32_t i : *moves) {
    const CellMove& m = s.trace->moves[i];
    if (!feeding(m)) continue;
    if (++shown > 12) {
      terms += " + ...";
      break;
    }
    const std::string v = formatNumber(m.value);
    terms += cat(terms.empty() ? "" : " + ", m.value < 0 ? cat("(", v, ")") : v);
    running += cat(running.empty() ? "" : " -> ", formatNumber(m.sumAfter));
  }
  const bool low = dtype == ACL_FLOAT16 || dtype == ACL_BF16;
  if (!low || shown > 12) return cat(terms, " = ", formatNumber(result));
  if (accumulate == Accumulation::kDtype) {
    return i18n::trf("{0}, every partial sum rounded to {1}: {2} = {3}", terms, dtypeText(dtype), running, formatNumber(result));
  }
  return i18n::trf("{0} = {1} in fp32, rounded once to {2}: {3}", terms, formatNumber(s.trace->moves[moves->back()].sumAfter),
                   dtypeText(dtype), formatNumber(result));
}

// The exact sum of the adds that feed `cell` (nothing rounded), if any land there.
std::optional<double> exactSumInto(const Scene& s, const CellRef& cell) {
  const std::vector<uint32_t>* moves = s.movesInto(cell);
  if (moves == nullptr) return std::nullopt;
  double sum = 0.0;
  for (uint32_t i : *moves)
    if (feeding(s.trace->moves[i])) sum += s.trace->moves[i].value;
  return sum;
}

// Where a cell of a grid lies in its storage, worked out from the strides of the run's layout.
std::vector<std::string> offsetWhy(const SceneGrid& g, const RunRequest& r, int64_t flat, int64_t offset) {
  const StorageView view = storageOf(g.grid.shape, r);
  const std::vector<int64_t> index = logicalIndex(g.grid.shape, flat);
  std::string sum;
  for (size_t d = 0; d < index.size(); ++d) sum += cat(d ? " + " : "", index[d], "·", view.strides[d]);
  if (view.offset != 0) sum += cat(" + ", view.offset);
  std::vector<std::string> why = {i18n::trf("{0}: {1} (one stride per index, in elements)", i18n::tr(layoutName(r.layout)), stridesText(view)),
                                  i18n::trf("offset = {0} = {1}", sum, offset)};
  if (r.layout == Layout::kChannelsLast) why.push_back(i18n::tr("channels innermost: the channels of one pixel sit side by side"));
  if (view.offset != 0) why.push_back(i18n::trf("the view starts {0} elements into its storage; its rows are padded", view.offset));
  return why;
}

}  // namespace

const char* exerciseKindName(ExerciseKind kind) {
  for (const KindName& k : kKinds) {
    if (k.kind == kind) return k.name;
  }
  return "?";
}

std::optional<ExerciseKind> exerciseKindFromName(const std::string& text) {
  for (const KindName& k : kKinds) {
    if (text == k.name) return k.kind;
  }
  return std::nullopt;
}

std::string exerciseProblem(const ExerciseSpec& spec, const RunRequest& r) {
  const OpInfo& op = opInfo(r.op);
  const bool pooling = op.rule == IndexRule::kAdaptiveMax;
  const char* kind = exerciseKindName(spec.kind);
  if (spec.kind == ExerciseKind::kArgmax && !pooling)
    return i18n::trf("\"{0}\" asks about adaptive pooling; {1} has no windows", kind, op.name);
  if ((spec.kind == ExerciseKind::kLandsIn || spec.kind == ExerciseKind::kFeeds || spec.kind == ExerciseKind::kAtomicCells) &&
      !op.backward) {
    return i18n::trf("\"{0}\" asks about a backward operator's sums; {1} is a forward", kind, op.name);
  }
  if (spec.kind == ExerciseKind::kAtomicCells || spec.kind == ExerciseKind::kSchedule) return "";
  // The asked cell: on gradOutput (lands-in), the pooled output (argmax), else the output the op writes.
  const bool outSide = spec.kind == ExerciseKind::kLandsIn || spec.kind == ExerciseKind::kArgmax || !op.backward;
  const PlaneDims d = planeDims(op, sideShape(op, outSide ? Side::kOut : Side::kIn, r.shape));
  if (spec.row < 0 || spec.row >= d.rows) return i18n::trf("{0} is {1}, outside [0, {2})", "\"row\"", spec.row, d.rows);
  if (spec.col < 0 || spec.col >= d.cols) return i18n::trf("{0} is {1}, outside [0, {2})", "\"col\"", spec.col, d.cols);
  return "";
}

Exercise buildExercise(const ExerciseSpec& spec, const Scene& s, const RunRequest& r, const RunResult& result,
                       const std::function<RunResult(const RunRequest&)>& runCall) {
  Exercise e;
  e.spec = spec;
  e.dtype = r.dtype;
  if (!result.ok() || !result.plan) {
    e.error = i18n::tr("the run failed, so there is nothing to predict");
    return e;
  }
  if (!s.trace || s.trace->movesTruncated) {
    e.error = i18n::tr("the run has no complete trace to check answers against");
    return e;
  }
  const OpInfo& op = opInfo(r.op);
  const Plan& plan = *result.plan;
  const SceneGrid& src = grid(s, s.src);
  const SceneGrid& dst = grid(s, s.dst);
  const CellRef at{s.dst, spec.row, spec.col};
  switch (spec.kind) {
    case ExerciseKind::kLandsIn: {
      e.asked = {s.src, spec.row, spec.col};
      e.input = AnswerInput::kOneCell;
      e.answerGrid = s.dst;
      e.cells = follow(s, e.asked, true);
      e.question = i18n::trf("Click the {0} cell that {1} lands in.", dst.grid.name, cellName(s, e.asked));
      e.why = explainCell(s, r, e.asked).lines;
      break;
    }
    case ExerciseKind::kFeeds: {
      e.asked = at;
      e.input = AnswerInput::kCells;
      e.answerGrid = s.src;
      e.cells = follow(s, e.asked, false);
      sortCells(e.cells);
      e.question = i18n::trf("Select every {0} cell that feeds {1}, then press Check.", src.grid.name, cellName(s, e.asked));
      e.why = explainCell(s, r, e.asked).lines;
      break;
    }
    case ExerciseKind::kOwner: {
      e.asked = at;
      e.input = AnswerInput::kCores;
      std::set<int32_t> right, working;
      for (const Tile& t : plan.tiles) {
        if (writesOutput(plan, t)) working.insert(t.core);
      }
      e.question = i18n::trf("Which core writes {0}? Pick every core that does, then press Check.", cellName(s, e.asked));
      AtomicAdds atomics(&plan);
      for (const Tile* t : writers(plan, s, e.asked)) {
        right.insert(t->core);
        e.tiles.push_back(t->id);
        // "atomically" only where this tile's adds into the cell are atomic (a tile marked atomic stores
        // plainly into the rows its core alone writes).
        const bool atomic = atomics.anyInto(s, e.asked, t->id);
        e.why.push_back(i18n::trf(atomic ? "tile T{0} on {1} adds into it atomically ({2})" : "tile T{0} on {1} writes it ({2})", t->id,
                                  coreTag(plan, t->core), plan.phases[static_cast<size_t>(t->phase)].what));
      }
      if (!plan.coreChoice.empty()) e.why.push_back(i18n::trf("cores: {0}", plan.coreChoice));
      e.cores.assign(right.begin(), right.end());
      e.choices.assign(working.begin(), working.end());
      for (int32_t c : e.choices) e.coreNames.push_back(coreTag(plan, c));  // as the legend and the tile tags name them
      break;
    }
    case ExerciseKind::kAtomicCells: {
      // The cells the run's atomic adds reached: moves recorded by a line of the kernel's listing that adds
      // with SetAtomicAdd on (a tile may add plainly into the rows only its core writes).
      e.input = AnswerInput::kCells;
      e.answerGrid = s.dst;
      AtomicAdds atomics(&plan);
      for (uint32_t i : s.planeMoves) {
        const CellMove& m = s.trace->moves[i];
        if (!atomics.atomic(m)) continue;
        const CellRef to = s.dstCellOf(m);
        if (to.grid == s.dst) addUnique(e.cells, to);
      }
      sortCells(e.cells);
      e.question = i18n::trf("Select every {0} cell that receives atomic adds (there may be none), then press Check.", dst.grid.name);
      e.why.push_back(plan.strategy);
      if (!plan.strategyNote.empty()) e.why.push_back(plan.strategyNote);
      break;
    }
    case ExerciseKind::kValue: {
      e.asked = at;
      e.input = AnswerInput::kNumber;
      e.number = dst.grid.value(s.plane, spec.row, spec.col);
      e.summed = op.backward;
      e.question = r.dtype == ACL_FLOAT16 || r.dtype == ACL_BF16
                       ? i18n::trf("What will {0} hold? Type the number. (It is rounded to {1}.)", cellName(s, e.asked), dtypeText(r.dtype))
                       : i18n::trf("What will {0} hold? Type the number.", cellName(s, e.asked));
      if (op.backward) e.why.push_back(sumText(s, e.asked, static_cast<float>(e.number), r.dtype, plan.accumulate));
      if (const std::optional<double> sum = exactSumInto(s, e.asked); op.backward && sum && (r.dtype == ACL_FLOAT16 || r.dtype == ACL_BF16)) {
        e.exactSum = sum;
        const float f = static_cast<float>(*sum);
        const auto toLow = [&](float x) { return r.dtype == ACL_FLOAT16 ? halfBitsToFloat(floatToHalfBits(x)) : bf16BitsToFloat(floatToBf16Bits(x)); };
        e.roundedOnce = toLow(f);
        // A tie: the sum's other neighbour lies as far from it as the one it rounds to (2051 between 2050 and 2052).
        if (const float other = 2.0f * f - static_cast<float>(*e.roundedOnce); static_cast<double>(f) == *sum && other != *e.roundedOnce && toLow(other) == other)
          e.tieLoser = other;
      }
      for (std::string& line : explainCell(s, r, e.asked).lines) e.why.push_back(std::move(line));
      break;
    }
    case ExerciseKind::kOffset: {
      e.asked = at;
      e.input = AnswerInput::kNumber;
      const int64_t flat = dst.grid.flat(s.plane, spec.row, spec.col);
      const int64_t offset = offsetOfCell(dst.grid.shape, storageOf(dst.grid.shape, r), flat);
      e.number = static_cast<double>(offset);
      e.exact = true;
      e.question = i18n::trf("At which memory offset does {0} sit in the {1} layout? Type the number of elements from the start of its storage.",
                             cellName(s, e.asked), i18n::tr(layoutName(r.layout)));
      e.why = offsetWhy(dst, r, flat, offset);
      break;
    }
    case ExerciseKind::kSchedule: {
      if (plan.branches.empty() || plan.branch < 0 || plan.branch >= static_cast<int32_t>(plan.branches.size())) {
        e.error = i18n::trf("{0} runs one way for every call: it picks no schedule", plan.strategyName);
        return e;
      }
      e.input = AnswerInput::kChoice;
      e.options = plan.branches;
      e.rightOption = plan.branch;
      e.question = i18n::tr("Which schedule does the tiling pick for this call: what does one thread take? Pick one, then press Check.");
      e.why.push_back(plan.strategy);
      if (!plan.coreChoice.empty()) e.why.push_back(i18n::trf("cores: {0}", plan.coreChoice));
      break;
    }
    case ExerciseKind::kChips: {
      RunRequest quiet = r;
      quiet.trace = false;
      const ChipsRun chips = runOnBothChips(quiet, runCall ? runCall : [](const RunRequest& q) { return gradlab::run(q); }, &result);
      if (!chips.ok()) {
        e.error = chips.error;
        return e;
      }
      const size_t flat = static_cast<size_t>(dst.grid.flat(s.plane, spec.row, spec.col));
      if (flat >= chips.reasons.size()) {
        e.error = i18n::tr("the two chips' outputs have another shape than the run on screen");
        return e;
      }
      e.asked = at;
      e.input = AnswerInput::kChoice;
      e.options = {i18n::tr("yes, bit for bit"), i18n::tr("no: other cells land in it"), i18n::tr("no: rounded another way")};
      e.rightOption = chips.reasons[flat];
      e.question = i18n::trf(r.dtype == ACL_FLOAT16 || r.dtype == ACL_BF16
                                 ? "Do the Atlas A2 and the Ascend 950 give {0} the same value in {1}? Pick one, then press Check."
                                 : "Do the Atlas A2 and the Ascend 950 give {0} the same value? Pick one, then press Check.",
                             cellName(s, e.asked), dtypeText(r.dtype));
      for (int i = 0; i < 2; ++i) {
        const RunResult& run = chips.results[i];
        const std::string strategy = run.plan ? run.plan->strategyName : std::string();
        e.why.push_back(i18n::trf("{0} ({1}): {2}", kComparedChips[i].title, strategy,
                                  formatNumber(primaryOutput(run)->values[flat])));
      }
      e.why.push_back(i18n::tr(e.rightOption == kWindowReason
                                   ? "the 950's window for this cell (ceil(i x scale - 0.5) in fp32) holds other gradOutput cells than PyTorch's map"
                               : e.rightOption == kOrderReason
                                   ? "the same terms, added in another order or rounded at other steps"
                                   : "the same terms, added and rounded the same way: the same bits"));
      for (int i = 0; i < 2; ++i) {
        const StrategyInfo* info = chips.results[i].plan ? chips.results[i].plan->strategyInfo() : nullptr;
        if (info != nullptr) e.why.push_back(i18n::trf("{0}: {1}", kComparedChips[i].title, i18n::tr(info->order)));
      }
      break;
    }
    case ExerciseKind::kThread: {
      const StrategyInfo* info = plan.strategyInfo();
      const std::optional<SimtThread> t =
          info && info->threadOf ? info->threadOf(plan, s.plane, spec.row, spec.col) : std::optional<SimtThread>{};
      if (!t) {
        e.error = i18n::trf("{0} runs no SIMT threads: there is no thread to ask about", plan.strategyName);
        return e;
      }
      e.asked = at;
      e.input = AnswerInput::kNumber;
      e.number = static_cast<double>(t->thread);
      e.exact = true;
      e.question = i18n::trf("Which thread of {0} gathers {1}? Type its number (a core's threads count from 0).",
                             plan.coreName(t->core), cellName(s, e.asked));
      e.why = explainCell(s, r, e.asked).lines;  // its window, and the thread, warp and lane that sum it
      break;
    }
    case ExerciseKind::kArgmax: {
      const int pooled = op.backward ? s.src : s.dst;
      e.asked = {pooled, spec.row, spec.col};
      e.input = AnswerInput::kOneCell;
      const SceneGrid* self = op.backward ? s.gridAt(s.forwardInput) : s.gridAt(s.src);
      const SceneGrid* ix = s.gridAt(s.indices);
      if (self == nullptr || ix == nullptr || !ix->grid.hasValues()) {
        e.error = i18n::tr("the run shows no self and indices to pick from");
        return e;
      }
      e.answerGrid = op.backward ? s.forwardInput : s.src;
      const int64_t W = std::max<int64_t>(r.shape.in[kW], 1);
      const int64_t idx = static_cast<int64_t>(ix->grid.value(s.plane, spec.row, spec.col));
      e.cells = {CellRef{e.answerGrid, idx / W, idx % W}};
      const auto [od, oh] = depthAndRow(r, Side::kOut, spec.row);
      e.question = op.spatialRank == 3
                       ? i18n::trf("Click the {0} cell that window ({1}, {2}, {3}) picks: its max.", self->grid.name, od, oh,
                                   spec.col)
                       : i18n::trf("Click the {0} cell that window ({1}, {2}) picks: its max.", self->grid.name, spec.row, spec.col);
      e.why = explainCell(s, r, e.asked).lines;
      break;
    }
  }
  if (!spec.hint.empty()) e.question += cat(" ", spec.hint);
  if (const SceneGrid* g = s.gridAt(e.answerGrid)) {
    e.answerRows = g->grid.dims.rows, e.answerCols = g->grid.dims.cols;
    const auto& shape = g->grid.shape;
    if (op.spatialRank == 3 && shape.size() >= 4) e.answerSliceRows = shape[shape.size() - 2];
  }
  e.hints = exerciseHints(e, s, r, plan);
  return e;
}

namespace {
std::string optionText(const Exercise& e, int32_t option) {
  return option >= 0 && option < static_cast<int32_t>(e.options.size()) ? e.options[static_cast<size_t>(option)] : cat("#", option);
}

// A picked cell as the student sees it on the answer grid: (row, col), (d, h, w) in a 3-D call's depth slices,
// or (col) on a 1-D operator's one row.
std::string pickedCell(const Exercise& e, const CellRef& cell) {
  if (e.answerSliceRows > 0) {
    return cat("(", cell.row / e.answerSliceRows, ", ", cell.row % e.answerSliceRows, ", ", cell.col, ")");
  }
  return e.answerRows == 1 ? cat("(", cell.col, ")") : cat("(", cell.row, ", ", cell.col, ")");
}
}  // namespace

Verdict checkAnswer(const Exercise& e, const Answer& a, const Scene& s) {
  Verdict v;
  v.lines = e.why;
  switch (e.input) {
    case AnswerInput::kOneCell: {
      v.correct = !a.cells.empty() && contains(e.cells, a.cells.front());
      const std::string right = e.cells.empty() ? std::string(i18n::tr("nowhere"))
                                                : i18n::trf("cell {0}", pickedCell(e, e.cells.front()));
      v.headline = v.correct ? i18n::trf("Right: {0}.", right)
                   : a.cells.empty() ? i18n::trf("No cell picked: the answer is {0}.", right)
                                     : i18n::trf("Not quite: you picked {0}; the answer is {1}.", pickedCell(e, a.cells.front()), right);
      break;
    }
    case AnswerInput::kCells: {
      v.correct = sameSet(a.cells, e.cells);
      size_t missing = 0, extra = 0;
      for (const CellRef& c : e.cells) missing += contains(a.cells, c) ? 0 : 1;
      for (const CellRef& c : a.cells) extra += contains(e.cells, c) ? 0 : 1;
      v.headline = v.correct ? (e.cells.empty()       ? std::string(i18n::tr("Right: no cell."))
                                : e.cells.size() == 1 ? std::string(i18n::tr("Right: that cell."))
                                : e.cells.size() == 2 ? std::string(i18n::tr("Right: both cells."))
                                                      : i18n::trf("Right: all {0} cells.", e.cells.size()))
                             : i18n::trf("Not quite: {0} missing, {1} too many; the answer is {2}.", missing, extra, names(s, e.cells));
      break;
    }
    case AnswerInput::kNumber: {
      v.correct = a.number && (e.exact ? *a.number == e.number : numberMatches(*a.number, e.number, e.dtype));
      const bool offset = e.spec.kind == ExerciseKind::kOffset;  // an offset is where a cell is, not what it holds
      const bool thread = e.spec.kind == ExerciseKind::kThread;  // and a thread who gathers it
      v.headline = v.correct ? i18n::trf("Right: {0}.", formatNumber(e.number))
                   : a.number ? i18n::trf(offset   ? "Not quite: you typed {0}; its offset is {1}."
                                          : thread ? "Not quite: you typed {0}; thread {1} gathers it."
                                                   : "Not quite: you typed {0}; it holds {1}.",
                                          formatNumber(*a.number), formatNumber(e.number))
                              : i18n::trf(offset   ? "No number typed: its offset is {0}."
                                          : thread ? "No number typed: thread {0} gathers it."
                                                   : "No number typed: it holds {0}.",
                                          formatNumber(e.number));
      break;
    }
    case AnswerInput::kCores: {
      std::vector<int32_t> got = a.cores, want = e.cores;
      std::sort(got.begin(), got.end());
      got.erase(std::unique(got.begin(), got.end()), got.end());
      v.correct = got == want;
      std::string right;
      for (int32_t c : want) {
        const auto at = std::find(e.choices.begin(), e.choices.end(), c);
        right += cat(right.empty() ? "" : ", ",
                     at == e.choices.end() ? i18n::trf("core {0}", c) : e.coreNames[static_cast<size_t>(at - e.choices.begin())]);
      }
      v.headline = v.correct ? i18n::trf("Right: {0}.", right)
                             : i18n::trf("Not quite: {0}.", right.empty() ? std::string(i18n::tr("no core")) : right);
      break;
    }
    case AnswerInput::kChoice: {
      v.correct = a.choice == e.rightOption;
      const std::string right = optionText(e, e.rightOption);
      v.headline = v.correct ? i18n::trf("Right: {0}.", right)
                   : a.choice ? i18n::trf("Not quite: you picked \"{0}\"; the answer is \"{1}\".", optionText(e, *a.choice), right)
                              : i18n::trf("Nothing picked: the answer is \"{0}\".", right);
      break;
    }
  }
  return v;
}

Verdict retryVerdict(const Exercise& e, const Answer& a) {
  Verdict v;
  switch (e.input) {
    case AnswerInput::kOneCell:
      v.headline = a.cells.empty() ? std::string(i18n::tr("No cell picked yet."))
                                   : i18n::trf("Not yet: {0} is not it.", pickedCell(e, a.cells.front()));
      break;
    case AnswerInput::kCells: {
      size_t extra = 0;
      for (const CellRef& c : a.cells) extra += contains(e.cells, c) ? 0 : 1;
      // Never "0 missing": where the answer is no cell at all, that would give it away. How many picks are
      // right, and that something is still missing only when every pick is right (then it must be).
      const size_t right = a.cells.size() - extra;
      v.headline = a.cells.empty()  ? std::string(i18n::tr("Not yet: no cell is selected."))
                   : extra == 0     ? (a.cells.size() == 1 ? std::string(i18n::tr("Not yet: that cell is right; more are missing."))
                                                                : i18n::trf("Not yet: those {0} cells are right; more are missing.", a.cells.size()))
                   : a.cells.size() == 1 ? std::string(i18n::tr("Not yet: that cell is not right."))
                                         : i18n::trf("Not yet: {0} of your {1} cells are right.", right, a.cells.size());
      break;
    }
    case AnswerInput::kNumber:
      if (!a.number) {
        v.headline = i18n::tr("Type a number first.");
      } else if (e.exactSum && *e.exactSum != e.number && static_cast<float>(*a.number) == static_cast<float>(*e.exactSum)) {
        v.headline = i18n::trf("Not yet: {0} is the exact sum, and {1} cannot hold it.", formatNumber(*a.number), dtypeText(e.dtype));
      } else if (e.roundedOnce && *e.roundedOnce != e.number && static_cast<float>(*a.number) == static_cast<float>(*e.roundedOnce)) {
        v.headline = i18n::trf("Not yet: {0} is the exact sum rounded once; here every partial sum is rounded.", formatNumber(*a.number));
      } else if (e.tieLoser && e.roundedOnce == e.number && static_cast<float>(*a.number) == static_cast<float>(*e.tieLoser)) {
        v.headline = i18n::trf("Not yet: the sum {1} lies halfway between {0} and the next {2} value; a tie goes to the one whose last bit is even.",
                               formatNumber(*a.number), formatNumber(*e.exactSum), dtypeText(e.dtype));
      } else if (e.spec.kind == ExerciseKind::kOffset) {  // "it does not hold 15" answered an offset question
        v.headline = i18n::trf("Not yet: its offset is not {0}.", formatNumber(*a.number));
      } else if (e.spec.kind == ExerciseKind::kThread) {
        v.headline = i18n::trf("Not yet: thread {0} gathers another cell.", formatNumber(*a.number));
      } else {
        v.headline = i18n::trf("Not yet: it does not hold {0}.", formatNumber(*a.number));
      }
      break;
    case AnswerInput::kCores:
      v.headline = i18n::tr("Not yet: that is not the set of cores that write it.");
      break;
    case AnswerInput::kChoice:
      v.headline = a.choice ? i18n::trf("Not yet: it is not \"{0}\".", optionText(e, *a.choice)) : std::string(i18n::tr("Pick one first."));
      break;
  }
  return v;
}

std::string revealNote(const Exercise& e) {
  switch (e.input) {
    case AnswerInput::kOneCell:
    case AnswerInput::kCells:
      if (e.cells.empty()) return i18n::tr("No cell is right, so none is outlined; the animation shows the run.");
      return i18n::tr(e.cells.size() == 1 ? "The right cell is outlined; the animation shows it happen."
                                          : "The right cells are outlined; the animation shows it happen.");
    case AnswerInput::kCores:
      return i18n::tr(e.tiles.empty() ? "The animation shows the cores at work."
                                      : "The tiles that write it are outlined; the animation shows them at work.");
    case AnswerInput::kNumber:
      if (e.spec.kind == ExerciseKind::kOffset) return "";  // the memory strip marks the offset
      if (e.spec.kind == ExerciseKind::kThread) return i18n::tr("Each cell's thread is numbered where the cells hold it; the warps are outlined.");
      return i18n::tr(e.summed ? "The animation shows the value build up." : "The animation shows the cell copied.");
    case AnswerInput::kChoice:
      return i18n::tr(e.spec.kind == ExerciseKind::kChips ? "The Compare tab's across-chips view now shows both runs, cell by cell."
                                                          : "The plan and the tile table now say what was picked and why.");
  }
  return "";
}

Answer rightAnswer(const Exercise& e) {
  Answer a;
  a.cells = e.input == AnswerInput::kOneCell && !e.cells.empty() ? std::vector<CellRef>{e.cells.front()} : e.cells;
  a.number = e.number;
  a.cores = e.cores;
  if (e.input == AnswerInput::kChoice) a.choice = e.rightOption;
  return a;
}

Answer wrongAnswer(const Exercise& e) {
  Answer a = rightAnswer(e);
  switch (e.input) {
    case AnswerInput::kOneCell:
    case AnswerInput::kCells: {
      // One fewer of the right cells, or the first cell of the answer grid that is not right.
      a.cells.clear();
      if (e.input == AnswerInput::kCells && e.cells.size() > 1) {
        a.cells.assign(e.cells.begin() + 1, e.cells.end());
        break;
      }
      for (int64_t row = 0; row < e.answerRows && a.cells.empty(); ++row) {
        for (int64_t col = 0; col < e.answerCols && a.cells.empty(); ++col) {
          const CellRef c{e.answerGrid, row, col};
          if (!contains(e.cells, c)) a.cells.push_back(c);
        }
      }
      break;
    }
    case AnswerInput::kNumber:
      a.number = std::isfinite(e.number) ? e.number + 1.0 : 0.0;
      break;
    case AnswerInput::kChoice:
      a.choice = e.options.empty() ? 0 : (e.rightOption + 1) % static_cast<int32_t>(e.options.size());
      break;
    case AnswerInput::kCores:
      a.cores.clear();
      for (int32_t c : e.choices) {
        if (std::find(e.cores.begin(), e.cores.end(), c) == e.cores.end()) {
          a.cores = {c};
          break;
        }
      }
      break;
  }
  return a;
}

std::optional<double> parseTypedNumber(const std::string& text) {
  std::string t;
  for (char c : text) {
    if (c != ' ' && c != '\t') t += static_cast<char>(c == ',' ? '.' : std::tolower(static_cast<unsigned char>(c)));
  }
  if (t.empty()) return std::nullopt;
  if (const auto word = nonFiniteNumber(t)) return *word;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return std::nullopt;
  return v;
}

// A changed answer clears the last try's verdict: "(1, 2) is not it" stayed under a new pick.
void ExerciseState::pickCell(const CellRef& cell) {
  if (!open() || cell.grid != exercise.answerGrid) return;
  verdict.reset();
  if (exercise.input == AnswerInput::kOneCell) {
    answer.cells = {cell};
  } else if (exercise.input == AnswerInput::kCells) {
    toggle(answer.cells, cell);
  }
}

void ExerciseState::toggleCore(int32_t core) {
  if (!open()) return;
  verdict.reset();
  toggle(answer.cores, core);
}

void ExerciseState::pickOption(int32_t option) {
  if (!open() || option < 0 || option >= static_cast<int32_t>(exercise.options.size())) return;
  verdict.reset();
  answer.choice = option;
}

bool ExerciseState::picked(const CellRef& cell) const {
  return contains(answer.cells, cell);
}

const Verdict& ExerciseState::check(const Scene& scene) {
  if (exercise.input == AnswerInput::kNumber) answer.number = parseTypedNumber(typed);
  verdict = checkAnswer(exercise, answer, scene);
  if (verdict->correct) {
    revealed = true;
  } else {
    verdict = retryVerdict(exercise, answer);
    ++wrongTries;
    hintsShown = std::min(std::max(hintsShown, wrongTries), static_cast<int>(exercise.hints.size()));
  }
  return *verdict;
}

bool ExerciseState::showHint() {
  if (!open() || hintsShown >= static_cast<int>(exercise.hints.size())) return false;
  ++hintsShown;
  ++hintsAsked;
  return true;
}

}  // namespace gradlab::viz
