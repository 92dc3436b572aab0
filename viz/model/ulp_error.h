// Error maps for the Compare panel: a low-precision result against the fp32 result of the same inputs,
// in ULPs of the low-precision type; and the difference between two runs (default vs deterministic).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "acl/acl_base.h"

namespace gradlab::viz {

// |low - reference| / verify::ulpOf(dtype, reference) per cell; 0 where both are the same NaN/inf, +inf where
// only one of them is NaN or infinite. Sizes must match (extra cells are ignored).
std::vector<float> errorInUlps(aclDataType dtype, std::span<const float> low, std::span<const float> reference);

// Histogram buckets of errors: 0, <= 1/2, <= 1, <= 2, <= 4, ... <= 256, more (and infinite).
inline constexpr int kUlpBuckets = 12;
const char* ulpBucketLabel(int bucket);  // "0", "½", "1", "2", "4", ... "256", ">256"
int ulpBucket(float ulps);

struct ErrorSummary {
  int64_t cells = 0;
  int64_t exact = 0;       // error 0
  int64_t withinHalf = 0;  // error <= 0.5 ULP (what one correct rounding allows)
  float maxUlps = 0.0f;
  std::array<int64_t, kUlpBuckets> buckets{};  // cells per ulpBucket
};
ErrorSummary summarizeUlps(const std::vector<float>& ulps);

struct DiffSummary {
  int64_t cells = 0;
  int64_t differing = 0;  // bit patterns differ (NaN == NaN)
  float maxAbs = 0.0f;
};
// |a - b| per cell (0 where the bits agree), with the summary.
std::vector<float> absoluteDifference(std::span<const float> a, std::span<const float> b, DiffSummary* summary);

}  // namespace gradlab::viz
