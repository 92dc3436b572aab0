// The interactive app: an SDL2 window with the SDL_Renderer backend, keyboard shortcuts, screenshots,
// fullscreen and GIF recording of the animation.
#pragma once

#include <string>

#include "options.h"
#include "viz/panels/app_state.h"

namespace gradlab::app {

// Runs until the window closes; returns the exit code, or -1 when no window could be opened (then
// `whyNot` says why and the caller falls back to headless rendering).
int runWindow(viz::AppState& state, const Options& options, std::string* whyNot);

}  // namespace gradlab::app
