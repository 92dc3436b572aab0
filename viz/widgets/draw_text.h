// Everything a frame says, readable by a test (the spoiler test): ImGui logs the text its widgets
// render while its log is on; drawText logs the text drawn straight into a draw list (cell digits,
// legends, grid and lane labels) the same way, and logMark the shapes that say something (an outlined
// cell). ImGui closes its log at the end of every top-level window, so the panels open and close their
// windows with beginPanel/endPanel, which carry a reader's log across them. With no reader: one branch.
#pragma once

#include <imgui.h>

#include <string>

namespace gradlab::viz {

void drawText(ImDrawList* list, const ImFont* font, float size, const ImVec2& pos, ImU32 colour, const char* begin,
              const char* end = nullptr);
void drawText(ImDrawList* list, const ImVec2& pos, ImU32 colour, const char* begin, const char* end = nullptr);
// A reader: from now until stopTextCapture, the text of every panel is appended to `sink`.
void startTextCapture(std::string* sink);
void stopTextCapture();
// ImGui::Begin / ImGui::End of a top-level window, logging for a reader if there is one.
bool beginPanel(const char* name, bool* open, ImGuiWindowFlags flags);
void endPanel();

// The smallest type drawText drew while a reader logged, since the last take (size 0: none), and what it said:
// a test holds presenter mode to what a room reads.
struct SmallestText {
  float size = 0.0f;
  std::string text;
};
SmallestText takeSmallestText();

// Whether a reader is logging this frame (ImGui::LogToBuffer and friends).
bool logging();
// A shape that says something (an outlined cell, a highlighted tile), written to the log as "[mark]";
// callers test logging() first, so building the text costs nothing when nobody reads it.
void logMark(const std::string& mark);

}  // namespace gradlab::viz
