#include "viz/model/caption.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "gradlab/ops.h"
#include "i18n/translate.h"
#include "viz/model/animation.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

using i18n::tr, i18n::trf;

// "gradInput[4, 3]" -> the cell of the plane shown.
std::optional<CellRef> parseCell(const std::string& text, const Scene& s, std::string* why) {
  const size_t open = text.find('['), comma = text.find(',', open), close = text.find(']', comma);
  if (open == std::string::npos || comma == std::string::npos || close == std::string::npos) {
    *why = trf("\"{0}\" is not GRID[row, col]", text);
    return std::nullopt;
  }
  std::string name = text.substr(0, open);
  name.erase(name.find_last_not_of(' ') + 1);
  name.erase(0, name.find_first_not_of(' '));
  long long row = 0, col = 0;
  if (std::sscanf(text.c_str() + open + 1, "%lld", &row) != 1 || std::sscanf(text.c_str() + comma + 1, "%lld", &col) != 1) {
    *why = trf("\"{0}\" has no row and column numbers", text);
    return std::nullopt;
  }
  for (size_t i = 0; i < s.grids.size(); ++i) {
    const GridDims& d = s.grids[i].grid.dims;
    if (s.grids[i].grid.name != name) continue;
    if (row < 0 || col < 0 || row >= d.rows || col >= d.cols) {
      *why = trf("{0} is outside {1} ({2})", text, name, cat(d.rows, "x", d.cols));
      return std::nullopt;
    }
    return CellRef{static_cast<int>(i), row, col};
  }
  *why = trf("the run has no grid \"{0}\"", name);
  return std::nullopt;
}

int64_t addsInto(const Scene& s, const CellRef& cell) {
  const std::vector<uint32_t>* moves = s.movesInto(cell);
  return moves ? static_cast<int64_t>(moves->size()) : 0;
}

// Adaptive pooling: how many cells of the pooled cell's window hold its maximum (0: not a pooled grid).
int64_t cellsAtMax(const Scene& s, const CellRef& pooled) {
  const SceneGrid* input = s.gridAt(opInfo(s.op).backward ? s.forwardInput : s.src);
  const SceneGrid& out = s.grids[static_cast<size_t>(pooled.grid)];
  if (!input || opInfo(s.op).rule != IndexRule::kAdaptiveMax || input == &out) return 0;
  const PoolWindow window = poolWindow(poolExtents(s.op, input->grid, out.grid), pooled.row, pooled.col);
  float best = -INFINITY;
  for (const RowRun& run : window.rows)
    for (int64_t r = run.row0; r < run.row1; ++r)
      for (int64_t c = window.col0; c < window.col1; ++c) best = std::max(best, input->grid.value(s.plane, r, c));
  return static_cast<int64_t>(cellsHolding(input->grid, s.plane, window, best).size());
}

std::string placeholder(const std::string& name, const Scene& s, std::string* why) {
  const Plan* plan = s.plan.get();
  if (name == "imbalance" && plan) {
    return fmt::format("{:.2f}", plan->imbalance());
  }
  if (name == "cores" && plan) return cat(plan->coresWithWork());
  if (name == "tiles" && plan) return cat(plan->tiles.size());
  if (name == "moves") return cat(s.planeMoveTotal);
  for (const char* kind : {"adds ", "value "}) {
    if (name.rfind(kind, 0) != 0) continue;
    const std::optional<CellRef> cell = parseCell(name.substr(std::string(kind).size()), s, why);
    if (!cell) return "?";
    if (kind[0] == 'a') return cat(addsInto(s, *cell));
    return formatNumber(s.grids[static_cast<size_t>(cell->grid)].grid.value(s.plane, cell->row, cell->col));
  }
  *why = trf("unknown placeholder {0}", cat("{", name, "}"));
  return "?";
}

}  // namespace

std::string fillCaption(const std::string& caption, const Scene& scene, bool questionOpen, std::string* error) {
  std::string out;
  size_t at = 0;
  while (at < caption.size()) {
    const size_t open = caption.find('{', at);
    if (open == std::string::npos) break;
    // The brace that closes this one: a "once answered" part may hold placeholders of its own.
    size_t close = open + 1;
    for (int depth = 1; close < caption.size(); ++close) {
      depth += caption[close] == '{' ? 1 : caption[close] == '}' ? -1 : 0;
      if (depth == 0) break;
    }
    if (close >= caption.size()) break;
    out += caption.substr(at, open - at);
    const std::string name = caption.substr(open + 1, close - open - 1);
    static constexpr std::string_view kOnceAnswered = "once answered: ";
    if (name.starts_with(kOnceAnswered)) {
      if (!questionOpen) out += fillCaption(name.substr(kOnceAnswered.size()), scene, false, error);
      else if (out.ends_with(' ')) out.pop_back();  // no double space where the part was
      at = close + 1;
      // Left out at the start: the words after it start the caption (nearest-vs-exact 6 began with a space).
      if (questionOpen && out.empty())
        while (at < caption.size() && caption[at] == ' ') ++at;
      continue;
    }
    std::string why;
    out += placeholder(name, scene, &why);
    if (!why.empty() && error && error->empty()) *error = why;
    at = close + 1;
  }
  return out + caption.substr(std::min(at, caption.size()));
}

std::string claimFailure(const CaptionClaim& claim, const Scene& scene) {
  if (!claim.planSays.empty()) {
    if (!scene.plan) return tr("the run has no plan");
    // The plan's words as described (the truth tests read them in English, as the claims are written).
    const std::string& said = scene.plan->strategy;
    return said.find(claim.planSays) == std::string::npos ? trf("the plan does not say \"{0}\": {1}", claim.planSays, said) : "";
  }
  if (claim.coresWait) {
    const int late = Animation(scene, Pacing::kCoresInParallel).coresStartingLate();
    if ((late > 0) != *claim.coresWait)
      return late > 0 ? trf("{0} core(s) start late in parallel pacing", late) : std::string(tr("every core starts at once in parallel pacing"));
    return "";
  }
  if (claim.tilesCrossPlanes) {
    if (!scene.plan) return tr("the run has no plan");
    int64_t crossing = 0;
    for (const Tile& t : scene.plan->tiles) crossing += t.dst.plane1 - t.dst.plane0 > 1 || t.src.plane1 - t.src.plane0 > 1 ? 1 : 0;
    if ((crossing > 0) != *claim.tilesCrossPlanes)
      return crossing > 0 ? trf("{0} tile(s) cover parts of more than one plane", crossing) : std::string(tr("every tile lies in one plane"));
    if (claim.cell.empty()) return "";
  }
  std::string why;
  const std::optional<CellRef> cell = parseCell(claim.cell, scene, &why);
  if (!cell) return why;
  if (claim.adds) {
    const int64_t adds = addsInto(scene, *cell);
    if (adds != *claim.adds) return trf("{0} receives {1} add(s), not {2}", claim.cell, adds, *claim.adds);
  }
  if (claim.tie) {
    const int64_t atMax = cellsAtMax(scene, *cell);
    if (atMax == 0) return trf("{0} is not a pooled cell of adaptive max pooling", claim.cell);
    if ((atMax > 1) != *claim.tie)
      return trf(*claim.tie ? "{0}'s window has its maximum in {1} cell(s): no tie" : "{0}'s window has its maximum in {1} cell(s): a tie",
                 claim.cell, atMax);
  }
  return "";
}

}  // namespace gradlab::viz
