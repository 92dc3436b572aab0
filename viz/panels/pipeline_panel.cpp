// The Pipeline tab: the grids coloured by core on top, and below them every core's pipes, one row each,
// with the run's events in modelled device time; double-buffered tiles show which buffer (ping or pong)
// they use. Clicking an event selects its tile: outlined on the grids, highlighted in the Tiling tab's table.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/pipeline.h"
#include "viz/model/scene.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/timeline_widget.h"
#include "viz/widgets/ui_map.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {
namespace {

// The legend: the event kinds this run has, then what the stripes mean.
void pipelineLegend(const TimelineModel& t) {
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float box = ImGui::GetFontSize() * 0.8f;
  bool first = true;
  auto item = [&](const char* text, ImU32 colour, bool striped) {
    const float w = box + 4.0f + ImGui::CalcTextSize(text).x;
    if (!first) {
      ImGui::SameLine(0, ImGui::GetFontSize() * 0.8f);
      if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    }
    first = false;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float y = p.y + (ImGui::GetTextLineHeight() - box) / 2.0f;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(ImVec2(p.x, y), ImVec2(p.x + box, y + box), colour);
    if (striped) {
      for (float x = p.x - box; x < p.x + box; x += 5.0f) {
        dl->AddLine(ImVec2(std::max(x, p.x), y + box - (std::max(x, p.x) - x)),
                    ImVec2(std::min(x + box, p.x + box), y + box - (std::min(x + box, p.x + box) - x)),
                    IM_COL32(255, 255, 255, 170), 1.5f);
      }
    }
    ImGui::Dummy(ImVec2(box, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0, 4.0f);
    ImGui::TextUnformatted(text);
  };
  for (const EventKind k : eventKindsIn(t)) item(eventName(t, k), eventColour(k), false);
  if (t.simt) {  // no buffers: the threads load, add and store at once
    item(i18n::tr("(a SIMT core's threads load, add and store at once)"), IM_COL32(0, 0, 0, 0), false);
    return;
  }
  item(i18n::tr("pong buffer (striped)"), IM_COL32(150, 150, 150, 255), true);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", i18n::tr("A tile that needs at most half of its core's buffers is double-buffered: tiles take turns in\n"
                                      "the two halves (ping, pong), so the next tile copies in while this one computes.\n"
                                      "Plain bars: ping, or a tile that runs alone."));
  }
}

// Diagonal white stripes over a bar: the pong buffer.
void pongStripes(ImDrawList* dl, const Rect& r) {
  dl->PushClipRect(ImVec2(r.x0, r.y0), ImVec2(r.x1, r.y1), true);
  const float h = r.height();
  for (float x = r.x0 - h; x < r.x1; x += 6.0f) dl->AddLine(ImVec2(x, r.y1), ImVec2(x + h, r.y0), IM_COL32(255, 255, 255, 150), 1.5f);
  dl->PopClipRect();
}

// The selected tile in words, under the lanes.
void selectedTileText(const AppState& s, const Plan& plan) {
  if (s.planHidden()) {  // a click selects nothing now: say why instead of inviting one
    const float top = ImGui::GetCursorScreenPos().y;
    textDimWrapped(i18n::tr(s.view.presenter ? "Selecting a tile waits for the answer: it would give it away."
                                        : "Selecting a tile waits until the question on the right is answered: it would give the answer away."));
    uimap::lines("tile note", top);
    return;
  }
  if (!s.shownTile() || *s.shownTile() < 0 || static_cast<size_t>(*s.shownTile()) >= plan.tiles.size()) {
    if (!s.view.presenter) {
      textDimWrapped(i18n::tr("Click an event to select its tile: its boxes light up on the grids and in the Tiling tab's table."));
    }
    return;
  }
  const Tile& t = plan.tiles[static_cast<size_t>(*s.shownTile())];
  const PlanPhase& phase = plan.phases[static_cast<size_t>(t.phase)];
  auto box = [&](const Box& b, int32_t buffer, const char* tensor) {
    if (b.cells() == 0) return std::string("-");
    const std::string name = buffer >= 0 && static_cast<size_t>(buffer) < plan.buffers.size()
                                 ? plan.buffers[static_cast<size_t>(buffer)].name
                                 : std::string(tensor);
    return i18n::trf("{0} rows {1}-{2}, cols {3}-{4}", name, b.row0, b.row1 - 1, b.col0, b.col1 - 1);
  };
  const OpInfo& op = opInfo(plan.op);
  const char* buffer = bufferName(static_cast<int8_t>(bufferOf(plan, t)));
  // One pattern for each case, so that each reads as a whole sentence; {3} (the buffer) is unused in the second.
  textWrapped(i18n::trf(*buffer ? "T{0} on {1}, phase {2}, {3} buffer: reads {4}; writes {5}"
                                : "T{0} on {1}, phase {2}, a single buffer: reads {4}; writes {5}",
                        t.id, plan.coreName(t.core), i18n::tr(phaseKindName(phase.kind)), buffer,
                        box(t.src, t.srcBuffer, op.src().name), box(t.dst, t.dstBuffer, op.dst().name)));
  textDimWrapped(phase.what);
}

// The plane, "kernels only", "grids" (presenter mode gives the lanes the room: a projector cannot show both
// readably; the grids on demand), where the events come from, and the legend. Returns whether the grids show.
bool pipelineToolbar(AppState& s, const TimelineModel& timeline, const PipelineModel& model) {
  planeSelector(s);
  ImGui::SameLine();
  ui::Checkbox("kernels only", &s.view.timelineKernelsOnly);
  bool grids = s.view.pipelineGrids.value_or(!s.view.presenter);
  ImGui::SameLine();
  if (ui::Checkbox("grids", &grids)) s.view.pipelineGrids = grids;
  ImGui::SameLine();
  const char* events = i18n::tr(timeline.fromTrace ? "the run's events" : "the plan's modelled events");
  ImGui::TextDisabled("%s", model.idleCores > 0 ? i18n::trf("{0}, {1} idle core(s) left out", events, model.idleCores).c_str() : events);
  pipelineLegend(timeline);
  return grids;
}

// Each lane's stripe and its name (the core's on its first lane, then the pipe's).
void drawLaneLabels(ImDrawList* dl, const TimelineModel& timeline, const PipelineModel& model, const PipelineGeometry& geo, float rowH) {
  const Theme& th = theme();
  const float font = ImGui::GetFontSize();
  for (size_t i = 0; i < model.rows.size(); ++i) {
    const PipelineRow& row = model.rows[i];
    const Rect& lane = geo.rows[i];
    dl->AddRectFilled(ImVec2(lane.x0, lane.y0), ImVec2(lane.x1, lane.y1), i % 2 ? IM_COL32(128, 128, 128, 22) : IM_COL32(128, 128, 128, 40));
    const std::string label = row.firstOfCore ? cat(model.names[static_cast<size_t>(row.core)], " ", rowName(timeline, row.pipe))
                                              : std::string(rowName(timeline, row.pipe));
    const float tw = ImGui::CalcTextSize(label.c_str()).x;
    drawText(dl, ImVec2(lane.x0 - tw - 6.0f, lane.y0 + (rowH - font) / 2.0f), row.firstOfCore ? th.label : th.labelDim,
             label.c_str());
  }
}

// The events as bars, the selected tile's and those in flight outlined: returns the hovered one (-1: none).
int drawEventBars(const AppState& s, ImDrawList* dl, const TimelineModel& timeline, const PipelineGeometry& geo) {
  const RunView& r = s.run;
  const Theme& th = theme();
  std::vector<int32_t> inFlight;
  for (const Flight& f : r.animation.flightsAt(s.player.t)) inFlight.push_back(r.scene.trace->moves[f.move->move].tile);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool inside = ImGui::IsWindowHovered();
  int hovered = -1;
  for (size_t i = 0; i < geo.bars.size(); ++i) {
    const Rect& b = geo.bars[i];
    if (b.width() <= 0.0f) continue;
    const TimelineBar& bar = timeline.bars[i];
    dl->AddRectFilled(ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1), eventColour(bar.kind));
    if (bar.buffer == 1) pongStripes(dl, b);
    const char* buf = bufferName(bar.buffer);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    if (*buf && ts.x + 4.0f < b.width()) drawText(dl, ImVec2(b.x0 + 2.0f, b.y0 + (b.height() - ts.y) / 2.0f), IM_COL32(0, 0, 0, 255), buf);
    const bool selected = s.shownTile() && *s.shownTile() == bar.tile;
    if (selected || std::find(inFlight.begin(), inFlight.end(), bar.tile) != inFlight.end()) {
      dl->AddRect(ImVec2(b.x0 - 1, b.y0 - 1), ImVec2(b.x1 + 1, b.y1 + 1), selected ? th.highlight : th.label, 0.0f, 0,
                  selected ? th.highlightWidth : 1.5f);
    }
    if (inside && b.contains(mouse.x, mouse.y)) hovered = static_cast<int>(i);
    if (uimap::enabled()) uimap::rect("event", cat("T", bar.tile, " ", eventName(timeline, bar.kind)), ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1));
  }
  return hovered;
}

// The time axis under the lanes at `axisY`, with enough decimals that its ticks differ (a small call's kernels
// last nanoseconds after a 3 µs launch).
void drawTimeAxis(ImDrawList* dl, const TimelineModel& timeline, const PipelineGeometry& geo, const Rect& area, float labelW,
                  float axisY) {
  const Theme& th = theme();
  dl->AddLine(ImVec2(area.x0 + labelW, axisY), ImVec2(area.x1, axisY), th.labelDim);
  const double span = timeline.totalUs - geo.originUs;
  const int decimals = span > 0 ? std::clamp(static_cast<int>(std::ceil(-std::log10(span / 4.0))) + 1, 0, 6) : 0;
  for (int k = 0; k <= 4; ++k) {
    const double us = geo.originUs + span * k / 4.0;
    const float x = area.x0 + labelW + static_cast<float>(us - geo.originUs) * geo.pxPerUs;
    const std::string tickText = fmt::format("{:.{}f} µs", us, decimals);
    const char* tick = tickText.c_str();
    const float tw = ImGui::CalcTextSize(tick).x;
    dl->AddLine(ImVec2(x, axisY), ImVec2(x, axisY + 3), th.labelDim);
    drawText(dl, ImVec2(std::clamp(x - tw / 2.0f, area.x0 + labelW, area.x1 - tw), axisY + 3), th.labelDim, tick);
  }
}

// The hovered event in words; a click selects its tile.
void eventTooltip(AppState& s, const Plan& plan, const TimelineModel& timeline, const PipelineModel& model, const TimelineBar& b) {
  ImGui::BeginTooltip();
  // The core as its lane names it, and as the tile tags and an owner question's boxes do where that differs
  // ("AIV 1 (c1)"): a hint sends the class here to find which core ran a tile.
  std::string who = model.names[static_cast<size_t>(b.core)];
  if (const std::string tag = coreTag(plan, b.core); tag.rfind('c', 0) == 0) who += cat(" (", tag, ")");
  const std::string what = timeline.simt ? i18n::trf("{0}, tile {1}: its threads' {2}", who, b.tile, eventName(timeline, b.kind))
                                         : i18n::trf("{0}, tile {1}: {2} on {3}", who, b.tile, eventKindName(b.kind), pipeName(pipeOf(b.kind)));
  ImGui::TextUnformatted(what.c_str());
  if (uimap::enabled()) uimap::fact("event tooltip", what);
  ImGui::Text("%.4f .. %.4f µs (%.4f µs)%s%s", b.startUs, b.endUs, b.endUs - b.startUs, *bufferName(b.buffer) ? ", " : "",
              bufferName(b.buffer));
  if (b.bytes) ImGui::TextUnformatted(i18n::trf("{0} bytes", static_cast<unsigned long long>(b.bytes)).c_str());
  ImGui::TextDisabled("%s", i18n::tr(s.planHidden() ? "selecting a tile waits for the answer" : "click: select this tile"));
  ImGui::EndTooltip();
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) selectTile(s, b.tile);
}

// The grids coloured by core over the lanes, the selected tile outlined.
void pipelineGrids(AppState& s, ImVec2 size) {
  const RunView& r = s.run;
  // A strip of the grids under the lanes: their strides are the Scatter and Tiling tabs' (five lines of label
  // over a strip a few cells high cut them anyway).
  const SceneLabels labels = SceneLabels{.notes = false, .memory = false}.forCanvas(s, s.view.pipelineView);
  // Arranged for this strip (one row where it is wide and low): it kept the Scatter tab's column of grids,
  // drawn a few pixels a cell with their names cut.
  fitSecondaryGrids(s, size, labels.roomPx(), s.view.pipelineView);
  Canvas canvas("##pipeline-grids", size, s.view.pipelineView, r.scene.boundsMin, r.scene.boundsMax, labels.roomPx());
  drawSceneGrids(canvas, s, CellColour::kCores, labels);
  if (s.shownTile()) outlineTile(canvas, s, *s.shownTile());
  drawHoverOverlay(canvas, s);
}

}  // namespace

void drawPipelinePanel(AppState& s) {
  if (!s.run.ok() || !s.run.result.plan) {
    drawRunError(s.run);
    return;
  }
  const Plan& plan = *s.run.result.plan;
  // While a question hides the plan, its atomic adds are drawn as the copies out they also are (determinism 1's
  // "kernels only" lanes showed which cores add atomically, before the answer).
  const TimelineModel& timeline = s.shownTimeline();
  const PipelineModel model = buildPipeline(timeline);
  const bool grids = pipelineToolbar(s, timeline, model);

  // Top: the grids coloured by core, the selected tile outlined; below, the lanes at their full height
  // when the room allows (they scroll otherwise), then the selected tile in words.
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float font = ImGui::GetFontSize();
  const float coreGap = font * 0.35f;
  int32_t cores = 0;
  for (const PipelineRow& row : model.rows) cores += row.firstOfCore ? 1 : 0;
  // Without the grids the rows grow to fill the room (up to 1.8 lines each), for a projector.
  const float spare = avail.y - ImGui::GetTextLineHeightWithSpacing() * 3.5f - font * 1.8f -
                      static_cast<float>(std::max(cores - 1, 0)) * coreGap;
  const float rowH = grids || model.rows.empty()
                         ? std::max(font * 1.05f, 14.0f)
                         : std::clamp(spare / static_cast<float>(model.rows.size()), std::max(font * 1.05f, 14.0f), font * 1.8f);
  const float lanesContent = static_cast<float>(model.rows.size()) * rowH +
                             static_cast<float>(std::max(cores - 1, 0)) * coreGap + font * 1.8f + 6.0f;
  const float lanesBox = lanesContent + ImGui::GetStyle().WindowPadding.y * 2.0f;
  // Room for the words under the lanes: in presenter mode none with nothing selected, and one line while a
  // question hides the plan (its sentence was cut after one line by the player bar; two lines squeezed the lanes).
  const float lines = !s.view.presenter || s.shownTile() ? 2.6f : s.planHidden() ? 1.4f : 0.5f;
  const float textH = ImGui::GetTextLineHeightWithSpacing() * lines;
  const float gridsH = std::clamp(avail.y - lanesBox - textH - ImGui::GetStyle().ItemSpacing.y * 2.0f, avail.y * 0.3f,
                                  avail.y * 0.55f);
  if (grids) pipelineGrids(s, ImVec2(avail.x, gridsH));
  const float lanesH = std::min(ImGui::GetContentRegionAvail().y - textH, lanesBox);
  ImGui::BeginChild("##lanes", ImVec2(0, std::max(lanesH, font * 4.0f)), true, ImGuiWindowFlags_None);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float labelW = ImGui::CalcTextSize("AIV 47 FIXPIPE ").x + 8.0f;
  const float width = ImGui::GetContentRegionAvail().x;
  const Rect area{origin.x, origin.y, origin.x + width - 8.0f, origin.y + 1.0f};
  const PipelineGeometry geo = layoutPipeline(model, timeline, area, labelW, rowH, coreGap, s.view.timelineKernelsOnly);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  drawLaneLabels(dl, timeline, model, geo, rowH);
  const int hovered = drawEventBars(s, dl, timeline, geo);
  const float lanesEnd = geo.rows.empty() ? area.y0 : geo.rows.back().y1;
  drawTimeAxis(dl, timeline, geo, area, labelW, lanesEnd + 3.0f);
  ImGui::Dummy(ImVec2(width - 8.0f, lanesEnd - area.y0 + font * 1.6f));
  if (hovered >= 0) eventTooltip(s, plan, timeline, model, timeline.bars[static_cast<size_t>(hovered)]);
  ImGui::EndChild();
  selectedTileText(s, plan);
}

}  // namespace gradlab::viz
