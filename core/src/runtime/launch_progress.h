// The RunProgress of the launch this thread is running (gradlab/run_progress.h): set by the stream's task
// around an executor's kernels, read by the tile runner, which counts tiles into it and stops on cancel.
#pragma once

#include "gradlab/run_progress.h"
#include "gradlab/no_copy.h"

namespace gradlab::rt {

RunProgress* launchProgress();  // nullptr: this launch is not watched

class LaunchProgressScope : NoCopy {
 public:
  explicit LaunchProgressScope(RunProgress* progress);
  ~LaunchProgressScope();

 private:
  RunProgress* previous_;
};

}  // namespace gradlab::rt
