// The whole app state as a session and back (viz/model/session.h reads and writes the files).
#pragma once

#include <string>

#include "viz/model/session.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

// The whole state as a session (the call, the view, the lesson step, the animation's position) and back.
Session captureSession(const AppState& state);
bool applySession(AppState& state, const Session& session, std::string* error, std::string* note = nullptr);

}  // namespace gradlab::viz
