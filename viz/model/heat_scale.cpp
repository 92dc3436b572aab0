#include "viz/model/heat_scale.h"

#include "viz/model/core_palette.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace gradlab::viz {
namespace {

constexpr Rgba kNegative{70, 140, 255, 255};
constexpr Rgba kNegativeDeep{120, 200, 255, 255};
constexpr Rgba kPositive{235, 110, 40, 255};
constexpr Rgba kPositiveDeep{255, 210, 60, 255};
constexpr Rgba kNaN{220, 0, 220, 255};

float largestFinite(std::span<const float> values, bool magnitude) {
  float m = 0.0f;
  for (float v : values) {
    if (!std::isfinite(v)) continue;
    m = std::max(m, magnitude ? std::fabs(v) : v);
  }
  return m;
}

// Two-segment ramp so that small magnitudes are already clearly coloured and the ends stay distinct.
Rgba ramp(Rgba neutral, Rgba mid, Rgba end, float t) {
  return t < 0.6f ? lerp(neutral, mid, t / 0.6f) : lerp(mid, end, (t - 0.6f) / 0.4f);
}

}  // namespace

HeatScale HeatScale::divergingOver(std::initializer_list<std::span<const float>> parts, Rgba neutral) {
  HeatScale s;
  s.kind_ = Kind::kDiverging;
  float m = 0.0f;
  for (std::span<const float> part : parts) m = std::max(m, largestFinite(part, true));
  if (m <= 0.0f) m = 1.0f;
  s.lo_ = -m;
  s.hi_ = m;
  s.neutral_ = neutral;
  return s;
}

HeatScale HeatScale::sequential(std::span<const float> values, float minMax, Rgba neutral) {
  HeatScale s;
  s.kind_ = Kind::kSequential;
  s.lo_ = 0.0f;
  s.hi_ = std::max(largestFinite(values, false), minMax);
  s.neutral_ = neutral;
  return s;
}

float HeatScale::position(float value) const {
  if (std::isnan(value)) return 0.5f;
  float p = (value - lo_) / (hi_ - lo_);
  return std::clamp(p, 0.0f, 1.0f);
}

namespace {

// Colour-blind safe scales (the presenter default): cividis for gradients (dark blue through grey at zero to
// yellow, as read with red-green colour blindness) and viridis for errors; six samples each, interpolated.
constexpr Rgba kCividis[] = {{0, 34, 78, 255},    {53, 69, 108, 255},   {102, 105, 112, 255},
                             {148, 142, 119, 255}, {200, 184, 102, 255}, {254, 232, 56, 255}};
constexpr Rgba kViridis[] = {{68, 1, 84, 255},    {64, 67, 135, 255},  {41, 120, 142, 255},
                             {34, 167, 132, 255}, {121, 209, 81, 255}, {253, 231, 36, 255}};

template <size_t N>
Rgba sample(const Rgba (&table)[N], float t) {
  const float x = std::clamp(t, 0.0f, 1.0f) * static_cast<float>(N - 1);
  const size_t i = std::min(static_cast<size_t>(x), N - 2);
  return lerp(table[i], table[i + 1], x - static_cast<float>(i));
}

}  // namespace

Rgba HeatScale::colour(float value) const {
  if (std::isnan(value)) return kNaN;
  if (paletteScheme() == PaletteScheme::kColourBlindSafe) {
    if (kind_ == Kind::kSequential) return sample(kViridis, value / hi_);
    return sample(kCividis, 0.5f + 0.5f * std::clamp(value / hi_, -1.0f, 1.0f));
  }
  if (kind_ == Kind::kSequential) {
    float t = std::clamp(value / hi_, 0.0f, 1.0f);
    if (value == 0.0f) return neutral_;
    return ramp(neutral_, kPositive, kPositiveDeep, 0.15f + 0.85f * t);
  }
  float t = std::clamp(value / hi_, -1.0f, 1.0f);
  if (t >= 0.0f) return ramp(neutral_, kPositive, kPositiveDeep, t);
  return ramp(neutral_, kNegative, kNegativeDeep, -t);
}

std::vector<LegendTick> HeatScale::ticks() const {
  std::vector<float> at = kind_ == Kind::kDiverging ? std::vector<float>{lo_, 0.0f, hi_}
                                                    : std::vector<float>{lo_, hi_ / 2, hi_};
  std::vector<LegendTick> out;
  for (float v : at) out.push_back({position(v), v, formatTick(v)});
  return out;
}

std::string formatTick(float value) {
  if (value == 0.0f) return "0";
  const double v = value, a = std::fabs(v);
  if (a >= 1000.0 && a < 1e5) return fmt::format("{:.0f}", v);  // "2048", not "2.05e+03" (float16's lessons are about 2048 + 1)
  if (a >= 1e-3 && a < 1e5) return fmt::format("{:.3g}", v);
  return fmt::format("{:.2g}", v);
}

}  // namespace gradlab::viz
