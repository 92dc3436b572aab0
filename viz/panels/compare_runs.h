// The runs behind the Compare panel. Precision: the request in fp16/bf16, then in fp32 on exactly the
// same (already rounded) inputs, error in ULPs of the low type. Determinism: the same inputs in
// deterministic mode and several times in default mode, each under its own seeded atomic schedule
// (gradlab/schedule.h), bit differences between them.
#pragma once

#include "viz/panels/app_state.h"

namespace gradlab::viz {

// `nextSchedules`: the same comparison with the next seeds (the determinism mode's "Run again").
void computeComparison(AppState& state, bool nextSchedules = false);

}  // namespace gradlab::viz
