#include "verify/reference_cann950.h"

#include <algorithm>
#include <cmath>

#include "gradlab/cat.h"
#include "i18n/translate.h"
#include "verify/reference_upsample.h"

namespace gradlab::reference {
namespace {

struct Axis {
  int64_t gi = 1, go = 1;
  double scales = 0.0;
  // CANN's scale_h / scale_w: the call's scale factor as fp32, or gradOutput / gradInput in fp32.
  float scale() const { return scales > 0.0 ? static_cast<float>(scales) : static_cast<float>(go) / static_cast<float>(gi); }
  // ComputeOrig<isExact>: min(ceilf(i * scale - 0.5f), go), the fp32 product and difference rounded each.
  int64_t edge(int64_t i) const {
    const float product = static_cast<float>(i) * scale();
    const float e = std::ceil(product - 0.5f);
    return std::min<int64_t>(e > 0.0f ? static_cast<int64_t>(e) : 0, go);
  }
  // Per gradOutput position o: the gradInput cell whose window [edge(i), edge(i + 1)) holds it, or -1.
  std::vector<int64_t> owners() const {
    std::vector<int64_t> owner(static_cast<size_t>(go), -1);
    for (int64_t i = 0; i < gi; ++i) {
      for (int64_t o = std::max<int64_t>(edge(i), 0); o < edge(i + 1); ++o) owner[static_cast<size_t>(o)] = i;
    }
    return owner;
  }
};

Axis axisOf(const Extents& s, int axis, int spatialRank) {
  if (axis == kH && spatialRank < 2) return {1, 1, 1.0};
  return {s.in[axis], s.out[axis], s.scales[axis]};
}

}  // namespace

std::vector<float> cann950Backward(const Extents& s, int spatialRank, std::span<const float> gradOutput) {
  const Axis h = axisOf(s, kH, spatialRank), w = axisOf(s, kW, spatialRank);
  const int64_t planes = s.N * s.C;
  std::vector<float> gradInput(static_cast<size_t>(planes * h.gi * w.gi), 0.0f);
  const bool copies = h.gi == h.go && w.gi == w.go && std::fabs(h.scale() - 1.0f) <= 1e-8f && std::fabs(w.scale() - 1.0f) <= 1e-8f;
  if (copies) {
    std::copy(gradOutput.begin(), gradOutput.begin() + static_cast<ptrdiff_t>(gradInput.size()), gradInput.begin());
    return gradInput;
  }
  const std::vector<int64_t> rowOwner = h.owners(), colOwner = w.owners();
  for (int64_t p = 0; p < planes; ++p) {
    for (int64_t y = 0; y < h.go; ++y) {
      for (int64_t x = 0; x < w.go; ++x) {
        const int64_t i = rowOwner[static_cast<size_t>(y)], j = colOwner[static_cast<size_t>(x)];
        if (i < 0 || j < 0) continue;
        gradInput[static_cast<size_t>((p * h.gi + i) * w.gi + j)] += gradOutput[static_cast<size_t>((p * h.go + y) * w.go + x)];
      }
    }
  }
  return gradInput;
}

std::string cann950WindowsDiffer(const Extents& s, int spatialRank) {
  std::string text;
  for (int axis : {kH, kW}) {
    if (axis == kH && spatialRank < 2) continue;
    const Axis a = axisOf(s, axis, spatialRank);
    const std::vector<int64_t> owner = a.owners();
    for (int64_t o = 0; o < a.go; ++o) {
      const int64_t cann = owner[static_cast<size_t>(o)], torch = sourceOf(IndexRule::kNearestExact, o, a.gi, a.go, a.scales);
      if (cann == torch) continue;
      const char* what = axis == kH ? "row" : spatialRank < 2 ? "position" : "column";
      text += (text.empty() ? "" : "; ") +
              (cann < 0 ? i18n::trf("gradOutput {0} {1} is in no window of CANN's (PyTorch's map sends it to gradInput {0} {2})",
                                    i18n::tr(what), o, torch)
                        : i18n::trf("gradOutput {0} {1} goes to gradInput {0} {2} in CANN's windows, to {0} {3} in "
                                    "PyTorch's map",
                                    i18n::tr(what), o, cann, torch));
      break;
    }
  }
  return text;
}

}  // namespace gradlab::reference
