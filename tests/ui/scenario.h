// A scenario: what a person does to the app, step by step, and what each step must show. Written as
// JSON against widget labels ("tab/Tiling", "field/out H"), never coordinates, so another front end
// that writes the same widget map (the browser build) can be driven by the same files.
//
//   {"name": "...", "about": "...", "args": ["--op", "upsample2d-backward", ...],
//    "steps": [{"click": "tab/Tiling", "expect": {"tab": "Tiling"}, "changed": "panel/centre"}, ...]}
//
// Actions (one per step, or none: a step of checks only):
//   click / rightClick / doubleClick: ID   a press held as a hand holds it (0.12 s), at "at": [fx, fy] of the widget
//                       (while a run is on the worker it first waits up to 2 s for it to land, as a person would,
//                       unless "whileBusy": true)
//   move: ID            the pointer onto the widget           wheel: ID, "clicks": N (negative: down)
//   drag: ID, "by": [dx, dy] pixels, "button": 1 left (default) or 3 right
//   type: "text" (one key a character)
//   key: "Return" | "Tab" | "Escape" | "ctrl+a" ...           wait: seconds
//   writeFile: NAME, "text": "..."  (in the scenario's work folder, the app's current directory)
//   screenshot: NAME    the screen, as NAME.png in the work folder
// Checks, each within "within" seconds (default 10: a limit on a hang; a check that holds ends the wait) of the
// action, polled frame by frame. None is a rate or a duration, which pass or fail with the machine's load:
//   expect: {FACT: VALUE}   the app's state facts (see viz/panels/ui_state.cpp); "~text" contains, "!text" differs,
//                           ">=N" / "<=N" compares the number the value starts with
//   expectWidget: {ID: VALUE}  what a widget shows (same matching)
//   exists: [ID...], absent: [ID...]
//   changed: ID / unchanged: ID   the widget's pixels differ / do not differ from just before the action
//   inside: [ID, CONTAINER]   the widget lies wholly within the container (nothing pushed out)
//   framesDrawn: N      at least N frames drawn since the action, the step's other checks holding on the last
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace gradlab::uitest {

struct RunSettings {
  std::string app;       // the gradlab binary
  std::string workDir;   // the app's current directory; logs, maps and failure screenshots go here
  bool verbose = false;
};

// Runs one scenario; prints a line per step. Returns true when every step passed and the app exited cleanly.
bool runScenario(const nlohmann::json& scenario, const RunSettings& settings);

}  // namespace gradlab::uitest
