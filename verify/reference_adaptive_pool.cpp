#include "verify/reference_adaptive_pool.h"

#include <span>
#include <cmath>
#include <limits>

#include "verify/device_tensor.h"

namespace gradlab::reference {
namespace {

// floor(a * in / out) and ceil((a + 1) * in / out) for non-negative operands: the quotient, plus one
// when the division leaves a remainder.
int64_t first(int64_t a, int64_t in, int64_t out) { return a * in / out; }
int64_t last(int64_t a, int64_t in, int64_t out) { return (a + 1) * in / out + ((a + 1) * in % out != 0 ? 1 : 0); }

}  // namespace

PoolForward adaptiveMaxPool(std::span<const float> self, const Extents& d) {
  const int64_t D = d.in[kD], H = d.in[kH], W = d.in[kW], Do = d.out[kD], Ho = d.out[kH], Wo = d.out[kW];
  PoolForward r;
  r.out.assign(d.planes() * Do * Ho * Wo, 0.0f);
  r.indices.assign(d.planes() * Do * Ho * Wo, 0);
  for (int64_t p = 0; p < d.planes(); ++p) {
    for (int64_t od = 0; od < Do; ++od) {
      for (int64_t oh = 0; oh < Ho; ++oh) {
        for (int64_t ow = 0; ow < Wo; ++ow) {
          const int64_t d0 = first(od, D, Do), d1 = last(od, D, Do);
          const int64_t h0 = first(oh, H, Ho), h1 = last(oh, H, Ho);
          const int64_t w0 = first(ow, W, Wo), w1 = last(ow, W, Wo);
          float best = -std::numeric_limits<float>::infinity();
          int64_t at = (d0 * H + h0) * W + w0;
          for (int64_t z = d0; z < d1; ++z) {
            for (int64_t h = h0; h < h1; ++h) {
              for (int64_t w = w0; w < w1; ++w) {
                const int64_t cell = (z * H + h) * W + w;
                const float v = self[p * D * H * W + cell];
                if (std::isnan(v) || v > best) {
                  best = v;
                  at = cell;
                }
              }
            }
          }
          const int64_t o = ((p * Do + od) * Ho + oh) * Wo + ow;
          r.out[o] = best;
          r.indices[o] = at;
        }
      }
    }
  }
  return r;
}

std::vector<float> adaptiveMaxPoolBackward(std::span<const float> gradOutput, std::span<const int64_t> indices,
                                           const Extents& d, aclDataType rounding) {
  const int64_t in = d.planeCells(Side::kIn), out = d.planeCells(Side::kOut);
  std::vector<float> gradInput(d.planes() * in, 0.0f);
  for (int64_t p = 0; p < d.planes(); ++p) {
    for (int64_t i = 0; i < out; ++i) {
      const int64_t at = p * out + i;
      float& cell = gradInput[p * in + indices[at]];
      cell = verify::roundTo(rounding, cell + gradOutput[at]);
    }
  }
  return gradInput;
}

PoolBackwardDouble adaptiveMaxPoolBackwardDouble(std::span<const float> gradOutput, std::span<const int64_t> indices,
                                                 const Extents& d) {
  const int64_t in = d.planeCells(Side::kIn), out = d.planeCells(Side::kOut);
  PoolBackwardDouble r;
  r.gradInput.assign(d.planes() * in, 0.0);
  r.absSum.assign(d.planes() * in, 0.0);
  r.terms.assign(d.planes() * in, 0);
  for (int64_t p = 0; p < d.planes(); ++p) {
    for (int64_t i = 0; i < out; ++i) {
      const int64_t at = p * out + i;
      const int64_t cell = p * in + indices[at];
      r.gradInput[cell] += gradOutput[at];
      r.absSum[cell] += std::fabs(static_cast<double>(gradOutput[at]));
      ++r.terms[cell];
    }
  }
  return r;
}

int64_t firstIndexOutsidePlane(std::span<const int64_t> indices, const Extents& d) {
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < 0 || indices[i] >= d.planeCells(Side::kIn)) return static_cast<int64_t>(i);
  }
  return -1;
}

}  // namespace gradlab::reference
