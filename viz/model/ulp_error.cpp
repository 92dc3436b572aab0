#include "viz/model/ulp_error.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "gradlab/verify.h"

namespace gradlab::viz {

std::vector<float> errorInUlps(aclDataType dtype, std::span<const float> low, std::span<const float> reference) {
  const size_t n = std::min(low.size(), reference.size());
  std::vector<float> out(n, 0.0f);
  const float inf = std::numeric_limits<float>::infinity();
  for (size_t i = 0; i < n; ++i) {
    float a = low[i], r = reference[i];
    if (std::isnan(a) || std::isnan(r)) {
      out[i] = (std::isnan(a) && std::isnan(r)) ? 0.0f : inf;
    } else if (std::isinf(a) || std::isinf(r)) {
      out[i] = a == r ? 0.0f : inf;
    } else {
      out[i] = static_cast<float>(std::fabs(static_cast<double>(a) - r) / verify::ulpOf(dtype, r));
    }
  }
  return out;
}

const char* ulpBucketLabel(int bucket) {
  static const char* const labels[kUlpBuckets] = {"0", "½", "1", "2", "4", "8", "16", "32", "64", "128", "256", ">256"};
  return bucket >= 0 && bucket < kUlpBuckets ? labels[bucket] : "?";
}

int ulpBucket(float ulps) {
  if (ulps == 0.0f) return 0;
  if (ulps <= 0.5f) return 1;
  float top = 1.0f;
  for (int b = 2; b < kUlpBuckets - 1; ++b, top *= 2.0f) {
    if (ulps <= top) return b;
  }
  return kUlpBuckets - 1;  // NaN lands here too
}

ErrorSummary summarizeUlps(const std::vector<float>& ulps) {
  ErrorSummary s;
  s.cells = static_cast<int64_t>(ulps.size());
  for (float u : ulps) {
    ++s.buckets[static_cast<size_t>(ulpBucket(u))];
    if (u == 0.0f) ++s.exact;
    if (u <= 0.5f) ++s.withinHalf;
    s.maxUlps = std::max(s.maxUlps, u);
  }
  return s;
}

std::vector<float> absoluteDifference(std::span<const float> a, std::span<const float> b, DiffSummary* summary) {
  const size_t n = std::min(a.size(), b.size());
  std::vector<float> out(n, 0.0f);
  DiffSummary s;
  s.cells = static_cast<int64_t>(n);
  for (size_t i = 0; i < n; ++i) {
    uint32_t x, y;
    std::memcpy(&x, &a[i], 4);
    std::memcpy(&y, &b[i], 4);
    bool same = x == y || (std::isnan(a[i]) && std::isnan(b[i]));
    if (same) continue;
    ++s.differing;
    float d = std::fabs(a[i] - b[i]);
    out[i] = std::isnan(d) ? std::numeric_limits<float>::infinity() : d;
    s.maxAbs = std::max(s.maxAbs, out[i]);
  }
  if (summary) *summary = s;
  return out;
}

}  // namespace gradlab::viz
