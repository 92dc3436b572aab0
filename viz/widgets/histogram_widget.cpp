#include "viz/widgets/histogram_widget.h"

#include <algorithm>

#include "i18n/translate.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/draw_text.h"

namespace gradlab::viz {

void ulpHistogramWidget(const ErrorSummary& summary, ImVec2 size) {
  const Theme& th = theme();
  const float font = ImGui::GetFontSize();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const int64_t most = std::max<int64_t>(1, *std::max_element(summary.buckets.begin(), summary.buckets.end()));
  const float labelH = font + 2.0f, barsH = std::max(size.y - labelH, 4.0f);
  const float colW = size.x / static_cast<float>(kUlpBuckets);
  int hovered = -1;
  for (int b = 0; b < kUlpBuckets; ++b) {
    const int64_t n = summary.buckets[static_cast<size_t>(b)];
    const float x0 = p.x + colW * static_cast<float>(b) + 1.0f, x1 = x0 + colW - 2.0f;
    // Any cell at all gets a visible bar: one cell far out is the point of the picture.
    const float h = n == 0 ? 0.0f : std::max(2.0f, barsH * static_cast<float>(n) / static_cast<float>(most));
    const ImU32 colour = b <= 1 ? th.good : b <= 3 ? IM_COL32(232, 163, 60, 255) : th.bad;
    dl->AddRectFilled(ImVec2(x0, p.y + barsH - h), ImVec2(x1, p.y + barsH), colour);
    const char* label = ulpBucketLabel(b);
    const float tw = ImGui::CalcTextSize(label).x;
    drawText(dl, ImVec2((x0 + x1 - tw) / 2.0f, p.y + barsH + 1.0f), th.labelDim, label);
    if (ImGui::IsMouseHoveringRect(ImVec2(x0, p.y), ImVec2(x1, p.y + size.y))) hovered = b;
  }
  dl->AddLine(ImVec2(p.x, p.y + barsH), ImVec2(p.x + size.x, p.y + barsH), th.labelDim);
  ImGui::Dummy(size);
  if (hovered >= 0) {
    ImGui::BeginTooltip();
    const char* label = ulpBucketLabel(hovered);
    const bool upTo = hovered != 0 && hovered != kUlpBuckets - 1;
    ImGui::TextUnformatted(i18n::trf(upTo ? "{0} cells with error up to {1} ULP" : "{0} cells with error {1} ULP",
                                     static_cast<long long>(summary.buckets[static_cast<size_t>(hovered)]), label)
                               .c_str());
    ImGui::TextUnformatted(i18n::tr("One correct rounding errs by at most ½ ULP."));
    ImGui::EndTooltip();
  }
}

}  // namespace gradlab::viz
