#include "viz/widgets/timeline_widget.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/core_palette.h"
#include "viz/model/heat_scale.h"
#include "viz/model/text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {

ImU32 eventColour(EventKind kind) {
  switch (kind) {
    case EventKind::kCopyIn: return IM_COL32(76, 155, 232, 255);
    case EventKind::kCompute: return IM_COL32(92, 195, 107, 255);
    case EventKind::kCopyOut: return IM_COL32(232, 163, 60, 255);
    case EventKind::kAtomicAdd: return IM_COL32(224, 82, 122, 255);
    case EventKind::kLoadL0: return IM_COL32(150, 120, 220, 255);
    case EventKind::kMatmul: return IM_COL32(46, 160, 150, 255);
    case EventKind::kFixPipe: return IM_COL32(200, 140, 40, 255);
  }
  return IM_COL32(128, 128, 128, 255);
}

namespace {

// The launch overhead, hatched across every lane: nothing runs on any core until it has passed.
void drawLaunch(ImDrawList* dl, const Rect& launch) {
  if (launch.width() <= 0.0f) return;
  dl->AddRectFilled(ImVec2(launch.x0, launch.y0), ImVec2(launch.x1, launch.y1), IM_COL32(150, 150, 150, 70));
  for (float x = launch.x0 - launch.height(); x < launch.x1; x += 8.0f) {  // hatching
    const float a = std::max(x, launch.x0), b = std::min(x + launch.height(), launch.x1);
    if (b > a) dl->AddLine(ImVec2(a, launch.y1 - (a - x)), ImVec2(b, launch.y1 - (b - x)), IM_COL32(150, 150, 150, 90));
  }
  const char* label = i18n::tr("launch");
  const ImVec2 ts = ImGui::CalcTextSize(label);
  if (ts.x + 6.0f < launch.width())
    drawText(dl, ImVec2((launch.x0 + launch.x1 - ts.x) / 2, (launch.y0 + launch.y1 - ts.y) / 2), theme().label, label);
}

// The time axis under `area`: start and end ticks labelled, the middle one only where its label clears both
// (narrow lanes).
void drawTimeAxis(ImDrawList* dl, const TimelineModel& model, const TimelineGeometry& geo, const Rect& area, float labelW) {
  const Theme& th = theme();
  const float font = ImGui::GetFontSize();
  const float axisY = area.y1 + 2.0f;
  dl->AddLine(ImVec2(area.x0 + labelW, axisY), ImVec2(area.x1, axisY), th.labelDim);
  float startLabelEnd = 0.0f, endLabelStart = 0.0f;
  for (int k : {0, 2, 1}) {
    const double us = geo.originUs + (model.totalUs - geo.originUs) * k / 2.0;
    const float x = area.x0 + labelW + static_cast<float>(us - geo.originUs) * geo.pxPerUs;
    const std::string t = timeTickText(us, geo.originUs, model.totalUs);
    const float tw = ImGui::CalcTextSize(t.c_str()).x;
    const float at = k == 0 ? x : k == 2 ? x - tw : x - tw / 2;
    const float gap = font * 0.5f;
    if (k == 0) startLabelEnd = at + tw + gap;
    if (k == 2) endLabelStart = at - gap;
    dl->AddLine(ImVec2(x, axisY), ImVec2(x, axisY + 3), th.labelDim);
    if (k == 1 && (at < startLabelEnd || at + tw > endLabelStart)) continue;
    drawText(dl, ImVec2(at, axisY + 2), th.labelDim, t.c_str());
  }
}

// The hovered event (`hovered` >= 0) or the launch, in words.
void timelineTooltip(const TimelineModel& model, int hovered, bool overLaunch) {
  if (hovered < 0 && overLaunch) {
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(i18n::trf("kernel launch: {0} µs", fmt::format("{:.3f}", model.launchUs)).c_str());
    ImGui::TextUnformatted(i18n::tr("The host hands the kernel to the device; no core starts before this has passed."));
    ImGui::EndTooltip();
  }
  if (hovered < 0) return;
  const TimelineBar& b = model.bars[static_cast<size_t>(hovered)];
  ImGui::BeginTooltip();
  ImGui::TextUnformatted(i18n::trf("{0}, tile {1}: {2}",
                                   static_cast<size_t>(b.core) < model.names.size() ? model.names[static_cast<size_t>(b.core)].c_str()
                                                                                      : i18n::tr("core"),
                                   b.tile, eventName(model, b.kind))
                             .c_str());
  ImGui::Text("%.3f .. %.3f µs (%.3f µs)", b.startUs, b.endUs, b.endUs - b.startUs);
  if (b.bytes) ImGui::TextUnformatted(i18n::trf("{0} bytes", static_cast<unsigned long long>(b.bytes)).c_str());
  ImGui::EndTooltip();
}

}  // namespace

int timelineWidget(const char* id, const TimelineModel& model, ImVec2 size, const std::vector<int32_t>& highlight,
                   bool skipLaunch, const std::vector<uint8_t>* marked) {
  int hovered = -1;
  const float font = ImGui::GetFontSize();
  const float axisH = font + 6.0f;
  ImGui::BeginChild(id, size, true, ImGuiWindowFlags_HorizontalScrollbar);
  const float laneH = std::max(font * 0.9f, std::min(font * 1.6f, (ImGui::GetContentRegionAvail().y - axisH) /
                                                                       std::max(model.cores, 1) - 3.0f));
  const float labelW = ImGui::CalcTextSize(model.tags.size() > 0 && model.tags[0].size() > 3 ? "AIV00 " : "c00 ").x + 6.0f;
  ImVec2 p = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  Rect area{p.x, p.y, p.x + width - 8.0f, p.y + model.cores * (laneH + 3.0f)};
  TimelineGeometry geo = layoutTimeline(model, area, labelW, laneH, 3.0f, skipLaunch);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const Theme& th = theme();
  for (int32_t c = 0; c < model.cores; ++c) {
    const Rect& lane = geo.lanes[static_cast<size_t>(c)];
    std::string tag = static_cast<size_t>(c) < model.tags.size() ? model.tags[static_cast<size_t>(c)] : cat("c", c);
    dl->AddRectFilled(ImVec2(p.x, lane.y0 + 2), ImVec2(p.x + 6, lane.y1 - 2), toImU32(coreColour(c)));
    drawText(dl, ImVec2(p.x + 9, lane.y0 + (laneH - font) / 2), th.label, tag.c_str());
    dl->AddRectFilled(ImVec2(lane.x0, lane.y0), ImVec2(lane.x1, lane.y1), IM_COL32(128, 128, 128, 30));
  }
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const bool inside = ImGui::IsWindowHovered();
  drawLaunch(dl, geo.launch);
  const bool overLaunch = inside && geo.launch.contains(mouse.x, mouse.y);
  const bool marking = marked && marked->size() == geo.bars.size();
  for (size_t i = 0; i < geo.bars.size(); ++i) {
    const Rect& r = geo.bars[i];
    const TimelineBar& b = model.bars[i];
    const bool mark = marking && (*marked)[i];
    const ImU32 fill = marking && !mark ? (eventColour(b.kind) & 0x00FFFFFFu) | 0x70000000u : eventColour(b.kind);
    dl->AddRectFilled(ImVec2(r.x0, r.y0 + 1), ImVec2(r.x1, r.y1 - 1), fill);
    if (mark) {
      dl->AddRect(ImVec2(r.x0 - 1, r.y0 - 1), ImVec2(r.x1 + 1, r.y1 + 1), th.highlight, 0.0f, 0, th.highlightWidth);
    } else if (std::find(highlight.begin(), highlight.end(), b.tile) != highlight.end()) {
      dl->AddRect(ImVec2(r.x0, r.y0), ImVec2(r.x1, r.y1), th.label, 0.0f, 0, 1.5f);
    }
    if (inside && r.contains(mouse.x, mouse.y)) hovered = static_cast<int>(i);
  }
  drawTimeAxis(dl, model, geo, area, labelW);
  ImGui::Dummy(ImVec2(width - 8.0f, area.y1 - area.y0 + axisH));
  timelineTooltip(model, hovered, overLaunch);
  ImGui::EndChild();
  return hovered;
}

void loadBalanceWidget(const char* id, const TimelineModel& model, ImVec2 size) {
  // The bars take whatever height the box has: never a scroll bar.
  ImGui::BeginChild(id, size, true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  const Theme& th = theme();
  const size_t n = model.loadUs.size();
  const double maxLoad = n ? *std::max_element(model.loadUs.begin(), model.loadUs.end()) : 0.0;
  const double mean = n ? std::accumulate(model.loadUs.begin(), model.loadUs.end(), 0.0) / static_cast<double>(n) : 0.0;
  ImGui::TextUnformatted(i18n::trf("imbalance {0} (max/mean)", fmt::format("{:.2f}", model.imbalance)).c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", i18n::tr("The busiest core's modelled time over the mean core time: 1 is a perfect balance."));
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  const float chartH = std::max(avail.y - 4.0f, 4.0f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (n > 0 && maxLoad > 0) {
    const float colW = avail.x / static_cast<float>(n);
    for (size_t c = 0; c < n; ++c) {
      float h = static_cast<float>(model.loadUs[c] / maxLoad) * chartH;
      ImVec2 a(p.x + colW * static_cast<float>(c) + 1.0f, p.y + chartH - h);
      ImVec2 b(p.x + colW * static_cast<float>(c + 1) - 1.0f, p.y + chartH);
      dl->AddRectFilled(a, b, toImU32(coreColour(static_cast<int32_t>(c))));
      if (ImGui::IsMouseHoveringRect(ImVec2(a.x, p.y), b)) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(
            i18n::trf("core {0}: {1} µs (mean {2} µs)", c, fmt::format("{:.3f}", model.loadUs[c]), fmt::format("{:.3f}", mean)).c_str());
        ImGui::EndTooltip();
      }
    }
    float my = p.y + chartH - static_cast<float>(mean / maxLoad) * chartH;
    dl->AddLine(ImVec2(p.x, my), ImVec2(p.x + avail.x, my), th.label, 1.5f);
  }
  ImGui::Dummy(ImVec2(avail.x, chartH));
  ImGui::EndChild();
}

}  // namespace gradlab::viz
