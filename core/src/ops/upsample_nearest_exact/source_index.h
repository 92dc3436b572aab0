// The nearest-exact source index of the SPEC and its per-axis maps.
//
// For one spatial axis of `in` input cells and `out` output cells (output = the larger-index side of
// the forward op, i.e. gradOutput of a backward op):
//   s      = (scale > 0) ? float(1.0 / scale) : float(in) / float(out)
//   src(o) = min(floor(float((o + 0.5) * double(s))), in - 1)
// exactly as PyTorch's C++ computes it (floorf's float parameter rounds the double product).
#pragma once

#include <cstdint>
#include <vector>

namespace gradlab::ops::upsample {

float sourceScale(double scale, int64_t in, int64_t out);
int64_t sourceIndex(float s, int64_t o, int64_t in);

// The ratio gradInput/gradOutput along an axis the way the checks see it (1/scale, or in/out when
// the scale is 0). The SPEC refuses ratios below 0.02 (more than 50x).
double realRatio(double scale, int64_t in, int64_t out);

struct AxisMap {
  int64_t in = 1, out = 1;
  float s = 1.0f;
  std::vector<int64_t> src;    // out entries: src(o)
  std::vector<int64_t> first;  // in + 1 entries: outputs [first[i], first[i+1]) map to input i (src is monotone)
  int64_t factor = 0;          // k when src(o) == o / k for every o and out == k * in (uniform k-to-1); else 0

  int64_t count(int64_t i) const { return first[i + 1] - first[i]; }
};

AxisMap makeAxisMap(int64_t in, int64_t out, double scale);

}  // namespace gradlab::ops::upsample
