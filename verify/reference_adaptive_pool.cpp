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

PoolForward adaptiveMaxPool2d(std::span<const float> self, const PoolDims& d) {
  PoolForward r;
  r.out.assign(d.planes * d.Ho * d.Wo, 0.0f);
  r.indices.assign(d.planes * d.Ho * d.Wo, 0);
  for (int64_t p = 0; p < d.planes; ++p) {
    for (int64_t oh = 0; oh < d.Ho; ++oh) {
      for (int64_t ow = 0; ow < d.Wo; ++ow) {
        const int64_t h0 = first(oh, d.H, d.Ho), h1 = last(oh, d.H, d.Ho);
        const int64_t w0 = first(ow, d.W, d.Wo), w1 = last(ow, d.W, d.Wo);
        float best = -std::numeric_limits<float>::infinity();
        int64_t at = h0 * d.W + w0;
        for (int64_t h = h0; h < h1; ++h) {
          for (int64_t w = w0; w < w1; ++w) {
            const float v = self[(p * d.H + h) * d.W + w];
            if (std::isnan(v) || v > best) {
              best = v;
              at = h * d.W + w;
            }
          }
        }
        r.out[(p * d.Ho + oh) * d.Wo + ow] = best;
        r.indices[(p * d.Ho + oh) * d.Wo + ow] = at;
      }
    }
  }
  return r;
}

std::vector<float> adaptiveMaxPool2dBackward(std::span<const float> gradOutput, std::span<const int64_t> indices,
                                             const PoolDims& d, aclDataType rounding) {
  std::vector<float> gradInput(d.planes * d.H * d.W, 0.0f);
  for (int64_t p = 0; p < d.planes; ++p) {
    for (int64_t i = 0; i < d.Ho * d.Wo; ++i) {
      const int64_t at = p * d.Ho * d.Wo + i;
      float& cell = gradInput[p * d.H * d.W + indices[at]];
      cell = verify::roundTo(rounding, cell + gradOutput[at]);
    }
  }
  return gradInput;
}

PoolBackwardDouble adaptiveMaxPool2dBackwardDouble(std::span<const float> gradOutput,
                                                   std::span<const int64_t> indices, const PoolDims& d) {
  PoolBackwardDouble r;
  r.gradInput.assign(d.planes * d.H * d.W, 0.0);
  r.absSum.assign(d.planes * d.H * d.W, 0.0);
  r.terms.assign(d.planes * d.H * d.W, 0);
  for (int64_t p = 0; p < d.planes; ++p) {
    for (int64_t i = 0; i < d.Ho * d.Wo; ++i) {
      const int64_t at = p * d.Ho * d.Wo + i;
      const int64_t cell = p * d.H * d.W + indices[at];
      r.gradInput[cell] += gradOutput[at];
      r.absSum[cell] += std::fabs(static_cast<double>(gradOutput[at]));
      ++r.terms[cell];
    }
  }
  return r;
}

int64_t firstIndexOutsidePlane(std::span<const int64_t> indices, const PoolDims& d) {
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < 0 || indices[i] >= d.H * d.W) return static_cast<int64_t>(i);
  }
  return -1;
}

}  // namespace gradlab::reference
