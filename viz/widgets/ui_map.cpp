#include "viz/widgets/ui_map.h"

#include <imgui_internal.h>

#include "i18n/translate.h"
#include "viz/model/wrap.h"
#include "viz/widgets/theme.h"

#include <nlohmann/json.hpp>

#include <cstdarg>
#include <cstdio>
#include <map>
#include <vector>

namespace gradlab::viz::uimap {
namespace {

struct Widget {
  std::string id, kind, value;
  ImVec2 min, max;
  ImVec2 windowMin, windowMax;  // the window it is drawn in: outside it, a person must scroll to reach it
};

struct Map {
  bool on = false;
  std::vector<Widget> widgets;
  std::map<std::string, std::string> facts;
  std::map<std::string, int> seen;
};

Map& map() {
  static Map m;
  return m;
}

// The label a person reads ("Play" of "  ▶ Play "), or the hidden id when nothing is shown ("prev" of "##prev").
std::string visibleLabel(std::string_view label) {
  const size_t hidden = label.find("##");
  std::string_view shown = hidden == std::string_view::npos ? label : label.substr(0, hidden);
  const size_t first = shown.find_first_not_of(' ');
  shown = first == std::string_view::npos ? std::string_view() : shown.substr(first, shown.find_last_not_of(' ') - first + 1);
  if (shown.empty() && hidden != std::string_view::npos) return std::string(label.substr(hidden + 2));
  return std::string(shown);
}

}  // namespace

bool enabled() { return map().on; }
void setEnabled(bool on) { map().on = on; }

void beginFrame() {
  if (!map().on) return;
  map().widgets.clear();
  map().facts.clear();
  map().seen.clear();
}

void item(std::string_view kind, std::string_view label, std::string_view value) {
  if (!map().on) return;
  rect(kind, label, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), value);
}

void lines(std::string_view label, float top) {
  if (!map().on) return;
  const ImVec2 window = ImGui::GetWindowPos();
  rect("text", label, ImVec2(window.x, top), ImVec2(window.x + ImGui::GetWindowWidth(), ImGui::GetCursorScreenPos().y));
}

void rect(std::string_view kind, std::string_view label, ImVec2 min, ImVec2 max, std::string_view value) {
  if (!map().on) return;
  Widget w;
  w.kind = kind;
  w.id = std::string(kind) + "/" + visibleLabel(label);
  // The same label twice in a frame (the left panel's "cores" and the Tiling tab's): "slider/cores#2".
  const int seen = ++map().seen[w.id];
  if (seen > 1) w.id += "#" + std::to_string(seen);
  w.value = value;
  w.min = min;
  w.max = max;
  w.windowMin = ImGui::GetWindowPos();
  w.windowMax = ImVec2(w.windowMin.x + ImGui::GetWindowSize().x, w.windowMin.y + ImGui::GetWindowSize().y);
  map().widgets.push_back(std::move(w));
}

void fact(std::string_view key, std::string_view value) {
  if (!map().on) return;
  map().facts[std::string(key)] = std::string(value);
}

std::string json(unsigned long long frame, int windowX, int windowY, int width, int height) {
  nlohmann::json out;
  out["frame"] = frame;
  out["window"] = {{"x", windowX}, {"y", windowY}, {"width", width}, {"height", height}};
  nlohmann::json widgets = nlohmann::json::array();
  for (const Widget& w : map().widgets)
    widgets.push_back({{"id", w.id}, {"kind", w.kind}, {"value", w.value}, {"x0", w.min.x}, {"y0", w.min.y},
                       {"x1", w.max.x}, {"y1", w.max.y}, {"wx0", w.windowMin.x}, {"wy0", w.windowMin.y},
                       {"wx1", w.windowMax.x}, {"wy1", w.windowMax.y}});
  out["widgets"] = std::move(widgets);
  out["state"] = map().facts;
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gradlab::viz::uimap

namespace gradlab::viz::ui {
namespace {

const char* onOff(bool on) { return on ? "on" : "off"; }

// The frame of the next item (its width as set for it, without the label), taken before the widget is drawn.
struct FrameRect {
  ImVec2 min, max;
  FrameRect() {
    if (!uimap::enabled()) return;
    min = ImGui::GetCursorScreenPos();
    max = ImVec2(min.x + ImGui::CalcItemWidth(), min.y + ImGui::GetFrameHeight());
  }
  void record(const char* kind, const char* label, const std::string& value) const { uimap::rect(kind, label, min, max, value); }
};

}  // namespace

namespace {
thread_local int g_verbatim = 0;
}  // namespace

Verbatim::Verbatim() { ++g_verbatim; }
Verbatim::~Verbatim() { --g_verbatim; }

const char* shownLabel(const char* label) {
  if (i18n::language() == i18n::Language::kEnglish || label == nullptr || g_verbatim > 0) return label;
  const std::string_view all(label);
  const size_t hashes = all.find("##");
  if (hashes == 0) return label;  // no visible text
  const std::string visible(all.substr(0, hashes));
  const char* translated = i18n::tr(visible.c_str());
  if (translated == visible.c_str()) return label;  // no entry (remembered by tr) or nothing to translate
  // The English label stays the widget's id, so its state, the widget map and the UI scenarios do not
  // change with the language.
  static thread_local std::string shown[8];
  static thread_local unsigned next = 0;
  std::string& out = shown[next++ % 8];
  out.assign(translated).append("###").append(all);
  return out.c_str();
}

bool Button(const char* label, const ImVec2& size) {
  const bool pressed = ImGui::Button(shownLabel(label), size);
  uimap::item("button", label);
  return pressed;
}

bool SmallButton(const char* label) {
  const bool pressed = ImGui::SmallButton(shownLabel(label));
  uimap::item("button", label);
  return pressed;
}

bool ArrowButton(const char* id, ImGuiDir dir) {
  const bool pressed = ImGui::ArrowButton(id, dir);
  uimap::item("button", id);
  return pressed;
}

bool Checkbox(const char* label, bool* v) {
  const bool before = *v;
  bool changed = ImGui::Checkbox(shownLabel(label), v);
  // The second click of a double-click whose first click was elsewhere is not taken: the first one may have
  // brought this box under the mouse (a double-clicked "Show the answer" re-flowed the panel and its second
  // click turned class mode on). Two quick clicks on the box itself still toggle it twice.
  static ImGuiID lastToggled = 0;
  static double lastToggledAt = -1e9;
  const ImGuiID id = ImGui::GetItemID();
  const ImGuiIO& io = ImGui::GetIO();
  const bool firstClickHere = lastToggled == id && ImGui::GetTime() - lastToggledAt <= io.MouseDoubleClickTime * 2.0;
  if (changed && io.MouseClickedLastCount[ImGuiMouseButton_Left] >= 2 && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && !firstClickHere) {
    *v = before;
    changed = false;
  }
  if (changed) lastToggled = id, lastToggledAt = ImGui::GetTime();
  uimap::item("check", label, onOff(*v));
  return changed;
}

bool RadioButton(const char* label, bool active) {
  const bool pressed = ImGui::RadioButton(shownLabel(label), active);
  uimap::item("radio", label, onOff(active));
  return pressed;
}

bool RadioButton(const char* label, int* v, int vButton) {
  const bool pressed = ImGui::RadioButton(shownLabel(label), v, vButton);
  uimap::item("radio", label, onOff(*v == vButton));
  return pressed;
}

bool BeginCombo(const char* label, const char* preview, ImGuiComboFlags flags) {
  FrameRect().record("combo", label, preview ? preview : "");
  // A preview wider than the box ends in "…" (ImGui cuts it mid-letter: "Nearest vs nearest-exact: why th").
  std::string shown = preview ? preview : "";
  if (preview && !(flags & ImGuiComboFlags_NoPreview)) {
    const ImGuiStyle& st = ImGui::GetStyle();
    const float room = ImGui::CalcItemWidth() - ((flags & ImGuiComboFlags_NoArrowButton) ? 0.0f : ImGui::GetFrameHeight()) - st.FramePadding.x * 2.0f;
    shown = cutToWidth(shown, room, [](std::string_view t) { return ImGui::CalcTextSize(t.data(), t.data() + t.size()).x; });
  }
  if (!ImGui::BeginCombo(shownLabel(label), preview ? shown.c_str() : nullptr, flags)) return false;
  CloseOnEscape();
  return true;
}

void TextWrapped(const char* format, ...) {
  char buffer[4096];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  textWrapped(buffer);
}

void CloseOnEscape() {
  if (!ImGui::IsAnyItemActive() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) ImGui::CloseCurrentPopup();
}

bool Combo(const char* label, int* current, const char* const items[], int count) {
  bool changed = false;
  const char* preview = *current >= 0 && *current < count ? items[*current] : "";
  if (BeginCombo(label, g_verbatim > 0 ? preview : i18n::tr(preview))) {  // shown as its options are
    for (int i = 0; i < count; ++i)
      if (Selectable(items[i], i == *current)) {
        changed = i != *current;
        *current = i;
      }
    ImGui::EndCombo();
  }
  return changed;
}

bool Selectable(const char* label, bool selected, ImGuiSelectableFlags flags, const ImVec2& size) {
  const bool pressed = ImGui::Selectable(shownLabel(label), selected, flags, size);
  uimap::item("option", label, onOff(selected));
  return pressed;
}

bool MenuItem(const char* label, const char* shortcut, bool selected, bool enabled) {
  const bool pressed = ImGui::MenuItem(shownLabel(label), shortcut, selected, enabled);
  uimap::item("menu", label);
  return pressed;
}

// Sliders and text fields: the frame that takes the mouse, not the label beside it (the item's rectangle).
namespace {

// A slider's value drawn again over a plate of its frame's colour, so that the grab passes under the digits
// (a wide grab covered them, "12 of 64" read "1  f 64"; a thin one still struck through them). `width` is the
// frame's, taken before the slider used up its SetNextItemWidth.
void valueOnAPlate(float width, ImGuiDataType type, const void* value, const char* format) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  if (g.TempInputId != 0 && g.TempInputId == ImGui::GetItemID()) return;  // a value typed in: ImGui's own field
  char text[256];
  const char* end = text + ImGui::DataTypeFormatString(text, sizeof text, type, value, format);
  const ImVec2 min = ImGui::GetItemRectMin(), size(width, ImGui::GetFrameHeight());
  const ImVec2 ts = ImGui::CalcTextSize(text, end);
  if (ts.x <= 0.0f || ts.x > size.x) return;
  const ImVec2 at(min.x + (size.x - ts.x) * 0.5f, min.y + (size.y - ts.y) * 0.5f);
  // The plate is the frame's colour as it shows: ImGui draws the frame in one colour (hovered, active or not)
  // over the window's background, and the dark theme's frames are translucent, so that colour drawn again over
  // the frame read as a darker box.
  const ImGuiCol frame = ImGui::IsItemActive() ? ImGuiCol_FrameBgActive : ImGui::IsItemHovered() ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg;
  const ImVec4 under = ImGui::GetStyleColorVec4((ImGui::GetCurrentWindow()->Flags & ImGuiWindowFlags_ChildWindow) ? ImGuiCol_ChildBg : ImGuiCol_WindowBg);
  const ImVec4 over = ImGui::GetStyleColorVec4(frame);
  const float a = over.w;
  const ImU32 plate = ImGui::GetColorU32(ImVec4(under.x + (over.x - under.x) * a, under.y + (over.y - under.y) * a, under.z + (over.z - under.z) * a, 1.0f));
  const float pad = ImGui::GetStyle().ItemInnerSpacing.x * 0.5f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(ImVec2(at.x - pad, min.y + 2.0f), ImVec2(at.x + ts.x + pad, min.y + size.y - 2.0f), plate, 0.0f);
  dl->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), text, end);
}

// A slider (`slide` draws ImGui's, under the label as shown) with its value on a plate and in the widget map.
template <typename T, typename Slide>
bool recordedSlider(const char* label, T* v, ImGuiDataType type, const char* format, Slide slide) {
  FrameRect frame;
  const float width = ImGui::CalcItemWidth();
  const bool changed = slide(shownLabel(label));
  valueOnAPlate(width, type, v, format);
  frame.record("slider", label, std::to_string(*v));
  return changed;
}

}  // namespace

bool SliderInt(const char* label, int* v, int lo, int hi, const char* format, ImGuiSliderFlags flags) {
  return recordedSlider(label, v, ImGuiDataType_S32, format,
                        [&](const char* shown) { return ImGui::SliderInt(shown, v, lo, hi, format, flags); });
}

bool SliderFloat(const char* label, float* v, float lo, float hi, const char* format, ImGuiSliderFlags flags) {
  return recordedSlider(label, v, ImGuiDataType_Float, format,
                        [&](const char* shown) { return ImGui::SliderFloat(shown, v, lo, hi, format, flags); });
}

bool InputText(const char* label, char* buf, size_t size, ImGuiInputTextFlags flags) {
  FrameRect frame;
  const bool changed = ImGui::InputText(shownLabel(label), buf, size, flags);
  frame.record("text", label, buf);
  return changed;
}

}  // namespace gradlab::viz::ui
