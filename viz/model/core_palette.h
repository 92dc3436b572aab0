// One distinct colour per emulated core (up to any count: hues advance by the golden angle).
#pragma once

#include <cstdint>

#include "viz/model/color.h"

namespace gradlab::viz {

Rgba coreColour(int32_t core);          // core < 0: the "no owner" grey
Rgba coreColourMuted(int32_t core);     // the same hue, darker: a tile's cells under its brighter border

}  // namespace gradlab::viz
