#include "viz/widgets/ui_map.h"

#include <nlohmann/json.hpp>

#include <map>
#include <vector>

namespace gradlab::viz::uimap {
namespace {

struct Widget {
  std::string id, kind, value;
  ImVec2 min, max;
};

struct Map {
  bool on = false;
  std::vector<Widget> widgets;
  std::map<std::string, std::string> facts;
};

Map& map() {
  static Map m;
  return m;
}

std::string_view visibleLabel(std::string_view label) {
  const size_t hidden = label.find("##");
  return hidden == std::string_view::npos ? label : label.substr(0, hidden);
}

}  // namespace

bool enabled() { return map().on; }
void setEnabled(bool on) { map().on = on; }

void beginFrame() {
  if (!map().on) return;
  map().widgets.clear();
  map().facts.clear();
}

void item(std::string_view kind, std::string_view label, std::string_view value) {
  if (!map().on) return;
  rect(kind, label, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), value);
}

void rect(std::string_view kind, std::string_view label, ImVec2 min, ImVec2 max, std::string_view value) {
  if (!map().on) return;
  Widget w;
  w.kind = kind;
  w.id = std::string(kind) + "/" + std::string(visibleLabel(label));
  w.value = value;
  w.min = min;
  w.max = max;
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
                       {"x1", w.max.x}, {"y1", w.max.y}});
  out["widgets"] = std::move(widgets);
  out["state"] = map().facts;
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace gradlab::viz::uimap
