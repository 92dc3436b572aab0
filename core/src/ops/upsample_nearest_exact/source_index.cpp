#include "ops/upsample_nearest_exact/source_index.h"

#include <algorithm>

namespace gradlab::ops::upsample {

float sourceScale(double scale, int64_t in, int64_t out) {
  return scale > 0.0 ? static_cast<float>(1.0 / scale) : static_cast<float>(in) / static_cast<float>(out);
}

int64_t sourceIndex(float s, int64_t o, int64_t in) {
  // The product is computed in double and rounded to float (PyTorch: floorf's parameter); that rounding is
  // part of the semantics (in=2, out=41, o=20: 20.5 * float(2/41) = 0.99999996 -> 0.99999994f -> 0,
  // where exact arithmetic would give 1).
  const float v = static_cast<float>((static_cast<double>(o) + 0.5) * static_cast<double>(s));
  // A huge or infinite product (scale close to 0) saturates at the last input cell instead of
  // overflowing the integer conversion.
  if (!(v < 9.0e18f)) return in - 1;
  // v >= 0 (o + 0.5 > 0, s >= 0), so truncation is floor; it is one instruction, floorf a library call
  // without SSE4.1, and a 2^20-cell axis map calls this a million times.
  return std::min(static_cast<int64_t>(v), in - 1);
}

double realRatio(double scale, int64_t in, int64_t out) {
  return scale > 0.0 ? 1.0 / scale : static_cast<double>(in) / static_cast<double>(out);
}

AxisMap makeAxisMap(int64_t in, int64_t out, double scale) {
  AxisMap m;
  m.in = in;
  m.out = out;
  m.s = sourceScale(scale, in, out);
  m.src.resize(out);
  for (int64_t o = 0; o < out; ++o) m.src[o] = sourceIndex(m.s, o, in);
  m.first.assign(in + 1, out);
  for (int64_t o = out; o-- > 0;) m.first[m.src[o]] = o;
  // Inputs nobody maps to get an empty range that starts where the next mapped input starts.
  for (int64_t i = in; i-- > 0;) m.first[i] = std::min(m.first[i], m.first[i + 1]);
  if (out % in == 0) {
    const int64_t k = out / in;
    bool uniform = true;
    for (int64_t o = 0; o < out && uniform; ++o) uniform = m.src[o] == o / k;
    m.factor = uniform ? k : 0;
  }
  return m;
}

}  // namespace gradlab::ops::upsample
