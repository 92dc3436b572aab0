// The per-core timeline (lanes of copy-in / compute / copy-out bars) and the load-balance chart.
#pragma once

#include <cstdint>
#include <vector>

#include <imgui.h>

#include "viz/model/timeline.h"

namespace gradlab::viz {

ImU32 eventColour(EventKind kind);

// Draws the lanes in a scrolling child of `size`; tiles in `highlight` are drawn outlined (the tiles
// whose moves are on screen). With `marked` (a mask over model.bars, e.g. the events of one line of kernel
// code) those bars stand out in the highlight colour and the others fade. Returns the hovered bar (index into
// model.bars) or -1.
int timelineWidget(const char* id, const TimelineModel& model, ImVec2 size, const std::vector<int32_t>& highlight,
                   bool skipLaunch = false, const std::vector<uint8_t>* marked = nullptr);
// One column per core: its summed estimate, the mean as a line, and the imbalance in words.
void loadBalanceWidget(const char* id, const TimelineModel& model, ImVec2 size);

}  // namespace gradlab::viz
