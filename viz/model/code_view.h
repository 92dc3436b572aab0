// The Code tab's model of a run: each phase's kernel listing, as the core writes it (gradlab/kernel_code.h),
// with what each line recorded, the line executing at a moment of the animation (from the step the move under
// the player carries), and the timeline bars a line recorded. No ImGui here, so tests can check it.
#pragma once

#include <cstdint>
#include <vector>

#include "gradlab/kernel_code.h"
#include "viz/model/animation.h"
#include "viz/model/timeline.h"

namespace gradlab::viz {

struct CodePhase {
  KernelListing listing;
  std::vector<int32_t> events, moves;  // per line: the run's events / cell moves (every plane) its step recorded
  int32_t tiles = 0;                   // the phase's tiles
  bool recorded(size_t line) const { return events[line] + moves[line] > 0; }
};

struct CodeModel {
  std::vector<CodePhase> phases;  // per plan phase
  bool stepped = false;           // the trace carries steps (a trace file written before them does not)
};

CodeModel buildCodeModel(const Plan& plan, const Trace* trace);

// What the listing shows at a moment of the animation.
struct CodeFocus {
  int32_t phase = -1;          // the phase of the move under the player (-1: no move at all)
  int32_t tile = -1;           // its tile
  int64_t move = -1;           // its index in trace->moves
  std::vector<int16_t> steps;  // the steps executing: that move's first, then those of the other moves in flight
};

// The move under the player is the last one that has started by `t` (one at a time: the one in flight; cores
// in parallel: the latest of those in flight). Before the first move: the first move, not started yet.
CodeFocus codeFocusAt(const Scene& scene, const Animation& animation, double t);

// The timeline bars (a mask over timeline.bars) that `step` recorded in phase `phase` (only tile `tile`'s, when >= 0).
std::vector<uint8_t> barsOfStep(const TimelineModel& timeline, const Plan& plan, int32_t phase, int16_t step,
                                int32_t tile = -1);

}  // namespace gradlab::viz
