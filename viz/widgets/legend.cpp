#include "viz/widgets/legend.h"

#include <algorithm>

#include "i18n/translate.h"
#include "viz/model/core_palette.h"
#include "viz/model/scene.h"
#include "viz/model/text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {

void heatLegend(const char* title, const HeatScale& scale, float width, bool numbers) {
  if (logging()) logMark(cat("legend ", title));  // whose range the numbers below are
  ImGui::TextUnformatted(title);
  ImGui::SameLine();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetFontSize();
  ImVec2 p = ImGui::GetCursorScreenPos();
  const int steps = 48;
  for (int i = 0; i < steps; ++i) {
    float t0 = static_cast<float>(i) / steps, t1 = static_cast<float>(i + 1) / steps;
    float v = scale.lo() + (scale.hi() - scale.lo()) * (t0 + t1) / 2;
    dl->AddRectFilled(ImVec2(p.x + width * t0, p.y), ImVec2(p.x + width * t1 + 0.5f, p.y + h * 0.7f),
                      toImU32(scale.colour(v)));
  }
  dl->AddRect(p, ImVec2(p.x + width, p.y + h * 0.7f), theme().labelDim);
  ImFont* f = ImGui::GetFont();
  const float fs = ImGui::GetFontSize() * 0.8f;
  // The ends first, then the inner ticks that do not overlap a label already placed: a narrow bar shows
  // fewer labels, never two printed over each other.
  const std::vector<LegendTick> ticks = numbers ? scale.ticks() : std::vector<LegendTick>{{0.0f, 0.0f, "?"}, {1.0f, 0.0f, "?"}};
  std::vector<size_t> order;
  if (!ticks.empty()) order.push_back(0);
  if (ticks.size() > 1) order.push_back(ticks.size() - 1);
  for (size_t i = 1; i + 1 < ticks.size(); ++i) order.push_back(i);
  // A symmetric scale too narrow for both ends says "±hi" once, in the middle.
  if (ticks.size() > 1 && ticks.front().label == "-" + ticks.back().label) {
    const float both = f->CalcTextSizeA(fs, 1e9f, 0.0f, (ticks.front().label + ticks.back().label).c_str()).x;
    if (both + 8.0f > width) {
      const std::string pm = "\u00b1" + ticks.back().label;
      const ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0.0f, pm.c_str());
      drawText(dl, f, fs, ImVec2(p.x + (width - ts.x) / 2.0f, p.y + h * 0.85f), theme().label, pm.c_str());
      order.clear();
    }
  }
  std::vector<std::pair<float, float>> placed;
  for (size_t i : order) {
    const LegendTick& tick = ticks[i];
    float x = p.x + width * tick.position;
    ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0.0f, tick.label.c_str());
    float tx = std::clamp(x - ts.x / 2, p.x, p.x + width - ts.x);
    const bool overlaps = std::any_of(placed.begin(), placed.end(), [&](const std::pair<float, float>& o) {
      return tx < o.second + 4.0f && tx + ts.x + 4.0f > o.first;
    });
    if (overlaps) continue;
    placed.emplace_back(tx, tx + ts.x);
    dl->AddLine(ImVec2(x, p.y + h * 0.7f), ImVec2(x, p.y + h * 0.85f), theme().label);
    drawText(dl, f, fs, ImVec2(tx, p.y + h * 0.85f), theme().label, tick.label.c_str());
  }
  ImGui::Dummy(ImVec2(width, h * 0.85f + fs + 2.0f));
  if (logging()) logMark("end of legend");
}

void coreLegend(const Plan& plan, float width) {
  const int cores = plan.coresUsed;
  const float h = ImGui::GetFontSize();
  if (width <= 0.0f) width = ImGui::GetContentRegionAvail().x;
  const float right = ImGui::GetCursorScreenPos().x + width;
  if (cores > 16) {
    const std::string range = cat(coreTag(plan, 0), "..", coreTag(plan, cores - 1));
    ImGui::TextUnformatted(i18n::tr("cores"));
    ImGui::SameLine();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float room = right - p.x - ImGui::CalcTextSize(cat(" ", range).c_str()).x;
    const float sw = std::max(2.0f, std::min(h * 0.8f, room / static_cast<float>(cores)));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    for (int c = 0; c < cores; ++c) {
      ImVec2 a(p.x + sw * static_cast<float>(c), p.y + 2), b(a.x + sw - 1.0f, p.y + h - 2);
      dl->AddRectFilled(a, b, toImU32(coreColour(c)));
      if (ImGui::IsMouseHoveringRect(a, b)) ImGui::SetTooltip("%s", plan.coreName(c).c_str());
    }
    ImGui::Dummy(ImVec2(sw * static_cast<float>(cores), h));
    ImGui::SameLine();
    ImGui::TextUnformatted(range.c_str());
    return;
  }
  for (int c = 0; c < cores; ++c) {
    const std::string tag = coreTag(plan, c);
    float w = ImGui::CalcTextSize(tag.c_str()).x + h + 10.0f;
    if (c > 0) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
    }
    ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + h - 4, p.y + h - 2),
                                              toImU32(coreColour(c)), 2.0f);
    ImGui::Dummy(ImVec2(h, h));
    ImGui::SameLine(0, 2);
    ImGui::TextUnformatted(tag.c_str());
  }
}

}  // namespace gradlab::viz
