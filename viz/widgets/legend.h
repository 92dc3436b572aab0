// Colour legends: the heat scale bar with its ticks, and the core colour swatches.
#pragma once

#include <string>

#include <imgui.h>

#include "gradlab/plan.h"
#include "viz/model/heat_scale.h"

namespace gradlab::viz {

// A horizontal bar `width` wide at the ImGui cursor (takes one widget line), titled `title` (shown as given:
// a tensor name, or a word the caller translated). Without
// `numbers` its ends read "?" (the range would answer an open question about a value).
void heatLegend(const char* title, const HeatScale& scale, float width, bool numbers = true);
// Swatches for the plan's cores within `width` (0: the available width), named as the tile tags name them
// ("c0 c1 ...", or "AIC0 AIC1 AIV0" on the cube); many cores get one compact row of small swatches (hover one
// for its name).
void coreLegend(const Plan& plan, float width = 0.0f);

}  // namespace gradlab::viz
