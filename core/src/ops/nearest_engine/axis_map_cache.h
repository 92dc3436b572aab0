// Axis maps are the same for every call with the same (rule, in, out, scale), and training loops call one
// shape over and over: the most recently used maps are kept and shared, so such a call neither
// recomputes nor allocates them (a 2^20-cell axis is 12 MiB of maps).
#pragma once

#include <cstdint>
#include <memory>

#include "ops/nearest_engine/axis_map.h"

namespace gradlab::ops::nearest {

std::shared_ptr<const AxisMap> sharedAxisMap(IndexRule rule, int64_t in, int64_t out, double scale);

}  // namespace gradlab::ops::nearest
