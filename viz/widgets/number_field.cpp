#include "viz/widgets/number_field.h"

#include <imgui.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <unordered_map>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// What is being typed, per field, from the first keystroke until the field is left.
std::unordered_map<ImGuiID, std::string>& typing() {
  static std::unordered_map<ImGuiID, std::string> fields;
  return fields;
}

// The text field and its - / + buttons; the label after them (in the user's language). Returns the committed
// text, if any, and which button was pressed (-1, 0, +1). `shown` is the value for the widget map, `display`
// the same in the user's language (they differ for a word such as "auto (0)").
std::optional<std::string> fieldWithSteps(const char* label, const std::string& shown, const std::string& display, int* step) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float button = ImGui::GetFrameHeight();
  const std::string visible = std::string(label).substr(0, std::string(label).find("##"));
  const std::string translated = ui::shownLabel(label);  // "中文###label" in Chinese
  const std::string visibleShown = translated.substr(0, translated.find("##"));
  ImGui::PushID(label);
  const ImGuiID id = ImGui::GetID("##text");
  auto& fields = typing();
  auto it = fields.find(id);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s", (it != fields.end() ? it->second : display).c_str());
  const float labelW = std::max(ImGui::CalcTextSize("out W ").x, ImGui::CalcTextSize(visibleShown.c_str()).x + st.ItemInnerSpacing.x);
  ImGui::SetNextItemWidth(-(labelW + 2.0f * (button + st.ItemInnerSpacing.x)));
  if (ImGui::InputText("##text", buf, sizeof buf, ImGuiInputTextFlags_CharsScientific | ImGuiInputTextFlags_AutoSelectAll))
    fields[id] = buf;  // typed (or Escape put the first text back)
  const bool escaped = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape));
  std::optional<std::string> committed;
  if (ImGui::IsItemDeactivated()) {
    if (auto typed = fields.find(id); typed != fields.end()) {
      if (!escaped) committed = typed->second;
      fields.erase(typed);
    }
  }
  const bool editing = ImGui::IsItemActive();
  uimap::item("field", visible, editing ? buf : shown);
  *step = 0;
  ImGui::SameLine(0, st.ItemInnerSpacing.x);
  if (ImGui::Button("-", ImVec2(button, button))) *step = -1;
  uimap::item("step", visible + " -");
  ImGui::SameLine(0, st.ItemInnerSpacing.x);
  if (ImGui::Button("+", ImVec2(button, button))) *step = +1;
  uimap::item("step", visible + " +");
  ImGui::SameLine(0, st.ItemInnerSpacing.x);
  ImGui::TextUnformatted(visibleShown.c_str());
  ImGui::PopID();
  return committed;
}

std::optional<double> parseReal(const std::string& text) {
  std::string t = text;
  t.erase(0, t.find_first_not_of(" \t"));
  if (t.rfind("auto", 0) == 0) return 0.0;
  if (t.empty()) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(t.c_str(), &end);
  while (end && (*end == ' ' || *end == '\t')) ++end;
  if (!end || *end != '\0' || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

bool intField(const char* label, int64_t* value, int64_t lo, int64_t hi) {
  int step = 0;
  const std::string shown = cat(*value);
  const std::optional<std::string> typed = fieldWithSteps(label, shown, shown, &step);
  int64_t next = *value;
  if (typed) {
    const std::optional<double> v = parseReal(*typed);
    if (v) next = static_cast<int64_t>(std::clamp(std::round(*v), static_cast<double>(lo), static_cast<double>(hi)));
  }
  if (step != 0) next = std::clamp<int64_t>(*value + step, lo, hi);
  if (next == *value) return false;
  *value = next;
  return true;
}

bool realField(const char* label, double* value, double lo, double hi, double step, const char* zeroText) {
  const std::string shownText = *value == 0.0 ? std::string(zeroText) : fmt::format("{:.6g}", *value);
  const char* shown = shownText.c_str();
  int pressed = 0;
  const std::optional<std::string> typed = fieldWithSteps(label, shown, *value == 0.0 ? i18n::tr(zeroText) : shown, &pressed);
  double next = *value;
  if (typed) {
    if (const std::optional<double> v = parseReal(*typed)) next = std::clamp(*v, lo, hi);
  }
  if (pressed != 0) next = std::clamp(*value + pressed * step, lo, hi);
  if (next == *value) return false;
  *value = next;
  return true;
}

}  // namespace gradlab::viz
