// Look of the app: the normal dark theme and the presenter theme (large fonts, high contrast, light
// background for projectors), the fonts, and the colours the widgets draw with.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "viz/model/color.h"

namespace gradlab::viz {

struct Theme {
  bool presenter = false;
  ImU32 canvasBg = 0, gridLine = 0, label = 0, labelDim = 0, highlight = 0, highlightAlt = 0, trail = 0;
  ImU32 panelAccent = 0, good = 0, bad = 0, warn = 0;  // warn: a note that is not an error
  Rgba neutral;          // the heat scale's zero colour
  Rgba emptyCell;        // a cell with no value yet / no owner
  float lineWidth = 1.0f, highlightWidth = 2.5f, tileBorderWidth = 2.0f;
};

const Theme& theme();
void applyTheme(bool presenter);  // sets ImGui's style and the widget colours

struct Fonts {
  ImFont* ui = nullptr;
  ImFont* mono = nullptr;
  ImFont* heading = nullptr;
  ImFont* uiLarge = nullptr;
  ImFont* monoLarge = nullptr;
  ImFont* headingLarge = nullptr;
  const ImFontAtlas* atlas = nullptr;  // the atlas they live in: they are used only with that atlas
  ImFont* monoPresenter = nullptr;  // presenter cell digits in cells too small for monoLarge: never below 18 px
  ImFont* monoSmall = nullptr;  // cell digits in small cells, baked at the size they are drawn (scaled down, 14 px blurs)
};
Fonts& fonts();
// Adds DejaVu Sans / Sans Mono from `fontDir` in the normal and presenter sizes (with the arrows and
// maths symbols the formulas use). Falls back to ImGui's built-in font when a file is missing;
// returns false in that case and says why in `error`. The Chinese characters of `cjkText` (and only
// those: a few thousand glyphs, not the font's 20,000) are merged from the CJK font (cjkFontPath) into
// every font; without that font they are missing and `error` says so. Clears the atlas first.
// `density`: the screen's pixels per layout pixel the glyphs are drawn for (2 on a HiDPI screen). The atlas
// holds glyphs of `density` times the size, and the fonts' metrics are scaled back, so text lays out exactly
// as at 1 and is drawn sharp on a screen that shows each layout pixel as density x density pixels.
bool loadFonts(ImFontAtlas* atlas, const std::string& fontDir, std::string* error, std::string_view cjkText = {},
               float density = 1.0f);
// An ImGui context with no platform or renderer backend (the tests and benchmarks draw the panels into
// it): no .ini file, `size`, 60 frames/s, large meshes split as the app's renderer does, and the fonts
// built (with the Chinese characters of `cjkText`). False when the fonts were not found; `error` says why.
bool createBackendlessContext(ImVec2 size, const std::string& fontDir, std::string_view cjkText, std::string* error);
// The CJK font: GRADLAB_CJK_FONT when it is a usable font file (viz/widgets/font_file.h), else the first of
// Debian's WenQuanYi Micro Hei, Noto Sans CJK and WenQuanYi Zen Hei that is installed; "" when none is. A
// GRADLAB_CJK_FONT that is refused is said in `warning`, with the font used instead.
std::string cjkFontPath(std::string* warning = nullptr);
// The code points from U+2E80 on (CJK) that `text` holds, each once, as ImGui glyph ranges (pairs, 0-ended).
std::vector<ImWchar> cjkGlyphRanges(std::string_view text);

// The fonts for the current theme (nullptr-safe: ImGui's default font when none were loaded).
ImFont* uiFont();
ImFont* monoFont();
ImFont* headingFont();
// For cell digits of at most `px` pixels: the largest monospace font baked at or below that size, drawn at
// its own size (a font scaled far down garbles its digits). The normal view has 10 and 14 px, presenter
// mode 14 and 24 px; nullptr when `px` is below them all. ImGui's built-in font stands in without fonts.
ImFont* digitsFontAtMost(float px);

// Text that wraps at the window edge between words only: ImGui's own wrapping also breaks after '.', which
// split numbers ("0." / "003906"). A word wider than the whole line is cut where it must.
void textWrapped(const std::string& text);
// The width of `text` in the current font: the measure viz/model/wrap's line breaking takes.
float textWidth(std::string_view text);
// Pixels left on the current line to the right of the last item (for "on this line if it fits").
float roomAfterLastItem();
// Dimmed text that wraps at the window edge.
void textDimWrapped(const std::string& text);
// Text in `colour` (theme().warn, bad, good, ...) that wraps at the window edge.
void textColouredWrapped(ImU32 colour, const std::string& text);

inline ImU32 toImU32(Rgba c) { return IM_COL32(c.r, c.g, c.b, c.a); }
inline ImVec4 toImVec4(Rgba c) { return ImVec4(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f); }

}  // namespace gradlab::viz
