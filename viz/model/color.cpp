#include "viz/model/color.h"

#include <algorithm>
#include <cmath>

namespace gradlab::viz {

Rgba lerp(Rgba from, Rgba to, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  auto mix = [t](uint8_t a, uint8_t b) {
    return static_cast<uint8_t>(std::lround(static_cast<float>(a) + (static_cast<float>(b) - a) * t));
  };
  return {mix(from.r, to.r), mix(from.g, to.g), mix(from.b, to.b), mix(from.a, to.a)};
}

float luminance(Rgba c) { return (0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b) / 255.0f; }

Rgba readableTextOn(Rgba background) {
  return luminance(background) > 0.55f ? Rgba{0, 0, 0, 255} : Rgba{255, 255, 255, 255};
}

Rgba withAlpha(Rgba c, uint8_t alpha) {
  c.a = alpha;
  return c;
}

}  // namespace gradlab::viz
