#include <algorithm>

#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/flights.h"
#include "viz/widgets/legend.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

// The plane selector shared by the scene tabs: "n=0 c=1" when there are several planes.
void planeSelector(AppState& s) {
  const int64_t planes = s.run.scene.planes;
  if (planes <= 1) return;
  int plane = static_cast<int>(s.plane);
  // After SameLine on a full line (presenter fonts are wide), the selector starts a line of its own.
  const float needed = ImGui::GetFontSize() * 8 + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("plane").x;
  if (ImGui::GetContentRegionAvail().x < needed) ImGui::NewLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  const SceneGrid* src = s.run.scene.gridAt(s.run.scene.src);
  const int64_t C = src && src->grid.shape.size() >= 3 && src->grid.dims.planes != src->grid.shape[0]
                        ? src->grid.shape[1]
                        : planes;
  std::string label = C < planes ? cat("n=", plane / C, " c=", plane % C) : cat("c=", plane);
  if (ImGui::SliderInt("plane", &plane, 0, static_cast<int>(planes - 1), label.c_str())) setPlane(s, plane);
  ImGui::SameLine();
}

void drawScatterPanel(AppState& s) {
  RunView& r = s.run;
  if (!r.ok()) {
    drawRunError(r);
    return;
  }
  planeSelector(s);
  int colour = static_cast<int>(s.colour);
  ImGui::RadioButton("values", &colour, static_cast<int>(CellColour::kValues));
  ImGui::SameLine();
  ImGui::RadioButton("cores", &colour, static_cast<int>(CellColour::kCores));
  s.colour = static_cast<CellColour>(colour);
  secondaryGridsToggle(s);
  const Plan* plan = r.result.plan.get();
  const bool atomics = plan && std::any_of(plan->tiles.begin(), plan->tiles.end(), [](const Tile& t) { return t.atomic; });
  const bool cube = plan && plan->intermediate >= 0;
  const char* order = !opInfo(r.request.op).backward ? "forward: every output cell copies one input cell"
                      : cube ? "order: each row's terms into T (W pass), then T's rows into gradInput (H pass)"
                      : plan && plan->strategyName == "cube" ? "order: the cube's one pass, in K order"
                      : r.request.deterministic      ? "order: deterministic, one owner core per cell"
                      : atomics                      ? "order: atomic adds as recorded"
                                                     : "order: no cell is shared, each sums its own adds in order";
  ImGui::SameLine();
  // Presenter mode puts the legends on this line (the order on hover) and gives their line to the grids.
  if (s.presenter) {
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", order);
    ImGui::SameLine(0, 20);
    drawLegends(s, ImGui::GetContentRegionAvail().x);
  } else {
    ImGui::TextDisabled("%s", order);
  }

  const float legendH = s.presenter ? 0.0f : ImGui::GetFontSize() * 1.7f + ImGui::GetStyle().ItemSpacing.y * 2.0f;
  {
    const float labelRoom = gridLabelSize() * 2.0f + 8.0f;
    fitSecondaryGrids(s, ImVec2(0, -legendH), labelRoom);
    Canvas canvas("##scatter", ImVec2(0, -legendH), s.scatterView, r.scene.boundsMin, r.scene.boundsMax, labelRoom);
    drawSceneGrids(canvas, s, s.colour);
    drawFlights(canvas, r.scene, r.animation.flightsAt(s.player.t), r.srcScale);
    drawHoverOverlay(canvas, s);
  }
  if (!s.presenter) drawLegends(s, ImGui::GetContentRegionAvail().x * 0.75f);
}

// "indices, self" beside the colour choice of adaptive pooling: ticked while those grids are drawn.
void secondaryGridsToggle(AppState& s) {
  const Scene& sc = s.run.scene;
  if (!hasSecondaryGrids(sc)) return;
  std::string names;
  for (int i : {sc.indices, sc.forwardInput})
    if (const SceneGrid* g = sc.gridAt(i)) names += (names.empty() ? "" : ", ") + g->grid.name;
  bool shown = sc.grids[static_cast<size_t>(sc.indices >= 0 ? sc.indices : sc.forwardInput)].shown;
  ImGui::SameLine();
  if (ImGui::Checkbox(names.c_str(), &shown)) s.secondaryGrids = shown;
  if (ImGui::IsItemHovered() && !shown)
    ImGui::SetTooltip("Hidden to keep the digits readable; the inspector still shows a cell's index.");
}

void drawLegends(AppState& s, float room) {
  const RunView& r = s.run;
  if (s.colour == CellColour::kValues) {
    const SceneGrid* src = r.scene.gridAt(r.scene.src);
    const SceneGrid* dst = r.scene.gridAt(r.scene.dst);
    // Each bar gets what its title and the gap between the legends leave, within readable bounds.
    const bool two = opInfo(r.request.op).backward;
    const float titles = ImGui::CalcTextSize(src ? src->grid.name.c_str() : "src").x +
                         (two ? ImGui::CalcTextSize(dst ? dst->grid.name.c_str() : "dst").x + 30.0f : 0.0f) +
                         ImGui::GetStyle().ItemSpacing.x * (two ? 2.0f : 1.0f);
    const float w = std::clamp((room - titles) / (two ? 2.0f : 1.0f), 40.0f, ImGui::GetFontSize() * 14.0f);
    if (opInfo(r.request.op).backward) {
      heatLegend(src ? src->grid.name.c_str() : "src", r.srcScale, w);
      ImGui::SameLine(0, 30);
      heatLegend(dst ? dst->grid.name.c_str() : "dst", r.dstScale, w);
    } else {
      heatLegend("values", r.srcScale, w);
    }
  } else if (r.result.plan) {
    coreLegend(r.result.plan->coresUsed);
  }
}

}  // namespace gradlab::viz
