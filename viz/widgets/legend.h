// Colour legends: the heat scale bar with its ticks, and the core colour swatches.
#pragma once

#include <string>

#include <imgui.h>

#include "viz/model/heat_scale.h"

namespace gradlab::viz {

// A horizontal bar `width` wide at the ImGui cursor (takes one widget line), titled `title`.
void heatLegend(const char* title, const HeatScale& scale, float width);
// Swatches "c0 c1 ..." for `cores` cores, wrapping within the available width.
void coreLegend(int cores);

}  // namespace gradlab::viz
