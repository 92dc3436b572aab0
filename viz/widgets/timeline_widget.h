// The per-core timeline (lanes of copy-in / compute / copy-out bars) and the load-balance chart.
#pragma once

#include <cstdint>
#include <vector>

#include <imgui.h>

#include "viz/model/timeline.h"

namespace gradlab::viz {

ImU32 eventColour(EventKind kind);

// Draws the lanes in a scrolling child of `size`; tiles in `highlight` are drawn outlined (the tiles
// whose moves are on screen). Returns the hovered bar (index into model.bars) or -1.
int timelineWidget(const char* id, const TimelineModel& model, ImVec2 size, const std::vector<int32_t>& highlight,
                   bool skipLaunch = false);
// One column per core: its summed estimate, the mean as a line, and the imbalance in words.
void loadBalanceWidget(const char* id, const TimelineModel& model, ImVec2 size);

}  // namespace gradlab::viz
