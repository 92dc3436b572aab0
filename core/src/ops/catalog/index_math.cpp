// The index math of the catalog (gradlab/ops.h): the one implementation the kernels, the app's
// explanations and the CLI share.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "gradlab/ops.h"

namespace gradlab {
namespace {

// A product this large (a scale near 0) saturates at the last input cell instead of overflowing the
// integer conversion.
constexpr float kSaturate = 9.0e18f;

int64_t clampedFloor(float product, int64_t in) {
  if (!(product < kSaturate)) return in - 1;
  // product >= 0 (o >= 0, s >= 0), so truncation is floor: one instruction, where floorf is a library call
  // without SSE4.1 and a 2^20-cell axis map calls this a million times.
  return std::min(static_cast<int64_t>(product), in - 1);
}

// PyTorch computes nearest-exact as floorf((o + 0.5) * scale): the product in double, rounded to float by
// floorf's parameter. That rounding is part of the semantics (in=2, out=41, o=20: 20.5 * float(2/41) =
// 0.99999996 -> 0.99999994f -> 0, where exact arithmetic gives 1).
float exactProduct(int64_t o, float s) {
  return static_cast<float>((static_cast<double>(o) + 0.5) * static_cast<double>(s));
}

// Legacy nearest: floorf(o * scale) with o converted to float and the product taken in float.
float nearestProduct(int64_t o, float s) { return static_cast<float>(o) * s; }

}  // namespace

float sourceStep(double scale, int64_t in, int64_t out) {
  return scale > 0.0 ? static_cast<float>(1.0 / scale) : static_cast<float>(in) / static_cast<float>(out);
}

int64_t sourceIndex(IndexRule rule, int64_t o, int64_t in, int64_t out, float s) {
  if (rule == IndexRule::kNearest) {
    // PyTorch's shortcuts, taken whatever the scale says.
    if (out == in) return o;
    if (out == 2 * in) return o >> 1;
    return clampedFloor(nearestProduct(o, s), in);
  }
  return clampedFloor(exactProduct(o, s), in);
}

SourceSteps sourceSteps(IndexRule rule, int64_t o, int64_t in, int64_t out, double scale) {
  SourceSteps steps;
  steps.s = sourceStep(scale, in, out);
  steps.product = rule == IndexRule::kNearest ? nearestProduct(o, steps.s) : exactProduct(o, steps.s);
  steps.index = sourceIndex(rule, o, in, out, steps.s);
  if (rule == IndexRule::kNearest && out == in) steps.shortcut = "out == in, so src = o";
  if (rule == IndexRule::kNearest && out == 2 * in) steps.shortcut = "out == 2·in, so src = o >> 1";
  return steps;
}

float cann950Step(double scale, int64_t in, int64_t out) {
  return scale > 0.0 ? static_cast<float>(scale) : static_cast<float>(out) / static_cast<float>(in);
}

int64_t cann950Edge(int64_t i, int64_t out, float k) {
  const float product = static_cast<float>(i) * k;  // two roundings, as the kernel's source writes them
  const float edge = std::ceil(product - 0.5f);
  // ceil(-0.5) is -0 (i = 0), which the kernel's unsigned conversion takes as 0.
  return std::min(edge <= 0.0f ? int64_t{0} : static_cast<int64_t>(edge), out);
}

const char* sourceFormula(IndexRule rule) {
  switch (rule) {
    case IndexRule::kNearestExact: return "min(floor((o+0.5)·s), in−1)";
    case IndexRule::kNearest: return "min(floor(o·s), in−1)";
    case IndexRule::kAdaptiveMax: return "window [floor(a·in/out), ceil((a+1)·in/out))";
  }
  return "?";
}

// The products are taken in 128 bits: `a`, `in` and `out` are independent int64 sizes.
int64_t windowStart(int64_t a, int64_t in, int64_t out) {
  return static_cast<int64_t>(static_cast<__int128>(a) * in / out);
}

int64_t windowEnd(int64_t a, int64_t in, int64_t out) {
  return static_cast<int64_t>((static_cast<__int128>(a + 1) * in + out - 1) / out);
}

}  // namespace gradlab
