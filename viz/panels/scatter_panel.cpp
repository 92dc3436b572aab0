#include <algorithm>
#include <optional>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/memory_strip.h"
#include "viz/panels/panels.h"
#include "viz/widgets/flights.h"
#include "viz/widgets/legend.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// The height a canvas `width` wide needs for the scene's grids at readable digits (presenter mode: at
// kPresenterDigitPx; else at the mono font's size), or as large as the width lets them be.
float gridsHeightNeeded(const Scene& sc, float width, float labelRoom, bool presenter) {
  const float wanted = presenter ? presenterReadableCellPx() : 30.0f;
  const float target = std::min(wanted, Canvas::fitZoom(ImVec2(width, 1e6f), sc.boundsMin, sc.boundsMax, labelRoom));
  float lo = 32.0f, hi = 4096.0f;
  for (int i = 0; i < 24; ++i) {
    const float mid = (lo + hi) / 2.0f;
    (Canvas::fitZoom(ImVec2(width, mid), sc.boundsMin, sc.boundsMax, labelRoom) >= target ? hi : lo) = mid;
  }
  return hi;
}

// The width the legends need on a line: their titles and bars wide enough for the end values.
float legendsWidth(const AppState& s) {
  const Scene& sc = s.run.scene;
  const float font = ImGui::GetFontSize();
  if (s.shownColour() == CellColour::kCores) {
    const int cores = s.run.result.plan ? s.run.result.plan->coresUsed : 1;
    return cores > 16 ? font * 10.0f : static_cast<float>(cores) * font * 2.6f;
  }
  const SceneGrid* src = sc.gridAt(sc.src);
  const SceneGrid* dst = opInfo(sc.op).backward ? sc.gridAt(sc.dst) : nullptr;
  return ImGui::CalcTextSize(cat(src ? src->grid.name : i18n::tr("values"), dst ? dst->grid.name : "").c_str()).x +
         font * (dst ? 5.0f : 2.5f);
}

void memoryOrderToggle(AppState& s) {
  ui::Checkbox("memory order", &s.view.memoryOrder);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", i18n::tr("Under the grids: each tensor's cells in the order they sit in device memory, for the run's layout (M)."));
}

// A slider and, beside it, what it picks: the names on the slider's grab were hidden by it with few choices.
// After SameLine on a full line (presenter fonts are wide), the pair starts a line of its own.
bool labelledSlider(const char* name, int* value, int last, const std::string& picked) {
  const float width = ImGui::GetFontSize() * 8;
  const float needed = width + ImGui::GetStyle().ItemInnerSpacing.x * 2 + ImGui::CalcTextSize(i18n::tr(name)).x +
                       ImGui::CalcTextSize(picked.c_str()).x;
  if (ImGui::GetContentRegionAvail().x < needed) ImGui::NewLine();
  ImGui::SetNextItemWidth(width);
  const bool moved = ui::SliderInt(name, value, 0, last, "");
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(picked.c_str());
  ImGui::SameLine();
  return moved;
}

// In what order the run's adds land, in a few words (the Scatter tab's toolbar).
const char* orderNote(const RunView& r) {
  const Plan* plan = r.result.plan.get();
  const bool atomics = plan && std::any_of(plan->tiles.begin(), plan->tiles.end(), [](const Tile& t) { return t.atomic; });
  if (!opInfo(r.request.op).backward) return "forward: every output cell copies one input cell";
  if (plan && plan->intermediate >= 0) return "order: each row's terms into T (W pass), then T's rows into gradInput (H pass)";
  if (plan && plan->cubeLanes > 0) return "order: the cube's one pass, in K order";
  if (r.request.deterministic) return "order: deterministic, one owner core per cell";
  return atomics ? "order: atomic adds as recorded" : "order: no cell is shared, each sums its own adds in order";
}

}  // namespace

// The plane selector shared by the scene tabs: "n=0 c=1" when there are several planes; for a deep 3-D run
// the depth slices shown, "gradInput d4-d7 of 16 ← gradOutput d8-d15 of 32".
void planeSelector(AppState& s) {
  const Scene& sc = s.run.scene;
  if (sc.planes > 1) {
    int plane = static_cast<int>(s.view.plane);
    const SceneGrid* src = sc.gridAt(sc.src);
    if (labelledSlider("plane", &plane, static_cast<int>(sc.planes - 1), src ? src->grid.planeName(plane) : cat("c=", plane)))
      setPlane(s, plane);
  }
  if (depthWindowed(sc)) {
    int first = static_cast<int>(sc.depthFirst);
    const std::string picked = depthWindowText(sc);
    if (labelledSlider("slices", &first, static_cast<int>(sc.depthSlices - sc.depthShown), picked))
      setDepthFirst(s, first);
    // The tab's own toggles go on the next line where they would not fit after the two names.
    if (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 16) ImGui::NewLine();
  }
}

void drawScatterPanel(AppState& s) {
  RunView& r = s.run;
  if (!r.ok()) {
    drawRunError(r);
    return;
  }
  planeSelector(s);
  int colour = static_cast<int>(s.view.colour);
  ui::RadioButton("values", &colour, static_cast<int>(CellColour::kValues));
  ImGui::SameLine();
  ui::RadioButton("cores", &colour, static_cast<int>(CellColour::kCores));
  s.view.colour = static_cast<CellColour>(colour);
  if (s.view.colour != s.shownColour()) {  // "cores" is ticked, the cells show values: say why
    ImGui::SameLine();
    ImGui::TextDisabled("%s", i18n::tr("(core colours once answered)"));
  }
  secondaryGridsToggle(s);
  if (!s.view.presenter) {
    ImGui::SameLine();
    memoryOrderToggle(s);
  }
  const char* order = i18n::tr(orderNote(r));
  ImGui::SameLine();
  // Presenter mode puts the legends on this line (the order on hover) and gives their line to the grids; the
  // order goes on hover too where the line has no room for it.
  if (s.view.presenter || ImGui::CalcTextSize(order).x > ImGui::GetContentRegionAvail().x) {
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", order);
  } else {
    ImGui::TextDisabled("%s", order);
  }
  if (s.view.presenter) {
    // The legends where they fit at a readable width, else on the next line; then the memory toggle where
    // the line still has room for it (the M key toggles it anyway).
    ImGui::SameLine(0, 20);
    if (ImGui::GetContentRegionAvail().x < legendsWidth(s)) ImGui::NewLine();
    drawLegends(s, ImGui::GetContentRegionAvail().x);
    ImGui::SameLine(0, 20);
    if (ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(i18n::tr("memory order")).x + ImGui::GetFrameHeight() * 1.5f) {
      memoryOrderToggle(s);
    } else {
      ImGui::NewLine();
    }
  }

  const float legendH = s.view.presenter ? 0.0f : ImGui::GetFontSize() * 1.7f + ImGui::GetStyle().ItemSpacing.y * 2.0f;
  // The memory strips take two fifths of the height where their offsets read in it, else what the grids leave.
  std::optional<MemoryStrips> strips;
  if (s.view.memoryOrder) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float room = avail.y - legendH - ImGui::GetStyle().ItemSpacing.y;
    const float grids = gridsHeightNeeded(r.scene, avail.x, SceneLabels{}.roomPx(), s.view.presenter);
    const float hard = std::max(room - grids, room * 0.25f);
    strips.emplace(s, avail.x, std::min(room * 0.4f, hard), hard);
  }
  const float below = legendH + (strips ? strips->height() + ImGui::GetStyle().ItemSpacing.y : 0.0f);
  {
    // The strides of a layout that is not contiguous: in the strips' titles, else on a line of the labels.
    SceneLabels labels;
    labels.memory = !(strips && strips->drawsCells());
    labels = labels.forCanvas(s, s.view.scatterView);
    const float labelRoom = labels.roomPx();
    fitSecondaryGrids(s, ImVec2(0, -below), labelRoom, s.view.scatterView);
    Canvas canvas("##scatter", ImVec2(0, -below), s.view.scatterView, r.scene.boundsMin, r.scene.boundsMax, labelRoom);
    if (strips) strips->place(s, ImGui::GetCursorScreenPos());  // before the grids, so that they outline its cell
    drawSceneGrids(canvas, s, s.view.colour, labels);
    drawSimtThreads(canvas, s);
    // An open question waits at the start: a flight sitting on its source cell would point at the answer.
    if (!s.exerciseOpen()) drawFlights(canvas, r.scene, r.animation.flightsAt(s.player.t), r.srcScale);
    drawRoomAnswers(canvas, s);
    drawHoverOverlay(canvas, s);
  }
  if (strips) strips->draw(s);
  if (!s.view.presenter) drawLegends(s, ImGui::GetContentRegionAvail().x * 0.75f);
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
  {
    ui::Verbatim tensorNames;
    if (ui::Checkbox(names.c_str(), &shown)) s.view.secondaryGrids = shown;
  }
  if (ImGui::IsItemHovered() && !shown)
    ImGui::SetTooltip("%s", i18n::tr("Hidden to keep the digits readable; the inspector still shows a cell's index."));
}

void drawLegends(AppState& s, float room) {
  const RunView& r = s.run;
  if (s.shownColour() == CellColour::kValues) {
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
      heatLegend(dst ? dst->grid.name.c_str() : "dst", r.dstScale, w, !s.outputRangeHidden());
    } else {
      heatLegend(i18n::tr("values"), r.srcScale, w);
    }
  } else if (r.result.plan) {
    coreLegend(*r.result.plan);
  }
}

}  // namespace gradlab::viz
