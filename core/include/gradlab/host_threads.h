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

}  // namespace gradlab
GRADLAB_API_END
