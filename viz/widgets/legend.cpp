#include "viz/widgets/legend.h"

#include <algorithm>

#include "viz/model/core_palette.h"
#include "viz/model/text.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

void heatLegend(const char* title, const HeatScale& scale, float width) {
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
  for (const LegendTick& tick : scale.ticks()) {
    float x = p.x + width * tick.position;
    ImVec2 ts = f->CalcTextSizeA(fs, 1e9f, 0.0f, tick.label.c_str());
    float tx = std::clamp(x - ts.x / 2, p.x, p.x + width - ts.x);
    dl->AddLine(ImVec2(x, p.y + h * 0.7f), ImVec2(x, p.y + h * 0.85f), theme().label);
    dl->AddText(f, fs, ImVec2(tx, p.y + h * 0.85f), theme().label, tick.label.c_str());
  }
  ImGui::Dummy(ImVec2(width, h * 0.85f + fs + 2.0f));
}

void coreLegend(int cores) {
  const float h = ImGui::GetFontSize();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  for (int c = 0; c < cores; ++c) {
    std::string tag = cat("c", c);
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
