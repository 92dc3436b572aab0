#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/number_format.h"
#include "viz/model/text.h"
#include "viz/model/wrap.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/legend.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/timeline_widget.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

std::string boxText(const Box& b) {
  if (b.cells() == 0) return "-";
  return cat("p", b.plane0, b.plane1 - b.plane0 > 1 ? cat("-", b.plane1 - 1) : std::string(), " r", b.row0, "-",
             b.row1 - 1, " c", b.col0, "-", b.col1 - 1);
}

// Each column's width for its widest cell (fixed shares cut the 48-core table's "p0 r10-11 c0-63" into the next
// column), measured once per run and type size (kept with the run).
const std::array<float, 8>& tileColumnWidths(RunView& r) {
  const Plan& plan = *r.result.plan;
  std::array<float, 8>& widths = r.tileColumns;
  if (r.tileColumnsAt == ImGui::GetFontSize()) return widths;
  r.tileColumnsAt = ImGui::GetFontSize();
  widths.fill(0.0f);
  const auto fit = [&](size_t column, const std::string& text) { widths[column] = std::max(widths[column], ImGui::CalcTextSize(text.c_str()).x); };
  for (const Tile& t : plan.tiles) {
    const PhaseKind kind = plan.phases[static_cast<size_t>(t.phase)].kind;
    fit(0, cat("T", t.id));
    fit(1, i18n::tr(phaseKindName(kind)));
    fit(2, cat(coreTag(plan, t.core), " #", t.order));
    fit(3, boxText(t.src));
    fit(4, boxText(t.dst));
    fit(5, i18n::tr(kind != PhaseKind::kCompute ? phaseKindName(kind) : t.atomic ? "atomic" : "store"));
    fit(6, cat(t.ubBytes, " B (", percentText(static_cast<double>(t.ubBytes), static_cast<double>(plan.profile.ubBytes)), "%)"));
    fit(7, fmt::format("{:.4f}", t.estimatedUs));
  }
  const float pad = ImGui::GetStyle().CellPadding.x * 2.0f;
  for (float& w : widths) w += pad;
  widths[6] += ImGui::GetStyle().FramePadding.x * 2.0f;  // a bar with its text inside
  return widths;
}

// A tile's UB use as a bar with its bytes and share, and on hover what it holds and whether it double-buffers.
void ubUseCell(const Plan& plan, const Tile& t) {
  float used = plan.profile.ubBytes ? static_cast<float>(t.ubBytes) / static_cast<float>(plan.profile.ubBytes) : 0.0f;
  std::string text = cat(t.ubBytes, " B (", percentText(static_cast<double>(t.ubBytes), static_cast<double>(plan.profile.ubBytes)), "%)");
  ImGui::ProgressBar(used, ImVec2(-1, 0), text.c_str());
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
  const std::string& what = plan.ubUseText(t);
  ImGui::TextUnformatted(i18n::trf("{0} of {1} bytes of UB: {2}", static_cast<unsigned long long>(t.ubBytes),
                                   static_cast<unsigned long long>(plan.profile.ubBytes),
                                   what.empty() ? i18n::tr("nothing staged") : what.c_str())
                             .c_str());
  ImGui::TextUnformatted(i18n::tr(doubleBuffered(plan, t) ? "At most half the UB: double-buffered, the next tile copies in beside it."
                                                          : "More than half the UB: the core runs this tile alone, no overlap."));
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void tileTable(AppState& s, ImVec2 size, const std::vector<int32_t>& highlight) {
  const Plan& plan = *s.run.result.plan;
  // The boxes name the tensors they are boxes of: a forward's tiles read self and write out.
  const OpInfo& op = opInfo(s.run.scene.op);
  const std::string srcBox = i18n::trf("src box ({0})", op.src().name), dstBox = i18n::trf("dst box ({0})", op.dst().name);
  const char* const headers[8] = {i18n::tr("tile"),  i18n::tr("phase"), i18n::tr("core"),   srcBox.c_str(),
                                  dstBox.c_str(), i18n::tr("write"), i18n::tr("UB use"), i18n::tr("est. µs")};
  const std::array<float, 8> cells = tileColumnWidths(s.run);
  // Where cells and headers fit, the columns share the width in proportion to them; where the cells alone fit,
  // to the cells (a header may end short); where not even they fit, the columns keep their cells' widths and the
  // table scrolls sideways.
  std::array<float, 8> headed{};  // each column as wide as its cells and its header
  float total = 0.0f, withHeaders = 0.0f;
  for (size_t i = 0; i < 8; ++i) {
    headed[i] = std::max(cells[i], ImGui::CalcTextSize(headers[i]).x + ImGui::GetStyle().CellPadding.x * 2.0f);
    total += cells[i];
    withHeaders += headed[i];
  }
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  const std::array<float, 8>& widths = withHeaders <= room ? headed : cells;
  const bool scrolls = total > room;
  const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                                (scrolls ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit : ImGuiTableFlags_SizingStretchProp);
  {  // the part of the table in view: a test holds presenter mode to rows a room can read
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float bottom = std::min(at.y + (size.y > 0.0f ? size.y : ImGui::GetContentRegionAvail().y),
                                  ImGui::GetWindowPos().y + ImGui::GetWindowHeight());
    uimap::rect("table", "tiles", at, ImVec2(at.x + ImGui::GetContentRegionAvail().x, std::max(bottom, at.y)));
  }
  if (!ImGui::BeginTable("##tiles", 8, flags, size)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (size_t i = 0; i < 8; ++i)
    ImGui::TableSetupColumn(headers[i], scrolls ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch, widths[i]);
  ImGui::TableHeadersRow();
  if (s.view.scrollToSelectedTile && s.shownTile()) {  // a tile picked in the Pipeline tab or the timeline
    ImGui::SetScrollY(std::max(0.0f, (static_cast<float>(*s.shownTile()) - 2.0f) * ImGui::GetFrameHeight()));
    s.view.scrollToSelectedTile = false;
  }
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(plan.tiles.size()), ImGui::GetFrameHeight());
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const Tile& t = plan.tiles[static_cast<size_t>(i)];
      ImGui::TableNextRow(ImGuiTableRowFlags_None, ImGui::GetFrameHeight());
      if (s.shownTile() && *s.shownTile() == t.id)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, (theme().highlight & 0x00FFFFFFu) | 0xA0000000u);
      else if (std::find(highlight.begin(), highlight.end(), t.id) != highlight.end())
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, (theme().highlight & 0x00FFFFFFu) | 0x50000000u);
      ImGui::TableNextColumn();
      ImGui::Text("T%d", t.id);
      ImGui::TableNextColumn();
      const PhaseKind kind = plan.phases[static_cast<size_t>(t.phase)].kind;
      ImGui::TextUnformatted(i18n::tr(phaseKindName(kind)));
      ImGui::TableNextColumn();
      ImGui::Text("%s #%d", coreTag(plan, t.core).c_str(), t.order);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", plan.coreName(t.core).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(boxText(t.src).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(boxText(t.dst).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(i18n::tr(kind != PhaseKind::kCompute ? phaseKindName(kind) : t.atomic ? "atomic" : "store"));
      ImGui::TableNextColumn();
      ubUseCell(plan, t);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", t.estimatedUs);
    }
  }
  ImGui::EndTable();
}

// The right of the tab: the modelled time, the timeline and the load chart, `topH` high.
void timelineColumn(AppState& s, float topH, std::vector<int32_t>& highlight) {
  const RunView& r = s.run;
  const Plan& plan = *r.result.plan;
  ImGui::BeginGroup();
  const float rightW = ImGui::GetContentRegionAvail().x;
  const float groupTop = ImGui::GetCursorScreenPos().y;
  {
    const ModelledTime& m = r.timeline.modelled;
    textWrapped(i18n::trf("{0} µs = launch {1} + kernels {2}", fmt::format("{:.3g}", r.timeline.totalUs), fmt::format("{:.3g}", m.launchUs),
                          fmt::format("{:.3g}", r.timeline.totalUs - m.launchUs)));
    const bool explain = ImGui::IsItemHovered();
    ui::Checkbox("kernels only", &s.view.timelineKernelsOnly);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Start the timeline where the kernels start, to see their pipelines."));
    if (explain) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
      ImGui::TextUnformatted(
          i18n::trf("Modelled device time ({0}). Each vector core's lane has three rows: copy-in (MTE2), compute (vector), copy-out and atomic adds "
                    "(MTE3); a cube core's four: copy-in to L1 (MTE2), load L0 (MTE1), matmul (CUBE), FixPipe out. The Pipeline tab draws them larger. "
                    "A tile that needs at most half its buffers is double-buffered: the next tile copies in while "
                    "this one computes. Copies are {1} % of the critical path; {2} KiB at {3} GB/s effective, "
                    "{4} % of the {5} GB/s HBM.",
                    i18n::tr(r.timeline.fromTrace ? "from the trace" : "estimated from the plan"), fmt::format("{:.0f}", m.bandwidthBound() * 100.0),
                    fmt::format("{:.1f}", static_cast<double>(m.bytes) / 1024.0), fmt::format("{:.3g}", m.effectiveGBps()),
                    fmt::format("{:.2g}", 100.0 * m.effectiveGBps() / plan.profile.gmBandwidthGBps), fmt::format("{:.0f}", plan.profile.gmBandwidthGBps))
              .c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  const float right = ImGui::GetCursorScreenPos().x + rightW;
  bool first = true;
  // The kinds the timeline draws (AtomicAdd stood in the legend of runs that add nothing atomically, and none
  // is drawn while a question hides the plan).
  const std::vector<EventKind> kinds = eventKindsIn(s.shownTimeline());
  for (EventKind k : kinds) {
    const char* name = eventName(s.shownTimeline(), k);
    const float w = ImGui::GetFontSize() * 0.7f + 3.0f + ImGui::CalcTextSize(name).x;
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    }
    first = false;
    ImGui::ColorButton(name, ImGui::ColorConvertU32ToFloat4(eventColour(k)), ImGuiColorEditFlags_NoTooltip,
                       ImVec2(ImGui::GetFontSize() * 0.7f, ImGui::GetFontSize() * 0.7f));
    ImGui::SameLine(0, 3);
    ImGui::TextUnformatted(name);
  }
  const float rest = topH - (ImGui::GetCursorScreenPos().y - groupTop) - ImGui::GetStyle().ItemSpacing.y * 2.0f;
  // The timeline takes what its lanes and axis need (it scrolls beyond that); the load chart the rest, and
  // at least its title over bars two lines high (presenter mode squashed them to a sliver under a scroll bar).
  const float font = ImGui::GetFontSize();
  const float lanesNeed = static_cast<float>(std::max(r.timeline.cores, 1)) * (font * 0.95f + 3.0f) + font * 2.0f + 16.0f;
  const float loadMin = font * 3.6f + ImGui::GetStyle().WindowPadding.y * 2.0f;
  const float timelineH = std::max(std::min(lanesNeed, rest - loadMin), 60.0f);
  if (s.shownTile()) highlight.push_back(*s.shownTile());
  const TimelineModel& timeline = s.shownTimeline();
  const int bar =
      timelineWidget("##timeline", timeline, ImVec2(rightW, timelineH), highlight, s.view.timelineKernelsOnly);
  if (bar >= 0 && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) selectTile(s, timeline.bars[static_cast<size_t>(bar)].tile);
  loadBalanceWidget("##load", r.timeline, ImVec2(rightW, std::max(rest - timelineH, loadMin)));
  ImGui::EndGroup();
}

// The core count slider (change it and watch the plan re-tile) and the plane: false when the new count's run
// failed (its error is what the tab shows).
bool coresAndPlane(AppState& s) {
  const DeviceProfile base = s.controls.profile();
  int cores = s.controls.cores > 0 ? s.controls.cores : base.vectorCores;
  int maxCores = 48;
  for (const DeviceProfile& p : builtinProfiles())
    if (p.name == s.controls.device) maxCores = p.vectorCores;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ui::SliderInt("cores", &cores, 1, std::max(maxCores, 1), "%d", ImGuiSliderFlags_AlwaysClamp)) {
    s.controls.cores = cores;
    runControls(s);
    if (!s.run.ok()) return false;
  }
  ImGui::SameLine();
  planeSelector(s);
  return true;
}

// A tooltip of wrapped lines when the last item is hovered.
template <typename Lines>
void hoverLines(Lines lines) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
  lines();
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

// The plan in two lines: its tiles, cores and UB; its phases (each explained on hover) and the strategy's "(?)".
void planSummary(const Plan& plan) {
  const std::string counts = i18n::trf("{0}, {1}, UB {2} KiB each", i18n::trf(plan.tiles.size() == 1 ? "{0} tile" : "{0} tiles", plan.tiles.size()),
                                       i18n::trf(plan.coresWithWork() == 1 ? "{0} core used" : "{0} cores used", plan.coresWithWork()),
                                       static_cast<unsigned long long>(plan.profile.ubBytes / 1024));
  if (ImGui::CalcTextSize(counts.c_str()).x > ImGui::GetContentRegionAvail().x) ImGui::NewLine();  // cut at the tab's edge
  ImGui::TextUnformatted(counts.c_str());
  // The phases run one after another, a barrier between them.
  std::string phases;
  for (const PlanPhase& p : plan.phases) phases += (phases.empty() ? "" : " | ") + std::string(i18n::tr(phaseKindName(p.kind)));
  const std::string phasesText = i18n::trf("phases: {0}", phases);
  // On this line where it fits with the "(?)" after it, else on its own (both were cut at the panel's edge).
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float help = plan.strategy.empty() ? 0.0f : spacing + ImGui::CalcTextSize("(?)").x;
  if (ImGui::CalcTextSize(phasesText.c_str()).x + spacing + help < roomAfterLastItem()) ImGui::SameLine();
  ImGui::TextDisabled("%s", phasesText.c_str());
  uimap::item("text", "phases");
  hoverLines([&] {
    for (size_t i = 0; i < plan.phases.size(); ++i) {
      ImGui::Text("%zu %s: %s", i, i18n::tr(phaseKindName(plan.phases[i].kind)), plan.phases[i].what.c_str());
    }
    ImGui::TextUnformatted(i18n::tr("Each phase starts when every core has finished the one before it."));
  });
  if (plan.strategy.empty()) return;
  // The plan's own one-line explanation: in full in the tooltip (and the inspector's Run section).
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  uimap::item("text", "strategy help");
  hoverLines([&] {
    ImGui::TextUnformatted(plan.strategy.c_str());
    if (!plan.coreChoice.empty()) ImGui::TextUnformatted(i18n::trf("Cores: {0}.", plan.coreChoice).c_str());
  });
}

// The grids coloured by core with the core legend (left) and the timeline and load chart (right), `topH` tall;
// the hovered or pinned cell's tile joins `highlight`.
void picturesRow(AppState& s, float topH, std::vector<int32_t>& highlight) {
  const RunView& r = s.run;
  const float canvasW = ImGui::GetContentRegionAvail().x * 0.56f;
  // A SIMT run: what each core's threads do, under the legend (its warps are outlined on the grid).
  const std::vector<std::string> threads = s.planHidden() ? std::vector<std::string>{} : simtCoreLines(*r.result.plan);
  float threadsH = 0.0f;
  for (const std::string& line : threads)  // as textDimWrapped will wrap it in a column as wide as the grids
    threadsH += static_cast<float>(wrapWords(line, canvasW, textWidth).size()) * ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginGroup();
  {
    const ImVec2 size(canvasW, std::max(topH - ImGui::GetFrameHeightWithSpacing() - threadsH, topH * 0.5f));
    const SceneLabels labels = SceneLabels{.notes = false}.forCanvas(s, s.view.tilingView);
    fitSecondaryGrids(s, size, labels.roomPx(), s.view.tilingView);
    Canvas canvas("##tiling", size, s.view.tilingView, r.scene.boundsMin, r.scene.boundsMax, labels.roomPx());
    drawSceneGrids(canvas, s, CellColour::kCores, labels);
    drawSimtThreads(canvas, s);
    if (s.shownTile()) outlineTile(canvas, s, *s.shownTile());
    drawHoverOverlay(canvas, s);
  }
  if (s.exerciseOpen()) ImGui::TextDisabled("%s", i18n::tr("(core colours once answered)"));  // they would answer it
  else coreLegend(*r.result.plan, canvasW);
  if (!threads.empty()) {  // as wide as the grids: the timeline keeps its column
    ImGui::BeginChild("##threads", ImVec2(canvasW, threadsH), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    for (const std::string& line : threads) textDimWrapped(line);
    ImGui::EndChild();
  }
  ImGui::EndGroup();
  if (const auto focus = s.focusCell()) {
    const SceneGrid& g = r.scene.grids[static_cast<size_t>(focus->grid)];
    size_t local = static_cast<size_t>(focus->row * g.grid.dims.cols + focus->col);
    if (local < g.tileOf.size() && g.tileOf[local] >= 0) highlight.push_back(g.tileOf[local]);
  }
  ImGui::SameLine();
  timelineColumn(s, topH, highlight);
}

}  // namespace

void drawTilingPanel(AppState& s) {
  if (!s.run.ok() || !s.run.result.plan) {
    drawRunError(s.run);
    return;
  }
  if (!coresAndPlane(s)) return;
  const RunView& r = s.run;
  planSummary(*r.result.plan);

  // Tiles touched by the moves on screen (or by the hovered cell) light up in the table and timeline.
  std::vector<int32_t> highlight;
  for (const Flight& f : r.animation.flightsAt(s.player.t)) highlight.push_back(r.scene.trace->moves[f.move->move].tile);

  // Top: the grids coloured by core (left), the timeline and the load chart (right); bottom: the tiles.
  // Presenter mode folds the tile table away and gives its height to the grids and the timeline (a
  // projector shows two rows of the table; the pictures are what a room reads).
  // Opened, the folded table takes the pictures' place (it was a sliver under them): a header closes it again.
  const bool folded = s.view.presenter;
  const std::string tableHeader = ui::shownLabel("tiles: cores, boxes, UB use, time");
  const bool tableOpen =
      folded && !s.planHidden() &&
      (s.view.scrollToSelectedTile || ImGui::GetStateStorage()->GetInt(ImGui::GetID(tableHeader.c_str()), 0) != 0);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float headerH = ImGui::GetFrameHeightWithSpacing();
  const float topH = folded ? std::max(avail.y - headerH - ImGui::GetStyle().ItemSpacing.y, 140.0f)
                            : std::max(avail.y * 0.62f, 140.0f);
  if (!tableOpen) picturesRow(s, topH, highlight);  // opened in presenter mode, the table takes the tab below the cores line

  if (s.planHidden()) {  // its rows, cores and atomic adds would answer the open question
    textDimWrapped(i18n::tr("The tile table waits until the question is answered."));
  } else if (!folded) {
    tileTable(s, ImVec2(0, ImGui::GetContentRegionAvail().y), highlight);
  } else {
    if (s.view.scrollToSelectedTile) ImGui::SetNextItemOpen(true);  // a tile picked in the Pipeline tab: show it
    if (!ImGui::CollapsingHeader(tableHeader.c_str())) return;
    tileTable(s, ImVec2(0, std::max(ImGui::GetContentRegionAvail().y, ImGui::GetFontSize() * 8.0f)), highlight);
  }
}

}  // namespace gradlab::viz
