// The RunProgress of the launch this thread is running (gradlab/run_progress.h): set by the stream's task
// around an executor's kernels, read by the tile runner, which counts tiles into it and stops on cancel.
#pragma once

#include "gradlab/run_progress.h"

namespace gradlab::rt {

RunProgress* launchProgress();  // nullptr: this launch is not watched

class LaunchProgressScope {
 public:
  explicit LaunchProgressScope(RunProgress* progress);
  ~LaunchProgressScope();
  LaunchProgressScope(const LaunchProgressScope&) = delete;
  LaunchProgressScope& operator=(const LaunchProgressScope&) = delete;

 private:
  RunProgress* previous_;
};

}  // namespace gradlab::rt
