// 8-bit RGBA colours for the scene model (no ImGui here; widgets convert with toImU32).
#pragma once

#include <cstdint>

namespace gradlab::viz {

struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  friend bool operator==(Rgba x, Rgba y) = default;
};

Rgba lerp(Rgba from, Rgba to, float t);  // t clamped to [0, 1]
float luminance(Rgba c);                 // 0 (black) .. 1 (white), perceptual weights
Rgba readableTextOn(Rgba background);     // black or white, whichever contrasts more
Rgba withAlpha(Rgba c, uint8_t alpha);

}  // namespace gradlab::viz
