// What the app holds for a run beside what gradlab::run itself needs, so that a run is admitted by what the
// app really allocates (RunRequest::callerHostBytes): the screen keeps the old run until the new one lands,
// and the new one's scene is built beside its result.
#pragma once

#include <cstdint>

#include "gradlab/runner.h"

namespace gradlab::viz {

struct RunView;

// A run on screen: its result's tensors, the scene's grids and per-cell lists, the trace, the animation.
uint64_t heldBytes(const RunView& run);
// What the scene a run of `request` will be drawn from adds to the run's peak: the shown plane's per-cell
// lists and an animated move per move.
uint64_t sceneBytes(const RunRequest& request);

}  // namespace gradlab::viz
