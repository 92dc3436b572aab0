// Running the controls' call and what the app shows of it: the scene, the animation, the colours, the
// plane, the pacing, the picked tile, the operator the controls edit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "viz/panels/app_state.h"

namespace gradlab::viz {

// Runs state.controls (with a trace) and rebuilds the scene, animation and timeline; resets the player;
// then calls `then`. With state.worker set the run happens there and all this once it has finished (the
// old run stays on screen meanwhile); a newer run asked before then supersedes it, `then` included.
void runControls(AppState& state, std::function<void(AppState&)> then = {});
// Stops the controls' run in flight (if any): the previous run stays on screen and the fields show it
// again. Returns whether there was one to stop.
bool cancelRun(AppState& state);
// Rebuilds the scene and animation for another plane or pacing, keeping the run.
void rebuildScene(AppState& state);
// Recomputes the colour scales (after a theme change).
void refreshColours(AppState& state);
void setPlane(AppState& state, int64_t plane);
// Shows a deep 3-D run's window of depth slices from `first` (the scene clamps it).
void setDepthFirst(AppState& state, int64_t first);
void setPacing(AppState& state, Pacing pacing);

// Switches the controls to `op`, keeping what still applies: a dtype the operator does not take falls back
// to FLOAT, a strategy it does not have to its default (the controls never offer a call the catalog says the
// operator refuses).
void setOperator(RequestSpec& controls, OpKind op);
// Selects plan tile `tile` (outlined on the grids, highlighted and scrolled to in the Tiling tab's table).
void selectTile(AppState& state, int32_t tile);

// The pacing and speed the app picks when a preset does not say: one move at a time for small planes.
Pacing defaultPacing(size_t planeMoves);
double defaultSpeed(const Animation& animation);

}  // namespace gradlab::viz
