#include "viz/widgets/draw_text.h"

#include <imgui_internal.h>

#include <cstring>
#include <utility>

#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

std::string* textSink = nullptr;  // the reader's text (tests only; one UI thread)
SmallestText smallest;            // the smallest type drawn while a reader logs

}  // namespace

void startTextCapture(std::string* sink) { textSink = sink; }
void stopTextCapture() { textSink = nullptr; }

bool beginPanel(const char* name, bool* open, ImGuiWindowFlags flags) {
  const bool shown = ImGui::Begin(ui::shownLabel(name), open, flags);
  if (textSink != nullptr && !logging()) ImGui::LogToBuffer();
  return shown;
}

void endPanel() {
  if (textSink != nullptr && logging()) {
    *textSink += GImGui->LogBuffer.c_str();  // ImGui::End's LogFinish clears it
    *textSink += "\n";
  }
  ImGui::End();
}

bool logging() { return GImGui != nullptr && GImGui->LogEnabled; }

namespace {

void logText(const ImVec2& pos, const char* begin, const char* end, float size) {
  if (!logging()) return;
  if (smallest.size == 0.0f || size < smallest.size) smallest = {size, std::string(begin, end ? end : begin + std::strlen(begin))};
  // Each piece on its own line: canvas labels are placed freely, so ImGui's line joining would glue them.
  ImGui::LogText("\n");
  ImGui::LogRenderedText(&pos, begin, end);
  ImGui::LogText("\n");
}

}  // namespace

void drawText(ImDrawList* list, const ImFont* font, float size, const ImVec2& pos, ImU32 colour, const char* begin,
              const char* end) {
  list->AddText(font, size, pos, colour, begin, end);
  logText(pos, begin, end, size);
}

void drawText(ImDrawList* list, const ImVec2& pos, ImU32 colour, const char* begin, const char* end) {
  list->AddText(pos, colour, begin, end);
  logText(pos, begin, end, ImGui::GetFontSize());
}

SmallestText takeSmallestText() { return std::exchange(smallest, SmallestText{}); }

void logMark(const std::string& mark) {
  if (!logging()) return;
  ImGui::LogText("\n[%s]\n", mark.c_str());
}

}  // namespace gradlab::viz
