// Builds the app: ImGui context and fonts, the lessons and presets, the runner and the case table.
#pragma once

#include <string>

#include "options.h"
#include "viz/panels/app_state.h"

namespace gradlab::app {

// Creates the ImGui context (no .ini file) and applies the theme; the fonts come with the first frame.
void setUpImGui(const std::string& assetsDir, bool presenter, int width, int height);
// Before a frame: whether the fonts lack the glyphs of the language now shown (none loaded yet, or the
// language changed) or of the student's name on a class page. Then the backend drops its font texture and
// rebuildFonts loads them again.
bool fontsOutOfDate(const viz::AppState& state);
// The screen's pixels per layout pixel the glyphs are drawn for (viz::loadFonts): 2 in a browser on a HiDPI
// screen. A change makes the fonts out of date.
void setFontDensity(float density);
void rebuildFonts(const viz::AppState& state);
// Loads lessons/presets, connects gradlab::run and the case table, opens options.lesson at
// options.preset. Returns false (with a message) when the lesson does not exist.
bool setUpState(viz::AppState& state, const std::string& assetsDir, const Options& options, std::string* error);
// One UI frame: advances the player by dt, builds the panels; ImGui::Render() has been called after it.
void buildFrame(viz::AppState& state, float dtSeconds);

}  // namespace gradlab::app
