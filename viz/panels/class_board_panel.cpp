// The teacher's join card: the QR code a room scans from the projector, the code and the link, and how many
// joined and answered. Top right of the canvas; Hide folds it to one line that opens it again.
#include <algorithm>
#include <cmath>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

void drawClassBoard(AppState& s, ImVec2 topRight) {
  if (!s.classBoard) return;
  const ClassBoard& b = *s.classBoard;
  const std::string counts = b.asking ? i18n::trf("{0} joined · {1} answered", b.joined, b.answered) : i18n::trf("{0} joined", b.joined);
  ImGui::SetNextWindowPos(topRight, ImGuiCond_Always, ImVec2(1.0f, 0.0f));
  ImGui::SetNextWindowBgAlpha(0.96f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse;
  beginPanel("##classBoard", nullptr, flags);
  if (!s.classBoardShown) {
    if (ui::Button(cat(i18n::trf("Class {0}", b.code), " · ", counts, "###classShow").c_str())) s.classBoardShown = true;
    endPanel();
    return;
  }
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted(i18n::trf("Join the class: code {0}", b.code).c_str());
  ImGui::PopFont();
  if (b.qrSize > 0 && b.qr.size() == static_cast<size_t>(b.qrSize) * static_cast<size_t>(b.qrSize)) {
    // Dark modules on white with the quiet zone of four modules a scanner needs, whatever the theme.
    const float module = std::max(2.0f, std::floor(ImGui::GetFontSize() * 9.0f / static_cast<float>(b.qrSize + 8)));
    const float side = module * static_cast<float>(b.qrSize + 8);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(at, ImVec2(at.x + side, at.y + side), IM_COL32(255, 255, 255, 255));
    for (int r = 0; r < b.qrSize; ++r)
      for (int c = 0; c < b.qrSize; ++c)
        if (b.qr[static_cast<size_t>(r * b.qrSize + c)]) {
          const ImVec2 p(at.x + module * static_cast<float>(c + 4), at.y + module * static_cast<float>(r + 4));
          dl->AddRectFilled(p, ImVec2(p.x + module, p.y + module), IM_COL32(0, 0, 0, 255));
        }
    ImGui::Dummy(ImVec2(side, side));
    uimap::item("qr", "join", cat(b.qrSize, " modules of ", static_cast<int>(module), " px"));
  }
  ImGui::TextUnformatted(b.link.c_str());
  textDimWrapped(counts);
  if (ui::SmallButton("Hide")) s.classBoardShown = false;
  endPanel();
}

}  // namespace gradlab::viz
