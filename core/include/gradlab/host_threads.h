// How many host threads play the emulated AI cores. By default every host core does; an interactive
// program caps them so that one core stays with its window while a large call runs (the app does). The
// results never depend on it: every emulated core keeps its own buffers, and atomic orders follow the
// schedule (gradlab/schedule.h).
#pragma once

#include <cstdint>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// At most `threads` host threads per launch, the calling thread included; 0 lifts the cap.
void setHostThreadLimit(int32_t threads);

// One thread: the library starts no thread of its own. A stream keeps its work queued until a thread waits
// for it (aclrtSynchronizeStream, aclrtSynchronizeDevice, aclrtDestroyStream) and runs it there, in order;
// a launch runs its emulated cores one after another on the launching thread. Results are the same as with
// threads (the schedule fixes every atomic order, gradlab/schedule.h). It is the only mode where the host
// has no threads (the browser build for pages that are not cross-origin isolated); elsewhere it is off
// unless set, for testing that mode. A stream keeps the mode it was created in.
void setSingleThreaded(bool on);
bool singleThreaded();

}  // namespace gradlab
GRADLAB_API_END
