#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {

void drawTopBar(AppState& s) {
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted("gradlab");
  ImGui::PopFont();
  ImGui::SameLine();
  ImGui::TextDisabled("backward ops on an emulated NPU");
  ImGui::SameLine(0, 24);

  const Lesson* lesson = s.currentLesson();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 13);
  if (ImGui::BeginCombo("##lesson", lesson ? lesson->title.c_str() : "Free exploration")) {
    for (size_t i = 0; i < s.lessons.size(); ++i)
      if (ImGui::Selectable(s.lessons[i].title.c_str(), static_cast<int>(i) == s.lesson))
        applyPreset(s, static_cast<int>(i), 0);
    if (!s.library.empty()) {
      ImGui::Separator();
      ImGui::TextDisabled("Presets");
      for (const Preset& p : s.library)
        if (ImGui::Selectable(p.title.c_str())) {
          s.lesson = -1;
          applyLibraryPreset(s, p);
        }
    }
    ImGui::EndCombo();
  }
  if (lesson) {
    ImGui::SameLine();
    if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) handleShortcut(s, Shortcut::kPreviousPreset);
    ImGui::SameLine();
    ImGui::Text("%d / %zu", s.preset + 1, lesson->presets.size());
    ImGui::SameLine();
    if (ImGui::ArrowButton("##next", ImGuiDir_Right)) handleShortcut(s, Shortcut::kNextPreset);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Next preset (Down)");
  }

  // Right-aligned buttons.
  const char* presenterLabel = s.presenter ? "Normal view (P)" : "Presenter (P)";
  const float buttons = ImGui::CalcTextSize(presenterLabel).x + ImGui::CalcTextSize("Screenshot (S)").x +
                        ImGui::CalcTextSize("Export GIF").x + ImGui::GetStyle().FramePadding.x * 6 +
                        ImGui::GetStyle().ItemSpacing.x * 3;
  const float statusW = s.status.empty() ? 0.0f : ImGui::CalcTextSize(s.status.c_str()).x + 16.0f;
  ImGui::SameLine(std::max(ImGui::GetCursorPosX() + 8.0f, ImGui::GetWindowContentRegionMax().x - buttons - statusW));
  if (!s.status.empty()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(theme().panelAccent), "%s", s.status.c_str());
    ImGui::SameLine();
  }
  if (ImGui::Button(presenterLabel)) handleShortcut(s, Shortcut::kPresenter);
  ImGui::SameLine();
  if (ImGui::Button("Screenshot (S)")) handleShortcut(s, Shortcut::kScreenshot);
  ImGui::SameLine();
  if (ImGui::Button("Export GIF")) s.requests.exportGif = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Record the animation of this preset as an animated GIF");
}

}  // namespace gradlab::viz
