// Hints for an exercise, built from the run on screen, that lead to the answer without stating it. The
// first sets the rule up with the run's numbers (a formula whose result is "?", the window to search,
// the strides, the tiles); the second takes one step more (the product worked out, the terms of the sum,
// the tile that holds the row). A wrong try shows the next one; the answer itself waits for a right try
// or "Show the answer".
#pragma once

#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/exercise.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

// Two hints for `e` (built by buildExercise from the same scene, request and plan).
std::vector<std::string> exerciseHints(const Exercise& e, const Scene& s, const RunRequest& r, const Plan& plan);

}  // namespace gradlab::viz
