#include <algorithm>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/atomic_adds.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

void runSummary(const AppState& s) {
  const RunView& r = s.run;
  if (!r.ok()) {
    drawRunError(r);
    return;
  }
  const Plan* plan = r.result.plan.get();
  ImGui::TextDisabled("%s", i18n::tr("Run"));
  ui::TextWrapped("%s, %s, %s", dtypeText(r.request.dtype), i18n::tr(layoutName(r.request.layout)),
                  i18n::tr(r.request.deterministic ? "deterministic" : "default mode"));
  if (plan) {
    const int32_t cubes = plan->coresWorking(CoreKind::kCube), vectors = plan->coresWorking(CoreKind::kVector);
    if (cubes > 0) {
      ui::TextWrapped("%s", i18n::trf("{0} tile(s) on {1} of {2} cube and {3} of {4} vector cores", plan->tiles.size(), cubes,
                                      plan->profile.cubeCores, vectors, plan->profile.vectorCores)
                                .c_str());
    } else {
      ui::TextWrapped("%s", i18n::trf("{0} tile(s) on {1} of {2} cores, UB {3} KiB", plan->tiles.size(), vectors,
                                      plan->profile.vectorCores, static_cast<unsigned long long>(plan->profile.ubBytes / 1024))
                                .c_str());
    }
    if (s.planHidden()) {
      textDimWrapped(i18n::tr("The plan's details wait until the question is answered."));
    } else {
      if (!plan->strategyName.empty()) {
        ui::TextWrapped("%s", i18n::trf(plan->strategyName == plan->cannStrategy ? "strategy {0} (CANN's choice)" : "strategy {0}",
                                        plan->strategyName)
                                  .c_str());
        if (plan->strategyName != plan->cannStrategy && !plan->cannStrategy.empty()) {
          textDimWrapped(i18n::trf("CANN would run {0}: {1}", plan->cannStrategy, plan->cannWhy));
        }
      }
      if (!plan->strategy.empty()) ui::TextWrapped("%s", i18n::trf("plan: {0}", plan->strategy).c_str());
      if (!plan->coreChoice.empty()) ui::TextWrapped("%s", i18n::trf("cores: {0}", plan->coreChoice).c_str());
    }
    ui::TextWrapped("%s", i18n::trf("workspace {0} bytes, imbalance {1}", static_cast<unsigned long long>(r.result.workspaceBytes),
                                     fmt::format("{:.2f}", plan->imbalance()))
                               .c_str());
  }
  if (const Trace* trace = r.result.trace.get()) {
    if (trace->movesTruncated) {
      // Say it whole: which moves were kept, and what that means for this plane's picture.
      textColouredWrapped(theme().warn,
                          i18n::trf("trace: capped at its first {0} moves ({1} on this plane); the run computed everything, "
                                    "but moves past the cap are not animated. {2}",
                                    trace->moves.size(), r.scene.planeMoveTotal,
                                    r.scene.planeMoveTotal == 0 ? i18n::tr("This plane shows its final values only.") : ""));
    } else if (depthWindowed(r.scene)) {
      ui::TextWrapped("%s", i18n::trf("trace: {0} moves ({1} on this plane, {2} into the slices shown)", trace->moves.size(),
                                      r.scene.planeMoveTotal, r.scene.planeMoves.size())
                                .c_str());
    } else {
      ui::TextWrapped("%s", i18n::trf("trace: {0} moves ({1} on this plane)", trace->moves.size(), r.scene.planeMoveTotal).c_str());
    }
  }
  ImGui::TextUnformatted(i18n::trf("host time {0} ms", fmt::format("{:.2f}", r.result.wallMs)).c_str());
}

// The adds that arrive at / leave from the hovered cell, in the order they happened.
void moveList(const AppState& s, const CellRef& cell, bool addedAtomically) {
  const Scene& sc = s.run.scene;
  if (!sc.trace) return;
  const bool backward = opInfo(sc.op).backward;
  const char* order = !backward ? "copied from"
                      : s.run.result.plan && s.run.result.plan->cubeLanes > 0
                          ? "the cube's K order"
                      : s.run.request.deterministic  ? "gather order (one owner)"
                      : addedAtomically              ? "atomic-add order"
                                                     : "one core's order, plain stores";
  for (const bool into : {true, false}) {
    const std::vector<uint32_t>* list = into ? sc.movesInto(cell) : sc.movesOutOf(cell);
    if (list == nullptr) continue;
    const auto& moves = *list;
    if (into) {
      textDimWrapped(backward ? i18n::trf("{0} add(s) into this cell, {1}:", moves.size(), i18n::tr(order))
                              : std::string(i18n::tr("copied from:")));
    } else {
      textDimWrapped(i18n::trf(backward ? "{0} move(s) from this cell:" : "{0} copy(ies) of this cell:", moves.size()));
    }
    ImGui::PushFont(monoFont());
    const size_t shown = std::min<size_t>(moves.size(), 10);
    for (size_t i = 0; i < shown; ++i) {
      const CellMove& m = sc.trace->moves[moves[i]];
      CellRef other = into ? sc.srcCellOf(m) : sc.dstCellOf(m);
      std::string name = cellName(sc.grids[other.grid], sc.plane, other.row, other.col);
      const std::string core = s.run.result.plan ? coreTag(*s.run.result.plan, m.core) : cat("c", m.core);
      const std::string times = m.weight == 1.0f ? std::string() : cat(" x ", m.weight);
      if (into && !backward) {
        ui::TextWrapped("%s", i18n::trf("{0} = {1}  ({2}, tile {3})", name, fmt::format("{:.6g}", static_cast<double>(m.value)), core, m.tile)
                                  .c_str());
      } else if (into) {
        ui::TextWrapped("%s", i18n::trf("#{0} {1}{2} from {3} -> {4}  ({5})", m.orderAtDst + 1,
                                        fmt::format("{:+.4g}", static_cast<double>(m.value)), times, name,
                                        fmt::format("{:.6g}", static_cast<double>(m.sumAfter)), core)
                                  .c_str());
      } else {
        ui::TextWrapped("%s", i18n::trf("-> {0}, #{1} there ({2}, tile {3})", name, m.orderAtDst + 1, core, m.tile).c_str());
      }
    }
    if (moves.size() > shown) ImGui::TextUnformatted(i18n::trf("... {0} more", moves.size() - shown).c_str());
    ImGui::PopFont();
  }
}

// While the animation is on its way, an output cell shows its running sum, and the explanation its final value:
// the title says which is which (" once every add has landed (now -4)").
std::string valueNowNote(const AppState& s, const CellRef& cell) {
  const Scene& sc = s.run.scene;
  if (cell.grid != sc.dst || dstValuesFinal(s)) return "";
  std::vector<float> values;
  std::vector<uint8_t> filled;
  dstValuesNow(s, &values, &filled, nullptr);
  const size_t at = static_cast<size_t>(cell.row * sc.grids[static_cast<size_t>(cell.grid)].grid.dims.cols + cell.col);
  if (at >= values.size()) return "";
  const bool written = filled.empty() || (at < filled.size() && filled[at]);
  if (!opInfo(sc.op).backward) return written ? "" : i18n::tr(" once it is written (not yet)");  // a forward copies: it adds nothing
  if (!written) return i18n::tr(" once every add has landed (not written yet)");
  return i18n::trf(" once every add has landed (now {0})", formatNumber(values[at]));
}

}  // namespace

void drawInspectorPanel(AppState& s) {
  const std::optional<CellRef> focus = s.focusCell();
  if (s.exerciseOpen()) {
    textDimWrapped(i18n::tr("The inspector explains each cell once the question above is answered."));
  } else if (focus && s.run.ok()) {
    const CellRef cell = *focus;
    Explanation e = explainCell(s.run.scene, s.run.request, cell);
    ImGui::PushFont(headingFont());
    const size_t eq = e.title.find(" = ");
    ui::TextWrapped("%s", e.title.substr(0, eq).c_str());
    if (eq != std::string::npos) ui::TextWrapped("%s", (e.title.substr(eq + 1) + valueNowNote(s, cell)).c_str());
    ImGui::PopFont();
    if (!s.view.hovered)
      textDimWrapped(i18n::tr("pinned: a click on it unpins it"));  // the step may have pinned it, not the user
    // "atomic" only where the run adds into this cell atomically: a tile marked atomic stores plainly into the
    // rows its core alone writes.
    const bool addedAtomically = AtomicAdds(s.run.result.plan.get()).anyInto(s.run.scene, cell);
    const SceneGrid& g = s.run.scene.grids[cell.grid];
    const size_t local = static_cast<size_t>(cell.row * g.grid.dims.cols + cell.col);
    if (local < g.tileOf.size() && g.tileOf[local] >= 0 && s.run.result.plan) {
      const Tile& t = s.run.result.plan->tiles[static_cast<size_t>(g.tileOf[local])];
      const bool shared = g.tileCount[local] > 1;
      const std::string core = coreTag(*s.run.result.plan, t.core);  // as the legend and the tile tags name it
      textDimWrapped(shared && addedAtomically
                         ? i18n::trf("tile {0} on core {1} (shared by {2} tiles: atomic adds)", t.id, core,
                                     static_cast<int>(g.tileCount[local]))
                     : shared ? i18n::trf("tile {0} on core {1} (shared by {2} tiles)", t.id, core, static_cast<int>(g.tileCount[local]))
                              : i18n::trf("tile {0} on core {1}", t.id, core));
    }
    ImGui::PushFont(monoFont());
    for (const std::string& line : e.lines) ui::TextWrapped("%s", line.c_str());
    ImGui::PopFont();
    ImGui::Spacing();
    moveList(s, cell, addedAtomically);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    // The Compare, Verify and Matrix tabs' cells say their numbers on hover; the inspector explains the run's
    // own grids (Scatter, Tiling, Pipeline, Code).
    const bool ownGrids = s.view.tab == Tab::kScatter || s.view.tab == Tab::kTiling || s.view.tab == Tab::kPipeline ||
                          s.view.tab == Tab::kCode;
    ui::TextWrapped("%s", ownGrids ? i18n::tr("Hover a cell (click to pin it): where it goes, the formula with the numbers filled in, and "
                                              "the order of the adds.")
                                   : i18n::tr("The inspector explains the cells of the Scatter, Tiling, Pipeline and Code tabs; "
                                              "here a cell's numbers show as you hover it."));
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  runSummary(s);
}

}  // namespace gradlab::viz
