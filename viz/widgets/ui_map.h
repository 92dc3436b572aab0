// The widget map: what a scenario driver (tests/ui) needs to find a widget by its label and to read what
// the app shows. Each frame records the widgets it drew (an id such as "tab/Tiling" or "field/out H", a
// kind, the screen rectangle and the value on screen) and a few named facts of the app's state. It is off
// unless the app was asked for it (GRADLAB_UI_MAP), and then costs one branch a widget.
#pragma once

#include <string>
#include <string_view>

#include <imgui.h>

namespace gradlab::viz::uimap {

bool enabled();
void setEnabled(bool on);

// Starts a frame's map (the previous frame's entries are dropped).
void beginFrame();
// The last ImGui item, under `id` ("kind/label"; a "##" suffix is dropped from the label).
void item(std::string_view kind, std::string_view label, std::string_view value = {});
// A rectangle that is not an ImGui item (a panel, a canvas, a grid cell).
void rect(std::string_view kind, std::string_view label, ImVec2 min, ImVec2 max, std::string_view value = {});
// A fact of the app's state ("tab" -> "Tiling").
void fact(std::string_view key, std::string_view value);

// The frame's map as JSON: {"frame": N, "window": {...}, "widgets": [...], "state": {...}}.
std::string json(unsigned long long frame, int windowX, int windowY, int width, int height);

}  // namespace gradlab::viz::uimap
