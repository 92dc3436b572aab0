#include "ops/adaptive_max_pool/check.h"
#include "ops/adaptive_max_pool/check_parts.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <limits>
#include <string>

#include "gradlab/ops.h"
#include "ops/adaptive_max_pool/shape.h"
#include "ops/common/arg_checks.h"
#include "ops/common/op_support.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {

using rt::cat;
using rt::dtypeName;
using rt::formatDims;

std::string dims(const aclTensor& t) { return formatDims(t.viewDims); }

aclnnStatus checkSameDtype(const char* api, const char* name, const aclTensor& t, const char* refName,
                           const aclTensor& ref) {
  if (t.dtype == ref.dtype) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " dtype ", dtypeName(t.dtype), " does not match ", refName, " dtype ",
                          dtypeName(ref.dtype)));
}

aclnnStatus checkSameRank(const char* api, const char* name, const aclTensor& t, const char* refName,
                          const aclTensor& ref) {
  if (t.dim() == ref.dim()) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " has ", t.dim(), " dimensions ", dims(t), " but ", refName, " has ", ref.dim(), " ",
                          dims(ref), " (all tensors must have the same rank)"));
}

aclnnStatus checkSameShape(const char* api, const char* name, const aclTensor& t, const char* refName,
                           const aclTensor& ref) {
  if (t.viewDims == ref.viewDims) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " shape ", dims(t), " does not match ", refName, " shape ", dims(ref)));
}

aclnnStatus checkPoolRank(const char* api, const char* name, const aclTensor& t, int64_t rank, const char* axes) {
  if (t.dim() == rank || t.dim() == rank + 1) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " has ", t.dim(), " dimensions ", dims(t), " but must have ", rank, " (", axes, ") or ",
                          rank + 1, " (N, ", axes, ")"));
}

namespace {

using rt::formatName;

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kNonDivisibleLimit = int64_t{1} << 24;  // the seed's limit for overlapping windows

// H * W, saturated at int64 max (sizes are non-negative).
int64_t planeCells(int64_t h, int64_t w) {
  int64_t cells = 0;
  return __builtin_mul_overflow(h, w, &cells) ? std::numeric_limits<int64_t>::max() : cells;
}

aclnnStatus checkFloatDtype(const char* api, const char* name, const aclTensor& t) {
  return checkDtypeIn(api, name, t, opInfo(OpKind::kAdaptiveMaxPool2dBackward).dtypes);
}

aclnnStatus checkIndexDtype(const char* api, const char* name, const aclTensor& t) {
  static constexpr aclDataType kIndexTypes[] = {ACL_INT32, ACL_INT64};
  return checkDtypeIn(api, name, t, kIndexTypes, RefusalFacts{}.add("indices", "1"));
}

aclnnStatus checkRank34(const char* api, const char* name, const aclTensor& t) {
  return checkPoolRank(api, name, t, 3, "C, H, W");
}

aclnnStatus checkPlaneLimit(const char* api, const char* name, int64_t h, int64_t w) {
  const int64_t cells = planeCells(h, w);
  if (cells <= kInt32Max) return ACLNN_SUCCESS;
  return invalid(api, rule("pool-plane-int32").add("tensor", name).add("H", h).add("W", w).add("limit", kInt32Max),
                 cat(name, " H * W = ", h, " * ", w, " = ",
                          cells == std::numeric_limits<int64_t>::max() ? std::string("more than int64 can hold")
                                                                       : std::to_string(cells),
                          " exceeds INT32_MAX (2147483647), so an index h * W + w could not address every cell"));
}

}  // namespace

aclnnStatus checkBackward(const char* api, const aclTensor& gradOutput, const aclTensor& self, const aclTensor& indices,
                          const aclTensor& gradInput) {
  // dtypes: gradOutput, self and gradInput share one floating type.
  GRADLAB_RETURN_IF_ERROR(checkFloatDtype(api, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameDtype(api, "self", self, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameDtype(api, "gradInput", gradInput, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkIndexDtype(api, "indices", indices));
  // ranks: all 3-D or all 4-D.
  GRADLAB_RETURN_IF_ERROR(checkRank34(api, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "self", self, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "indices", indices, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "gradInput", gradInput, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameShape(api, "indices", indices, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameShape(api, "gradInput", gradInput, "self", self));
  const bool batched = gradOutput.dim() == 4;
  const size_t spatial = batched ? 2 : 1;  // first spatial axis
  for (size_t d = 0; d < spatial; ++d) {
    if (gradOutput.viewDims[d] != self.viewDims[d]) {
      const char* axes = batched ? "N, C" : "C";
      return invalid(api, cat("gradOutput ", axes, " ", formatDims(gradOutput.viewDims.data(), spatial),
                              " do not match self ", axes, " ", formatDims(self.viewDims.data(), spatial),
                              " (gradOutput ", dims(gradOutput), ", self ", dims(self), ")"));
    }
  }
  if (self.format != gradOutput.format || indices.format != gradOutput.format || gradInput.format != gradOutput.format) {
    return invalid(api, cat("formats differ: gradOutput ", formatName(gradOutput.format), ", self ",
                            formatName(self.format), ", indices ", formatName(indices.format), ", gradInput ",
                            formatName(gradInput.format), " (all four must be the same)"));
  }
  GRADLAB_RETURN_IF_ERROR(checkPublicFormat(api, "gradOutput", gradOutput));
  const int64_t h = self.viewDims[spatial], w = self.viewDims[spatial + 1];
  const int64_t ho = gradOutput.viewDims[spatial], wo = gradOutput.viewDims[spatial + 1];
  GRADLAB_RETURN_IF_ERROR(checkPlaneLimit(api, "self", h, w));
  const bool divisible = ho == 0 || wo == 0 || (h % ho == 0 && w % wo == 0);
  if (!divisible && h * w > kNonDivisibleLimit) {
    return invalid(api,
                   rule("pool-overlap-2^24").add("H", h).add("W", w).add("Ho", ho).add("Wo", wo).add("limit", kNonDivisibleLimit),
                   cat("self H * W = ", h, " * ", w, " = ", h * w, " exceeds 2^24 (16777216), the limit when ",
                            "the windows do not divide the input (H % Ho = ", h, " % ", ho, " = ", h % ho,
                            ", W % Wo = ", w, " % ", wo, " = ", w % wo, ")"));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkForward(const char* api, const aclTensor& self, const aclIntArray& outputSize, const aclTensor& out,
                         const aclTensor& indices) {
  // CANN's forward list on Atlas A2/A3 adds DOUBLE (compared in fp64); its backward list does not.
  GRADLAB_RETURN_IF_ERROR(checkDtypeIn(api, "self", self, opInfo(OpKind::kAdaptiveMaxPool2d).dtypes));
  GRADLAB_RETURN_IF_ERROR(checkSameDtype(api, "out", out, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkIndexDtype(api, "indices", indices));
  GRADLAB_RETURN_IF_ERROR(checkRank34(api, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "out", out, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "indices", indices, "self", self));
  // PyTorch and CANN: every non-batch dimension must be non-empty (dim 0 may be 0).
  for (int64_t d = 1; d < self.dim(); ++d) {
    if (self.viewDims[d] <= 0) {
      return invalid(api, rule("size-not-positive").add("argument", "self").add("dimension", d),
                     cat("self ", dims(self), " has an empty dimension ", d,
                              " (only the first dimension may be 0)"));
    }
  }
  const auto& os = outputSize.values;
  if (os.size() != 2) {
    return invalid(api, cat("outputSize has ", os.size(), " values ", formatDims(os), " but must have 2 (Ho, Wo)"));
  }
  if (os[0] <= 0 || os[1] <= 0) {
    return invalid(api, rule("size-not-positive").add("argument", "outputSize"), cat("outputSize ", formatDims(os), " must be positive"));
  }
  // An NHWC self is (N, H, W, C), as CANN reads it; every other view is (N, C, H, W) or (C, H, W).
  const bool channelsLast = channelsLastView(self);
  const size_t spatial = channelsLast ? 1 : self.viewDims.size() - 2;
  std::vector<int64_t> expected = self.viewDims;
  expected[spatial] = os[0];
  expected[spatial + 1] = os[1];
  if (out.viewDims != expected) {
    return invalid(api, cat("out shape ", dims(out), " does not match ", formatDims(expected), " (self ", dims(self),
                            channelsLast ? " as (N, H, W, C)" : "", " pooled to outputSize ", formatDims(os), ")"));
  }
  GRADLAB_RETURN_IF_ERROR(checkSameShape(api, "indices", indices, "out", out));
  // Stricter than CANN, which reads out in self's axis order whatever its label: here a label that
  // disagrees with self's is refused instead of reinterpreted.
  if (out.format != self.format || indices.format != self.format) {
    return invalid(api, cat("formats differ: self ", formatName(self.format), ", out ", formatName(out.format),
                            ", indices ", formatName(indices.format), " (all three must be the same)"));
  }
  return checkPlaneLimit(api, "self", self.viewDims[spatial], self.viewDims[spatial + 1]);
}

}  // namespace gradlab::ops::adaptive
