// Headless rendering: every preset of a lesson to PNG frames plus an animated GIF, or one screenshot.
#pragma once

#include <string>

#include "options.h"
#include "viz/panels/app_state.h"

namespace gradlab::app {

// Renders each preset of the state's current lesson into outDir/<lesson>/; returns the exit code.
int exportLesson(viz::AppState& state, const Options& options, const std::string& outDir);
// The current run (no lesson: a run from the command line) into outDir/run/ and outDir/run.gif.
int exportRun(viz::AppState& state, const Options& options, const std::string& outDir);
// Renders the current preset's animation into the GIF options.record (no window needed); returns the exit code.
int exportRecording(viz::AppState& state, const Options& options);
// Renders the current preset at options.at of its animation into options.screenshot; returns the exit code.
int exportScreenshot(viz::AppState& state, const Options& options);
// "02-tiles-on-four-cores" from index 1 and a title.
std::string presetSlug(int index, const std::string& title);

}  // namespace gradlab::app
