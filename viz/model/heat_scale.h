// Value -> colour scales with their legend: a diverging scale for gradients (negative blue, zero
// neutral, positive orange/red) and a sequential one for errors measured in ULPs.
#pragma once

#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "viz/model/color.h"

namespace gradlab::viz {

struct LegendTick {
  float position = 0.0f;  // 0 (left end of the legend bar) .. 1 (right end)
  float value = 0.0f;
  std::string label;
};

class HeatScale {
 public:
  enum class Kind { kDiverging, kSequential };

  // Diverging over [-maxAbs, maxAbs]: the range covers the largest finite magnitude in `values` (in all of
  // `parts`: a large run's tensors are read where they lie, not gathered into one copy).
  static HeatScale diverging(std::span<const float> values, Rgba neutral) { return divergingOver({values}, neutral); }
  static HeatScale divergingOver(std::initializer_list<std::span<const float>> parts, Rgba neutral);
  // Sequential over [0, max]: e.g. errors in ULPs, with `max` at least `minMax`.
  static HeatScale sequential(std::span<const float> values, float minMax, Rgba neutral);

  Kind kind() const { return kind_; }
  float lo() const { return lo_; }
  float hi() const { return hi_; }
  Rgba colour(float value) const;          // NaN: magenta; +-inf: the saturated end
  float position(float value) const;       // where `value` sits on the legend bar, 0..1
  std::vector<LegendTick> ticks() const;   // ends and zero (diverging) or ends and middle (sequential)

 private:
  Kind kind_ = Kind::kDiverging;
  float lo_ = -1.0f, hi_ = 1.0f;
  Rgba neutral_{40, 44, 52, 255};
};

std::string formatTick(float value);  // compact: "0", "1.5", "-0.25", "3.2e-05"

}  // namespace gradlab::viz
