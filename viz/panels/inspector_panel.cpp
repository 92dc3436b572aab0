#include <algorithm>

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
  ImGui::TextDisabled("Run");
  ui::TextWrapped("%s, %s, %s", dtypeText(r.request.dtype), layoutName(r.request.layout),
                     r.request.deterministic ? "deterministic" : "default mode");
  if (plan) {
    const int32_t cubes = plan->coresWorking(CoreKind::kCube), vectors = plan->coresWorking(CoreKind::kVector);
    if (cubes > 0) {
      ui::TextWrapped("%zu tile(s) on %d of %d cube and %d of %d vector cores", plan->tiles.size(), cubes,
                         plan->profile.cubeCores, vectors, plan->profile.vectorCores);
    } else {
      ui::TextWrapped("%zu tile(s) on %d of %d cores, UB %llu KiB", plan->tiles.size(), vectors,
                         plan->profile.vectorCores, static_cast<unsigned long long>(plan->profile.ubBytes / 1024));
    }
    if (s.planHidden()) {
      textDimWrapped("The plan's details wait until the question is answered.");
    } else {
      if (!plan->strategyName.empty()) {
        ui::TextWrapped("strategy %s%s", plan->strategyName.c_str(),
                        plan->strategyName == plan->cannStrategy ? " (CANN's choice)" : "");
        if (plan->strategyName != plan->cannStrategy && !plan->cannStrategy.empty()) {
          textDimWrapped(cat("CANN would run ", plan->cannStrategy, ": ", plan->cannWhy));
        }
      }
      if (!plan->strategy.empty()) ui::TextWrapped("plan: %s", plan->strategy.c_str());
      if (!plan->coreChoice.empty()) ui::TextWrapped("cores: %s", plan->coreChoice.c_str());
    }
    ImGui::Text("workspace %llu bytes, imbalance %.2f", static_cast<unsigned long long>(r.result.workspaceBytes),
                plan->imbalance());
  }
  if (const Trace* trace = r.result.trace.get()) {
    if (trace->movesTruncated) {
      // Say it whole: which moves were kept, and what that means for this plane's picture.
      textColouredWrapped(theme().warn,
                          cat("trace: capped at its first ", trace->moves.size(), " moves (", r.scene.planeMoves.size(),
                              " on this plane); the run computed everything, but moves past the cap are not animated. ",
                              r.scene.planeMoves.empty() ? "This plane shows its final values only." : ""));
    } else {
      ui::TextWrapped("trace: %zu moves (%zu on this plane)", trace->moves.size(), r.scene.planeMoves.size());
    }
  }
  ImGui::Text("host time %.2f ms", r.result.wallMs);
}

// The adds that arrive at / leave from the hovered cell, in the order they happened.
void moveList(const AppState& s, const CellRef& cell) {
  const Scene& sc = s.run.scene;
  if (!sc.trace) return;
  const bool backward = opInfo(sc.op).backward;
  const char* order = !backward ? "copied from"
                      : s.run.result.plan && s.run.result.plan->strategyName == "cube"
                          ? "the cube's K order"
                      : s.run.request.deterministic ? "gather order (one owner)" : "atomic-add order";
  for (const bool into : {true, false}) {
    const std::vector<uint32_t>* list = into ? sc.movesInto(cell) : sc.movesOutOf(cell);
    if (list == nullptr) continue;
    const auto& moves = *list;
    if (into) {
      textDimWrapped(backward ? cat(moves.size(), " add(s) into this cell, ", order, ":") : std::string("copied from:"));
    } else {
      textDimWrapped(cat(moves.size(), backward ? " move(s) from this cell:" : " copy(ies) of this cell:"));
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
        ui::TextWrapped("%s = %.6g  (%s, tile %d)", name.c_str(), static_cast<double>(m.value), core.c_str(), m.tile);
      } else if (into) {
        ui::TextWrapped("#%u %+.4g%s from %s -> %.6g  (%s)", m.orderAtDst + 1, static_cast<double>(m.value),
                           times.c_str(), name.c_str(), static_cast<double>(m.sumAfter), core.c_str());
      } else {
        ui::TextWrapped("-> %s, #%u there (%s, tile %d)", name.c_str(), m.orderAtDst + 1, core.c_str(), m.tile);
      }
    }
    if (moves.size() > shown) ImGui::Text("... %zu more", moves.size() - shown);
    ImGui::PopFont();
  }
}

}  // namespace

void drawInspectorPanel(AppState& s) {
  const std::optional<CellRef> focus = s.focusCell();
  if (s.exerciseOpen()) {
    textDimWrapped("The inspector explains each cell once the question above is answered.");
  } else if (focus && s.run.ok()) {
    const CellRef cell = *focus;
    Explanation e = explainCell(s.run.scene, s.run.request, cell);
    ImGui::PushFont(headingFont());
    const size_t eq = e.title.find(" = ");
    ui::TextWrapped("%s", e.title.substr(0, eq).c_str());
    if (eq != std::string::npos) ui::TextWrapped("%s", e.title.substr(eq + 1).c_str());
    ImGui::PopFont();
    if (!s.hovered) textDimWrapped("pinned (click the cell again to unpin)");
    const SceneGrid& g = s.run.scene.grids[cell.grid];
    const size_t local = static_cast<size_t>(cell.row * g.grid.dims.cols + cell.col);
    if (local < g.tileOf.size() && g.tileOf[local] >= 0 && s.run.result.plan) {
      const Tile& t = s.run.result.plan->tiles[static_cast<size_t>(g.tileOf[local])];
      textDimWrapped(cat("tile ", t.id, " on core ", t.core,
                         g.tileCount[local] > 1
                             ? cat(" (shared by ", static_cast<int>(g.tileCount[local]), " tiles: atomic adds)")
                             : std::string()));
    }
    ImGui::PushFont(monoFont());
    for (const std::string& line : e.lines) ui::TextWrapped("%s", line.c_str());
    ImGui::PopFont();
    ImGui::Spacing();
    moveList(s, cell);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ui::TextWrapped("Hover a cell (click to pin it): where it goes, the formula with the numbers filled in, and "
                       "the order of the adds.");
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  runSummary(s);
}

}  // namespace gradlab::viz
