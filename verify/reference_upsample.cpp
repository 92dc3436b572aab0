#include "verify/reference_upsample.h"

#include <span>
#include <math.h>

#include <algorithm>
#include <array>
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

// The source index of every output position of each axis.
std::array<std::vector<int64_t>, kMaxSpatialRank> sourceMaps(const Extents& s, IndexRule rule) {
  std::array<std::vector<int64_t>, kMaxSpatialRank> maps;
  for (int axis = 0; axis < kMaxSpatialRank; ++axis) {
    for (int64_t o = 0; o < s.out[axis]; ++o) maps[axis].push_back(sourceOf(rule, o, s.in[axis], s.out[axis], s.scales[axis]));
  }
  return maps;
}

// Calls visit(inCell, outCell) for every output cell in row-major order.
template <typename Visit>
void forEachCell(const Extents& s, IndexRule rule, Visit visit) {
  const auto src = sourceMaps(s, rule);
  const SpatialSizes& in = s.in;
  const SpatialSizes& out = s.out;
  int64_t outCell = 0;
  for (int64_t plane = 0; plane < s.planes(); ++plane) {
    for (int64_t d = 0; d < out[kD]; ++d) {
      for (int64_t h = 0; h < out[kH]; ++h) {
        for (int64_t w = 0; w < out[kW]; ++w, ++outCell) {
          visit(((plane * in[kD] + src[kD][d]) * in[kH] + src[kH][h]) * in[kW] + src[kW][w], outCell);
        }
      }
    }
  }
}

template <typename T, typename Fn, typename Add>
std::vector<T> backwardSums(const Extents& s, IndexRule rule, Fn value, Add add) {
  std::vector<T> grad(s.cells(Side::kIn), T(0));
  if (grad.empty()) return grad;  // nothing receives anything (and no source index exists)
  forEachCell(s, rule, [&](int64_t inCell, int64_t outCell) { grad[inCell] = add(grad[inCell], value(outCell)); });
  return grad;
}

constexpr auto kPlus = [](auto a, auto b) { return a + b; };

}  // namespace

std::vector<float> upsampleBackward(const Extents& shape, IndexRule rule, std::span<const float> g, aclDataType rounding) {
  return backwardSums<float>(
      shape, rule, [&](int64_t i) { return g[i]; }, [&](float a, float b) { return verify::roundTo(rounding, a + b); });
}

std::vector<double> upsampleBackwardDouble(const Extents& shape, IndexRule rule, std::span<const float> g) {
  return backwardSums<double>(shape, rule, [&](int64_t i) { return static_cast<double>(g[i]); }, kPlus);
}

std::vector<uint32_t> upsampleBackwardCounts(const Extents& shape, IndexRule rule) {
  return backwardSums<uint32_t>(shape, rule, [](int64_t) { return uint32_t{1}; }, kPlus);
}

std::vector<double> upsampleBackwardAbsSums(const Extents& shape, IndexRule rule, std::span<const float> g) {
  return backwardSums<double>(shape, rule, [&](int64_t i) { return std::fabs(static_cast<double>(g[i])); }, kPlus);
}

std::vector<float> upsampleForward(const Extents& s, IndexRule rule, std::span<const float> self) {
  std::vector<float> out(s.cells(Side::kOut));
  if (s.cells(Side::kIn) == 0) return out;
  forEachCell(s, rule, [&](int64_t inCell, int64_t outCell) { out[outCell] = self[inCell]; });
  return out;
}

}  // namespace gradlab::reference
