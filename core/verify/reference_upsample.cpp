#include "verify/reference_upsample.h"

#include <span>
#include <math.h>

#include <algorithm>
#include <cmath>

#include "verify/device_tensor.h"

namespace gradlab::reference {

int64_t nearestExactSource(int64_t dstIndex, int64_t inSize, int64_t outSize, double scale) {
  const float s =
      (scale > 0.0) ? static_cast<float>(1.0 / scale) : static_cast<float>(inSize) / static_cast<float>(outSize);
  // (int64 + 0.5) * float is a double product; floorf's float parameter rounds it.
  const double product = (dstIndex + 0.5) * s;
  const float index = floorf(static_cast<float>(product));
  if (std::isinf(index) || index >= static_cast<float>(inSize)) return inSize - 1;
  return std::min(static_cast<int64_t>(index), inSize - 1);
}

int64_t nearestSource(int64_t dstIndex, int64_t inSize, int64_t outSize, double scale) {
  if (outSize == inSize) return dstIndex;
  if (outSize == 2 * inSize) return dstIndex >> 1;
  const float s =
      (scale > 0.0) ? static_cast<float>(1.0 / scale) : static_cast<float>(inSize) / static_cast<float>(outSize);
  // int64 * float is a float product. With a scale near 0, s is infinite and 0 * s is NaN: like an
  // infinite product, it means the last cell (PyTorch's cast of NaN to int64 is undefined).
  const float index = floorf(static_cast<float>(dstIndex) * s);
  if (!std::isfinite(index) || index >= static_cast<float>(inSize)) return inSize - 1;
  return std::min(static_cast<int64_t>(index), inSize - 1);
}

int64_t sourceOf(IndexRule rule, int64_t dstIndex, int64_t inSize, int64_t outSize, double scale) {
  return rule == IndexRule::kNearest ? nearestSource(dstIndex, inSize, outSize, scale)
                                     : nearestExactSource(dstIndex, inSize, outSize, scale);
}

namespace {

template <typename T, typename Fn, typename Add>
std::vector<T> backwardSums(const UpsampleShape& s, Fn value, Add add) {
  std::vector<T> grad(s.inCells(), T(0));
  if (s.inCells() == 0) return grad;  // nothing receives anything (and no source index exists)
  for (int64_t n = 0; n < s.N; ++n) {
    for (int64_t c = 0; c < s.C; ++c) {
      const int64_t plane = n * s.C + c;
      for (int64_t h = 0; h < s.outH; ++h) {
        const int64_t ih = sourceOf(s.rule, h, s.inH, s.outH, s.scaleH);
        for (int64_t w = 0; w < s.outW; ++w) {
          const int64_t iw = sourceOf(s.rule, w, s.inW, s.outW, s.scaleW);
          T& cell = grad[(plane * s.inH + ih) * s.inW + iw];
          cell = add(cell, value((plane * s.outH + h) * s.outW + w));
        }
      }
    }
  }
  return grad;
}

constexpr auto kPlus = [](auto a, auto b) { return a + b; };

}  // namespace

std::vector<float> upsampleBackward(const UpsampleShape& shape, std::span<const float> g, aclDataType rounding) {
  return backwardSums<float>(
      shape, [&](int64_t i) { return g[i]; }, [&](float a, float b) { return verify::roundTo(rounding, a + b); });
}

std::vector<double> upsampleBackwardDouble(const UpsampleShape& shape, std::span<const float> g) {
  return backwardSums<double>(shape, [&](int64_t i) { return static_cast<double>(g[i]); }, kPlus);
}

std::vector<int64_t> upsampleBackwardCounts(const UpsampleShape& shape) {
  return backwardSums<int64_t>(shape, [](int64_t) { return int64_t{1}; }, kPlus);
}

std::vector<double> upsampleBackwardAbsSums(const UpsampleShape& shape, std::span<const float> g) {
  return backwardSums<double>(shape, [&](int64_t i) { return std::fabs(static_cast<double>(g[i])); }, kPlus);
}



std::vector<float> upsampleForward(const UpsampleShape& s, std::span<const float> self) {
  std::vector<float> out(s.outCells());
  if (s.inCells() == 0) return out;
  for (int64_t plane = 0; plane < s.N * s.C; ++plane) {
    for (int64_t h = 0; h < s.outH; ++h) {
      const int64_t ih = sourceOf(s.rule, h, s.inH, s.outH, s.scaleH);
      for (int64_t w = 0; w < s.outW; ++w) {
        const int64_t iw = sourceOf(s.rule, w, s.inW, s.outW, s.scaleW);
        out[(plane * s.outH + h) * s.outW + w] = self[(plane * s.inH + ih) * s.inW + iw];
      }
    }
  }
  return out;
}

}  // namespace gradlab::reference
