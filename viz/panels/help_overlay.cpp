// The help overlay (H or ?): every key, what the mouse does on the canvases, and how to type a size.
#include <algorithm>
#include <cstring>

#include "i18n/translate.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/panels/shortcut_keys.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

struct Line {
  const char* keys;
  const char* does;
};

constexpr Line kMouse[] = {
    {"hover a cell", "where it goes, its formula with the numbers, the order of the adds"},
    {"click a cell", "pin it (click again to unpin)"},
    {"wheel", "zoom at the pointer"},
    {"right-drag (or Shift + drag)", "pan"},
    {"Shift + wheel", "scroll sideways (a long grid scrolls; a thin bar shows where you are)"},
    {"double-click", "fit the picture to the window"},
    {"sizes and seed", "type a number; it counts when you press Enter or Tab or click elsewhere; or step with - / +"},
};

// A row: the key (its letter as it is in either language; "Space", "Left / Right" are words) and what it does.
void row(const char* keys, const char* does) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme().panelAccent));
  ImGui::TextUnformatted(std::strlen(keys) > 1 ? i18n::tr(keys) : keys);
  ImGui::PopStyleColor();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(i18n::tr(does));
}

void mouseTable() {
  if (!ImGui::BeginTable("##mouse", 2, ImGuiTableFlags_SizingFixedFit)) return;
  for (const Line& line : kMouse) row(line.keys, line.does);
  ImGui::EndTable();
}

// The shortcut table's keys (viz/panels/shortcut_keys.h), but full screen where the host has none (the page).
void keysTable(const AppState& s) {
  if (!ImGui::BeginTable("##keys", 2, ImGuiTableFlags_SizingFixedFit)) return;
  size_t count = 0;
  const ShortcutHelp* lines = shortcutHelp(&count);
  for (size_t i = 0; i < count; ++i) {
    if (lines[i].shortcut != Shortcut::kFullscreen || s.host.canFullscreen) row(lines[i].keys, lines[i].does);
  }
  ImGui::EndTable();
}

}  // namespace

void drawHelpOverlay(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.97f);
  beginPanel("Keys and mouse", &s.view.showHelp,
               ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoMove);
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted(i18n::tr("Keys"));
  ImGui::PopFont();
  keysTable(s);
  ImGui::Spacing();
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted(i18n::tr("Mouse and fields"));
  ImGui::PopFont();
  mouseTable();
  ImGui::Spacing();
  if (ui::Button("Close (H)")) s.view.showHelp = false;
  uimap::rect("panel", "help", ImGui::GetWindowPos(),
              ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x, ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  endPanel();
}

}  // namespace gradlab::viz
