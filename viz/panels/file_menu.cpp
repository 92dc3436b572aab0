// The top bar's File menu: save and open sessions (*.gradlab), the export folder, and whether screenshots
// and GIFs hold the whole window or the canvas only.
#include <filesystem>

#include "i18n/translate.h"
#include "viz/model/export_paths.h"
#include "viz/model/session.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// ImGui's text fields edit a fixed buffer: a path of this many bytes is long enough here.
constexpr size_t kPathBytes = 1024;

bool pathField(const char* id, std::string* path) {
  char buf[kPathBytes];
  std::snprintf(buf, sizeof buf, "%s", path->c_str());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24.0f);
  const bool entered = ui::InputText(id, buf, sizeof buf, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
  *path = buf;
  return entered;
}

}  // namespace

void openSession(AppState& s, const std::string& path) {
  Session session;
  std::string error, note;
  if (loadSessionFile(path, &session, &error) && applySession(s, session, &error, &note)) {
    if (note.empty()) setStatus(s, i18n::trf("opened {0}", path));
    else setStatus(s, note, true);
  } else {
    setStatus(s, error, true);
  }
}

void saveSession(AppState& s, std::string path) {
  std::string error;
  if (path.empty()) path = newExportPath(s.view.outputDir, "session", kSessionExtension, &error);
  if (!path.empty() && saveSessionFile(path, captureSession(s), &error)) {
    setStatus(s, i18n::trf("session saved: {0}", path));
    s.view.sessionPath = path;
    if (s.host.fileSaved) s.host.fileSaved(path);
  } else {
    setStatus(s, error, true);
  }
}

// Sessions saved and opened by path, and the export folder (the desktop's file menu).
static void filesByPath(AppState& s) {
  ImGui::Separator();
  ImGui::TextDisabled("%s", i18n::tr("Save as / open a file (Enter):"));
  if (pathField("##sessionPath", &s.view.sessionPath) && !s.view.sessionPath.empty()) {
    if (std::filesystem::exists(s.view.sessionPath)) openSession(s, s.view.sessionPath);
    else saveSession(s, s.view.sessionPath);
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ui::Button("Open")) openSession(s, s.view.sessionPath), ImGui::CloseCurrentPopup();
  ImGui::SameLine();
  if (ui::Button("Save")) saveSession(s, s.view.sessionPath), ImGui::CloseCurrentPopup();
  const std::vector<std::string> recent = sessionFilesIn(s.view.outputDir);
  if (!recent.empty()) {
    ImGui::TextDisabled("%s", i18n::tr("Sessions in the export folder:"));
    for (size_t i = 0; i < recent.size() && i < 8; ++i) {
      const ui::Verbatim fileName;
      if (ui::MenuItem(std::filesystem::path(recent[i]).filename().c_str())) openSession(s, recent[i]);
    }
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", i18n::tr("Export folder (screenshots, GIFs, sessions):"));
  std::string dir = s.view.outputDir;
  if (pathField("##exportDir", &dir) && !dir.empty())
    s.view.outputDir = dir, setStatus(s, i18n::trf("exports go to {0}", dir));
}

void drawFileMenu(AppState& s) {
  if (!ImGui::BeginPopup("##file")) return;
  ui::CloseOnEscape();
  if (ui::MenuItem("Save session")) saveSession(s, "");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", s.host.fileSaved ? i18n::tr("The whole state, as a .gradlab file the browser downloads")
                                        : i18n::tr("The whole state, as a .gradlab file in the export folder"));
  }
  if (s.host.openFromDevice && ui::MenuItem("Open a session file from this device...")) s.host.openFromDevice();
  if (s.host.linkToSession && ui::MenuItem("Link to this session (address bar)"))
    s.host.linkToSession(sessionJson(captureSession(s)));
  if (s.host.linkToSession && ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", i18n::tr("The page's address becomes a link that opens this state (copied to the clipboard too)"));
  }
  // The page's files live in its memory: the browser build saves as downloads and opens from the device,
  // so the paths and the export folder are the desktop's only.
  if (!s.host.openFromDevice) filesByPath(s);
  ImGui::Separator();
  ui::Checkbox("Screenshots and GIFs: canvas only", &s.view.canvasOnly);
  ImGui::Separator();
  ImGui::TextDisabled("%s", i18n::tr("Colours (presenter mode starts colour-blind safe):"));
  const PaletteScheme now = paletteScheme();
  if (ui::RadioButton("classic", now == PaletteScheme::kClassic)) s.view.palette = PaletteScheme::kClassic;
  ImGui::SameLine();
  if (ui::RadioButton("colour-blind safe (Okabe-Ito cores, cividis values)", now == PaletteScheme::kColourBlindSafe)) {
    s.view.palette = PaletteScheme::kColourBlindSafe;
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", i18n::tr("Language:"));
  for (i18n::Language language : {i18n::Language::kEnglish, i18n::Language::kChinese}) {
    ImGui::SameLine();
    if (ui::RadioButton(i18n::languageName(language), i18n::language() == language)) setLanguage(s, language);
  }
  ImGui::EndPopup();
}

}  // namespace gradlab::viz
