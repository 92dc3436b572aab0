#include "viz/widgets/theme.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <string_view>

#include "viz/model/wrap.h"
#include "viz/widgets/font_file.h"

namespace gradlab::viz {
namespace {

Theme g_theme;
Fonts g_fonts;

// The loaded fonts, if they belong to the current context's atlas (a test may have replaced the context).
const Fonts* liveFonts() {
  return ImGui::GetCurrentContext() && g_fonts.atlas == ImGui::GetIO().Fonts ? &g_fonts : nullptr;
}

// Latin-1, general punctuation (− · …), arrows, maths operators, floor/ceil brackets, geometric shapes.
const ImWchar kGlyphRanges[] = {0x0020, 0x00FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF,
                                0x2300, 0x23FF, 0x25A0, 0x25FF, 0};

void darkStyle(ImGuiStyle& s) {
  ImGui::StyleColorsDark(&s);
  s.WindowRounding = 4.0f;
  s.FrameRounding = 3.0f;
  s.GrabRounding = 3.0f;
  s.TabRounding = 3.0f;
  s.WindowPadding = ImVec2(10, 8);
  s.FramePadding = ImVec2(6, 4);
  s.ItemSpacing = ImVec2(8, 6);
  s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.14f, 1.0f);
  s.Colors[ImGuiCol_ChildBg] = ImVec4(0.09f, 0.10f, 0.12f, 1.0f);
  s.Colors[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.29f, 0.48f, 1.0f);
  // Menus and popups are opaque: the File menu showed the grids through it.
  s.Colors[ImGuiCol_PopupBg] = ImVec4(0.13f, 0.14f, 0.17f, 1.0f);
}

void presenterStyle(ImGuiStyle& s) {
  ImGui::StyleColorsLight(&s);
  s.WindowRounding = 0.0f;
  s.FrameRounding = 4.0f;
  s.GrabRounding = 4.0f;
  s.WindowPadding = ImVec2(14, 10);
  s.FramePadding = ImVec2(10, 6);
  s.ItemSpacing = ImVec2(12, 8);
  s.FrameBorderSize = 1.0f;
  s.WindowBorderSize = 2.0f;
  s.ScrollbarSize = 22.0f;
  s.GrabMinSize = 20.0f;
  s.Colors[ImGuiCol_Text] = ImVec4(0, 0, 0, 1);
  s.Colors[ImGuiCol_TextDisabled] = ImVec4(0.25f, 0.25f, 0.25f, 1);
  s.Colors[ImGuiCol_WindowBg] = ImVec4(1, 1, 1, 1);
  s.Colors[ImGuiCol_ChildBg] = ImVec4(1, 1, 1, 1);
  s.Colors[ImGuiCol_Border] = ImVec4(0, 0, 0, 1);
  s.Colors[ImGuiCol_FrameBg] = ImVec4(0.92f, 0.92f, 0.92f, 1);
  s.Colors[ImGuiCol_Button] = ImVec4(0.80f, 0.87f, 1.0f, 1);
  s.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.60f, 0.75f, 1.0f, 1);
  s.Colors[ImGuiCol_Header] = ImVec4(0.80f, 0.87f, 1.0f, 1);
  s.Colors[ImGuiCol_Tab] = ImVec4(0.85f, 0.85f, 0.85f, 1);
  s.Colors[ImGuiCol_TabActive] = ImVec4(0.35f, 0.55f, 0.95f, 1);
  s.Colors[ImGuiCol_PlotHistogram] = ImVec4(0.10f, 0.35f, 0.85f, 1);
  s.Colors[ImGuiCol_PopupBg] = ImVec4(1, 1, 1, 1);
}

}  // namespace

const Theme& theme() { return g_theme; }

void applyTheme(bool presenter) {
  ImGuiStyle& style = ImGui::GetStyle();
  Theme& t = g_theme;
  // Takes effect at the next NewFrame: every window then uses the size of this theme.
  if (const Fonts* f = liveFonts()) ImGui::GetIO().FontDefault = presenter ? f->uiLarge : f->ui;
  t.presenter = presenter;
  if (presenter) {
    presenterStyle(style);
    t.canvasBg = IM_COL32(255, 255, 255, 255);
    t.gridLine = IM_COL32(0, 0, 0, 255);
    t.label = IM_COL32(0, 0, 0, 255);
    t.labelDim = IM_COL32(60, 60, 60, 255);
    t.highlight = IM_COL32(0, 160, 0, 255);
    t.highlightAlt = IM_COL32(200, 0, 160, 255);
    t.trail = IM_COL32(0, 0, 0, 140);
    t.panelAccent = IM_COL32(20, 70, 200, 255);
    t.good = IM_COL32(0, 130, 0, 255);
    t.bad = IM_COL32(200, 0, 0, 255);
    t.warn = IM_COL32(150, 80, 0, 255);
    t.neutral = {238, 238, 238, 255};
    t.emptyCell = {250, 250, 250, 255};
    t.lineWidth = 1.5f;
    t.highlightWidth = 4.0f;
    t.tileBorderWidth = 3.0f;
  } else {
    darkStyle(style);
    t.canvasBg = IM_COL32(22, 24, 28, 255);
    t.gridLine = IM_COL32(12, 13, 16, 255);
    t.label = IM_COL32(230, 232, 236, 255);
    t.labelDim = IM_COL32(150, 155, 165, 255);
    t.highlight = IM_COL32(80, 255, 120, 255);
    t.highlightAlt = IM_COL32(255, 90, 220, 255);
    t.trail = IM_COL32(255, 255, 255, 90);
    t.panelAccent = IM_COL32(110, 170, 255, 255);
    t.good = IM_COL32(90, 220, 110, 255);
    t.bad = IM_COL32(255, 90, 90, 255);
    t.warn = IM_COL32(240, 180, 80, 255);
    t.neutral = {52, 56, 66, 255};
    t.emptyCell = {36, 39, 46, 255};
    t.lineWidth = 1.0f;
    t.highlightWidth = 2.5f;
    t.tileBorderWidth = 2.0f;
  }
}

Fonts& fonts() { return g_fonts; }

std::string cjkFontPath(std::string* warning) {
  if (const char* chosen = std::getenv("GRADLAB_CJK_FONT"); chosen != nullptr && *chosen != '\0') {
    const std::string problem = fontFileProblem(chosen);
    if (problem.empty()) return chosen;
    if (warning) *warning = std::string("GRADLAB_CJK_FONT=") + std::string(chosen).substr(0, 200) + " is not usable (" + problem + "): ";
  }
  std::error_code ec;
  for (const char* path : {"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
                           "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                           "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"})
    if (std::filesystem::exists(path, ec)) {
      if (warning && !warning->empty()) *warning += std::string("using ") + path;
      return path;
    }
  if (warning && !warning->empty()) *warning += "no other CJK font is installed";
  return "";
}

std::vector<ImWchar> cjkGlyphRanges(std::string_view text) {
  std::vector<unsigned> points;
  for (size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    unsigned cp = b;
    size_t len = 1;
    if (b >= 0xF0) cp = b & 0x07u, len = 4;
    else if (b >= 0xE0) cp = b & 0x0Fu, len = 3;
    else if (b >= 0xC0) cp = b & 0x1Fu, len = 2;
    if (i + len > text.size()) break;
    for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    i += len;
    if (cp >= 0x2E80 && cp <= 0xFFFF) points.push_back(cp);  // ImWchar is 16 bits
  }
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  std::vector<ImWchar> ranges;
  for (size_t i = 0; i < points.size();) {
    size_t j = i;
    while (j + 1 < points.size() && points[j + 1] == points[j] + 1) ++j;
    ranges.push_back(static_cast<ImWchar>(points[i]));
    ranges.push_back(static_cast<ImWchar>(points[j]));
    i = j + 1;
  }
  ranges.push_back(0);
  return ranges;
}

namespace {

// A font baked at `density` times its size, measured as if it had been baked at its size: glyphs' boxes and
// advances, ascent and descent divided by `density`; the texture coordinates still address the large glyphs.
void measureAtLayoutSize(ImFont* font, float density) {
  font->FontSize /= density;
  font->Ascent /= density;
  font->Descent /= density;
  for (ImFontGlyph& g : font->Glyphs) {
    g.X0 /= density, g.Y0 /= density, g.X1 /= density, g.Y1 /= density;
    g.AdvanceX /= density;
  }
  font->BuildLookupTable();  // the advances' index and the fallback's advance, from the glyphs
}

}  // namespace

bool loadFonts(ImFontAtlas* atlas, const std::string& fontDir, std::string* error, std::string_view cjkText,
               float density) {
  density = std::clamp(density, 1.0f, 3.0f);
  const std::string sans = fontDir + "/DejaVuSans.ttf";
  const std::string mono = fontDir + "/DejaVuSansMono.ttf";
  Fonts& f = g_fonts;
  f = Fonts{};
  // The context's default font (the theme's size) lives in this atlas: clearing it would leave a dangling
  // pointer (presenter mode switching language drew at a freed font's size, or failed ImGui's assertion).
  const bool contextAtlas = ImGui::GetCurrentContext() && atlas == ImGui::GetIO().Fonts;
  if (contextAtlas) ImGui::GetIO().FontDefault = nullptr;
  atlas->Clear();
  f.atlas = atlas;
  if (!std::filesystem::exists(sans) || !std::filesystem::exists(mono)) {
    if (error) *error = "fonts not found in " + fontDir + "; using ImGui's built-in font";
    ImFont* d = atlas->AddFontDefault();
    f = {d, d, d, d, d, d, atlas};
    return false;
  }
  // The CJK glyphs ride along in each font (merged), so text in either script needs no font switch. The
  // ranges must outlive the atlas's build: static, rebuilt only by the next load.
  static std::vector<ImWchar> cjkRanges;
  cjkRanges = cjkGlyphRanges(cjkText);
  std::string fontWarning;
  std::string cjkFont = cjkRanges.size() > 1 ? cjkFontPath(&fontWarning) : std::string();
  bool ok = true;
  if (!fontWarning.empty()) {  // the user's font is refused with a reason, and a fallback used: never an abort
    if (error) *error = fontWarning;
    ok = false;
  }
  if (cjkRanges.size() > 1 && cjkFont.empty() && ok) {
    if (error) *error = "no CJK font (install fonts-wqy-microhei, or set GRADLAB_CJK_FONT): Chinese text shows as '?'";
    ok = false;
  }
  ImFontConfig cfg;
  cfg.OversampleV = 1;
  const auto add = [&](const std::string& file, float px, int oversample) {
    cfg.OversampleH = oversample;
    cfg.MergeMode = false;
    ImFont* font = atlas->AddFontFromFileTTF(file.c_str(), px * density, &cfg, kGlyphRanges);
    if (font && !cjkFont.empty()) {
      ImFontConfig merge;
      merge.MergeMode = true;
      merge.OversampleH = 1;  // ideographs are dense already: oversampling would double their atlas space
      merge.OversampleV = 1;
      merge.PixelSnapH = true;
      atlas->AddFontFromFileTTF(cjkFont.c_str(), px * density, &merge, cjkRanges.data());
    }
    return font;
  };
  // The first font added is ImGui's default: the normal UI font.
  f.ui = add(sans, 16.0f, 2);
  f.mono = add(mono, 14.0f, 2);
  f.heading = add(sans, 20.0f, 2);
  f.uiLarge = add(sans, 24.0f, 1);
  f.monoLarge = add(mono, 24.0f, 1);  // cell digits, read from afar
  f.headingLarge = add(sans, 32.0f, 1);
  cjkFont.clear();  // digits only from here on
  f.monoSmall = add(mono, 10.0f, 2);
  f.monoPresenter = add(mono, 18.0f, 2);
  if (density != 1.0f && atlas->Build()) {
    for (ImFont* font : atlas->Fonts) measureAtLayoutSize(font, density);
  }
  if (contextAtlas) ImGui::GetIO().FontDefault = g_theme.presenter ? f.uiLarge : f.ui;
  return ok && f.ui && f.mono && f.heading && f.uiLarge && f.monoLarge && f.headingLarge && f.monoSmall && f.monoPresenter;
}

bool createBackendlessContext(ImVec2 size, const std::string& fontDir, std::string_view cjkText, std::string* error) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = size;
  io.DeltaTime = 1.0f / 60.0f;
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;  // as the app's SDL renderer: large meshes split
  const bool ok = loadFonts(io.Fonts, fontDir, error, cjkText);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  return ok;
}

float textWidth(std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; }

void textWrapped(const std::string& text) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
  for (const std::string& line : wrapWords(text, width, textWidth)) ImGui::TextUnformatted(line.c_str());
}

float roomAfterLastItem() {
  return ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x - ImGui::GetItemRectMax().x;
}

void textDimWrapped(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  textWrapped(text);
  ImGui::PopStyleColor();
}

void textColouredWrapped(ImU32 colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour));
  textWrapped(text);
  ImGui::PopStyleColor();
}

ImFont* digitsFontAtMost(float px) {
  const Fonts* f = liveFonts();
  if (!f) return px >= 10.0f ? ImGui::GetFont() : nullptr;
  ImFont* best = nullptr;
  const std::initializer_list<ImFont*> normal = {f->monoSmall, f->mono}, presenter = {f->monoPresenter, f->monoLarge};
  for (ImFont* font : g_theme.presenter ? presenter : normal)
    if (font && font->FontSize <= px + 0.01f && (!best || font->FontSize > best->FontSize)) best = font;
  return best;
}

ImFont* uiFont() {
  const Fonts* f = liveFonts();
  ImFont* font = f ? (g_theme.presenter ? f->uiLarge : f->ui) : nullptr;
  return font ? font : ImGui::GetFont();
}
ImFont* monoFont() {
  const Fonts* f = liveFonts();
  ImFont* font = f ? (g_theme.presenter ? f->monoLarge : f->mono) : nullptr;
  return font ? font : ImGui::GetFont();
}
ImFont* headingFont() {
  const Fonts* f = liveFonts();
  ImFont* font = f ? (g_theme.presenter ? f->headingLarge : f->heading) : nullptr;
  return font ? font : ImGui::GetFont();
}

}  // namespace gradlab::viz
