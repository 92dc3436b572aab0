// One distinct colour per emulated core, in one of two schemes: classic (hues advance by the golden angle,
// for any core count) or colour-blind safe (Okabe & Ito's colours, told apart with every common colour
// vision deficiency; the presenter default). The scheme also picks the value scales (heat_scale.h).
#pragma once

#include <cstdint>

#include "viz/model/color.h"

namespace gradlab::viz {

enum class PaletteScheme { kClassic, kColourBlindSafe };
void setPaletteScheme(PaletteScheme scheme);  // the app applies it with its theme
PaletteScheme paletteScheme();

Rgba coreColour(int32_t core);          // core < 0: the "no owner" grey
Rgba coreColourMuted(int32_t core);     // the same hue, darker: a tile's cells under its brighter border

}  // namespace gradlab::viz
