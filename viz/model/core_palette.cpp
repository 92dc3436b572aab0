#include "viz/model/core_palette.h"

#include <cmath>
#include <iterator>

namespace gradlab::viz {
namespace {

// Okabe & Ito (2008) without black: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple.
constexpr Rgba kOkabeIto[] = {{230, 159, 0, 255}, {86, 180, 233, 255}, {0, 158, 115, 255}, {240, 228, 66, 255},
                              {0, 114, 178, 255}, {213, 94, 0, 255},   {204, 121, 167, 255}};

PaletteScheme g_scheme = PaletteScheme::kClassic;

Rgba hsv(float h, float s, float v) {
  h = std::fmod(h, 1.0f) * 6.0f;
  int i = static_cast<int>(h);
  float f = h - static_cast<float>(i);
  float p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  float r, g, b;
  switch (i % 6) {
    case 0: r = v, g = t, b = p; break;
    case 1: r = q, g = v, b = p; break;
    case 2: r = p, g = v, b = t; break;
    case 3: r = p, g = q, b = v; break;
    case 4: r = t, g = p, b = v; break;
    default: r = v, g = p, b = q; break;
  }
  auto u8 = [](float x) { return static_cast<uint8_t>(std::lround(x * 255.0f)); };
  return {u8(r), u8(g), u8(b), 255};
}

Rgba classic(int32_t core) {
  // Golden-angle hue steps keep neighbouring core numbers far apart on the colour wheel; the
  // saturation/value pattern separates cores whose hues come close after many steps.
  float hue = 0.08f + 0.381966f * static_cast<float>(core);
  float sat = (core / 8) % 2 == 0 ? 0.62f : 0.45f;
  float val = (core / 16) % 2 == 0 ? 0.92f : 0.78f;
  return hsv(hue, sat, val);
}

Rgba colourBlindSafe(int32_t core) {
  // Beyond seven cores the colours come again, lighter, then darker: enough for a classroom's few cores.
  constexpr int32_t kCount = static_cast<int32_t>(std::size(kOkabeIto));
  const Rgba base = kOkabeIto[core % kCount];
  const int32_t round = (core / kCount) % 3;
  if (round == 0) return base;
  return round == 1 ? lerp(base, Rgba{255, 255, 255, 255}, 0.45f) : lerp(base, Rgba{0, 0, 0, 255}, 0.4f);
}

}  // namespace

void setPaletteScheme(PaletteScheme scheme) { g_scheme = scheme; }
PaletteScheme paletteScheme() { return g_scheme; }

Rgba coreColour(int32_t core) {
  if (core < 0) return {90, 90, 96, 255};
  return g_scheme == PaletteScheme::kClassic ? classic(core) : colourBlindSafe(core);
}

Rgba coreColourMuted(int32_t core) { return lerp(coreColour(core), Rgba{20, 20, 24, 255}, 0.3f); }

}  // namespace gradlab::viz
