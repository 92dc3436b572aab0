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

PoolForward adaptiveMaxPool2d(std::span<const float> self, const Extents& d) {
  PoolForward r;
  r.out.assign(d.planes() * d.out[kH] * d.out[kW], 0.0f);
  r.indices.assign(d.planes() * d.out[kH] * d.out[kW], 0);
  for (int64_t p = 0; p < d.planes(); ++p) {
    for (int64_t oh = 0; oh < d.out[kH]; ++oh) {
      for (int64_t ow = 0; ow < d.out[kW]; ++ow) {
        const int64_t h0 = first(oh, d.in[kH], d.out[kH]), h1 = last(oh, d.in[kH], d.out[kH]);
        const int64_t w0 = first(ow, d.in[kW], d.out[kW]), w1 = last(ow, d.in[kW], d.out[kW]);
        float best = -std::numeric_limits<float>::infinity();
        int64_t at = h0 * d.in[kW] + w0;
        for (int64_t h = h0; h < h1; ++h) {
          for (int64_t w = w0; w < w1; ++w) {
            const float v = self[(p * d.in[kH] + h) * d.in[kW] + w];
            if (std::isnan(v) || v > best) {
              best = v;
              at = h * d.in[kW] + w;
            }
          }
        }
        r.out[(p * d.out[kH] + oh) * d.out[kW] + ow] = best;
        r.indices[(p * d.out[kH] + oh) * d.out[kW] + ow] = at;
      }
    }
  }
  return r;
}

std::vector<float> adaptiveMaxPool2dBackward(std::span<const float> gradOutput, std::span<const int64_t> indices,
                                             const Extents& d, aclDataType rounding) {
  std::vector<float> gradInput(d.planes() * d.in[kH] * d.in[kW], 0.0f);
  for (int64_t p = 0; p < d.planes(); ++p) {
    for (int64_t i = 0; i < d.out[kH] * d.out[kW]; ++i) {
      const int64_t at = p * d.out[kH] * d.out[kW] + i;
      float& cell = gradInput[p * d.in[kH] * d.in[kW] + indices[at]];
      cell = verify::roundTo(rounding, cell + gradOutput[at]);
    }
  }
  return gradInput;
}

PoolBackwardDouble adaptiveMaxPool2dBackwardDouble(std::span<const float> gradOutput,
                                                   std::span<const int64_t> indices, const Extents& d) {
  PoolBackwardDouble r;
  r.gradInput.assign(d.planes() * d.in[kH] * d.in[kW], 0.0);
  r.absSum.assign(d.planes() * d.in[kH] * d.in[kW], 0.0);
  r.terms.assign(d.planes() * d.in[kH] * d.in[kW], 0);
  for (int64_t p = 0; p < d.planes(); ++p) {
    for (int64_t i = 0; i < d.out[kH] * d.out[kW]; ++i) {
      const int64_t at = p * d.out[kH] * d.out[kW] + i;
      const int64_t cell = p * d.in[kH] * d.in[kW] + indices[at];
      r.gradInput[cell] += gradOutput[at];
      r.absSum[cell] += std::fabs(static_cast<double>(gradOutput[at]));
      ++r.terms[cell];
    }
  }
  return r;
}

int64_t firstIndexOutsidePlane(std::span<const int64_t> indices, const Extents& d) {
  for (size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < 0 || indices[i] >= d.in[kH] * d.in[kW]) return static_cast<int64_t>(i);
  }
  return -1;
}

}  // namespace gradlab::reference
