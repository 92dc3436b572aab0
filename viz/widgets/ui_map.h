// The widget map: what a scenario driver (tests/ui) needs to find a widget by its label and to read what
// the app shows. Each frame records the widgets it drew (an id such as "tab/Tiling" or "field/out H", a
// kind, the screen rectangle and the value on screen) and a few named facts of the app's state. It is off
// unless the app was asked for it (GRADLAB_UI_MAP), and then costs one branch a widget.
#pragma once

#include <string>
#include <string_view>

#include <imgui.h>

#include "gradlab/no_copy.h"

namespace gradlab::viz::uimap {

bool enabled();
void setEnabled(bool on);

// Starts a frame's map (the previous frame's entries are dropped).
void beginFrame();
// The last ImGui item, under `id` ("kind/label"; a "##" suffix is dropped from the label).
void item(std::string_view kind, std::string_view label, std::string_view value = {});
// A rectangle that is not an ImGui item (a panel, a canvas, a grid cell).
void rect(std::string_view kind, std::string_view label, ImVec2 min, ImVec2 max, std::string_view value = {});
// The current window's lines from screen y `top` to the cursor, as the rect "text/label" (the tests read
// where a caption, a question or a verdict is).
void lines(std::string_view label, float top);
// A fact of the app's state ("tab" -> "Tiling").
void fact(std::string_view key, std::string_view value);

// The frame's map as JSON: {"frame": N, "window": {...}, "widgets": [...], "state": {...}}.
std::string json(unsigned long long frame, int windowX, int windowY, int width, int height);

}  // namespace gradlab::viz::uimap

// ImGui's widgets as the panels use them, each recorded in the widget map under its kind and label
// ("button/Check", "check/deterministic", "combo/dtype", "option/float16", "menu/Save session").
namespace gradlab::viz::ui {

// Each takes its label in English and shows it in the user's language (i18n/translate.h); the English label
// stays the widget's ImGui id and its name in the widget map.
const char* shownLabel(const char* label);
// While one lives, labels are shown as given: file names, dtype names, text a caller translated itself.
class Verbatim : NoCopy {
 public:
  Verbatim();
  ~Verbatim();
};
bool Button(const char* label, const ImVec2& size = ImVec2(0, 0));
bool SmallButton(const char* label);
bool ArrowButton(const char* id, ImGuiDir dir);
bool Checkbox(const char* label, bool* v);
bool RadioButton(const char* label, bool active);
bool RadioButton(const char* label, int* v, int vButton);
bool BeginCombo(const char* label, const char* preview, ImGuiComboFlags flags = 0);
bool Combo(const char* label, int* current, const char* const items[], int count);
bool Selectable(const char* label, bool selected = false, ImGuiSelectableFlags flags = 0, const ImVec2& size = ImVec2(0, 0));
bool MenuItem(const char* label, const char* shortcut = nullptr, bool selected = false, bool enabled = true);
bool SliderInt(const char* label, int* v, int lo, int hi, const char* format = "%d", ImGuiSliderFlags flags = 0);
bool SliderFloat(const char* label, float* v, float lo, float hi, const char* format = "%.3f", ImGuiSliderFlags flags = 0);
bool InputText(const char* label, char* buf, size_t size, ImGuiInputTextFlags flags = 0);
// ImGui::TextWrapped, wrapping between words only (viz/widgets/theme.h's textWrapped).
void TextWrapped(const char* format, ...) IM_FMTARGS(1);
// Inside a popup: Escape closes it, as a person expects. ImGui closes popups by key only with keyboard
// navigation on, which would take the arrow keys from the player's shortcuts.
void CloseOnEscape();

}  // namespace gradlab::viz::ui
