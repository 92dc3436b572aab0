// Validation of the 3-D adaptive max pool pair in the order of CANN's op_api sources (hicann/ops-nn
// pooling/adaptive_max_pool3d{,_grad}/op_api), and where gradlab is stricter, after them.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gradlab/ops.h"
#include "ops/adaptive_max_pool/check.h"
#include "ops/adaptive_max_pool/check_parts.h"
#include "ops/common/arg_checks.h"
#include "ops/common/op_support.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {
namespace {

using rt::cat;
using rt::dtypeName;
using rt::formatDims;
using rt::formatName;

constexpr int64_t kVolumeLimit = std::numeric_limits<int32_t>::max();

aclnnStatus checkRank45(const char* api, const char* name, const aclTensor& t) {
  return checkPoolRank(api, name, t, 4, "C, D, H, W");
}

// CANN: D * H * W of self at most INT32_MAX (an index d*H*W + h*W + w must fit INT32).
aclnnStatus checkVolume(const char* api, const aclTensor& self) {
  const size_t r = self.viewDims.size();
  const int64_t d = self.viewDims[r - 3], h = self.viewDims[r - 2], w = self.viewDims[r - 1];
  int64_t cells = 0;
  const bool over = __builtin_mul_overflow(d, h, &cells) || __builtin_mul_overflow(cells, w, &cells);
  if (!over && cells <= kVolumeLimit) return ACLNN_SUCCESS;
  return invalid(api, cat("self D * H * W = ", d, " * ", h, " * ", w, " = ",
                          over ? std::string("more than int64 can hold") : std::to_string(cells),
                          " exceeds INT32_MAX (2147483647), so an index d * H * W + h * W + w could not address every cell"));
}

// NCDHW (a 4-D view: NCHW, CANN's label for C, D, H, W) or ND, every tensor alike. CANN reads every public
// label as NCDHW; gradlab reads a view one way only and refuses NDHWC rather than reinterpret it.
aclnnStatus checkFormats3d(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors) {
  const auto& [firstName, first] = *tensors.begin();
  const aclFormat f = first->format;
  if (f != ACL_FORMAT_NCDHW && f != ACL_FORMAT_NCHW && f != ACL_FORMAT_ND) {
    return invalid(api, cat(firstName, " format ", formatName(f), " is not supported (expected NCDHW, NCHW for a 4-D "
                                                                   "C, D, H, W view, or ND)"));
  }
  for (const auto& [name, t] : tensors) {
    if (t->format != f) {
      return invalid(api, cat(name, " format ", formatName(t->format), " differs from ", firstName, " format ",
                              formatName(f), " (all must be the same)"));
    }
  }
  return ACLNN_SUCCESS;
}

// Atlas A2/A3 take INT32 indices only for the 3-D pair (CANN reads INT64 on the Ascend 950 alone): the catalog's list.
aclnnStatus checkIndexType(const char* api, const aclTensor& indices, OpKind op) {
  return checkDtypeIn(api, "indices", indices, opInfo(op).indexDtypes, RefusalFacts{}.add("indices", "1"));
}

}  // namespace

aclnnStatus checkBackward3d(const char* api, const aclTensor& gradOutput, const aclTensor& self,
                            const aclTensor& indices, const aclTensor& gradInput) {
  // CheckParams: dtypes, then the shapes.
  GRADLAB_RETURN_IF_ERROR(checkSameDtype(api, "gradOutput", gradOutput, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameDtype(api, "gradInput", gradInput, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkDtypeIn(api, "self", self, opInfo(OpKind::kAdaptiveMaxPool3dBackward).dtypes));
  static constexpr aclDataType kAnyIndex[] = {ACL_INT32, ACL_INT64};
  GRADLAB_RETURN_IF_ERROR(checkDtypeIn(api, "indices", indices, kAnyIndex, RefusalFacts{}.add("indices", "1")));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "gradOutput", gradOutput, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "gradInput", gradInput, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "indices", indices, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameShape(api, "indices", indices, "gradOutput", gradOutput));
  GRADLAB_RETURN_IF_ERROR(checkSameShape(api, "gradInput", gradInput, "self", self));
  // CheckSelfShapeSupport, CheckFormat (formats, then ranks), the Atlas A2/A3 index dtype.
  GRADLAB_RETURN_IF_ERROR(checkRank45(api, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkVolume(api, self));
  GRADLAB_RETURN_IF_ERROR(
      checkFormats3d(api, {{"self", &self}, {"gradOutput", &gradOutput}, {"indices", &indices}, {"gradInput", &gradInput}}));
  GRADLAB_RETURN_IF_ERROR(checkIndexType(api, indices, OpKind::kAdaptiveMaxPool3dBackward));
  // gradlab: gradOutput pools self's planes.
  const size_t planeAxes = self.dim() == 5 ? 2 : 1;
  for (size_t d = 0; d < planeAxes; ++d) {
    if (gradOutput.viewDims[d] != self.viewDims[d]) {
      const char* axes = planeAxes == 2 ? "N, C" : "C";
      return invalid(api, cat("gradOutput ", axes, " ", formatDims(gradOutput.viewDims.data(), planeAxes),
                              " do not match self ", axes, " ", formatDims(self.viewDims.data(), planeAxes),
                              " (gradOutput ", dims(gradOutput), ", self ", dims(self), ")"));
    }
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkForward3d(const char* api, const aclTensor& self, const aclIntArray& outputSize, const aclTensor& out,
                           const aclTensor& indices) {
  // CheckInputOutputDims, CheckDtypeValid, CheckFormat, CheckOutShape, checkDtypeSame, checkExceptiveValue.
  GRADLAB_RETURN_IF_ERROR(checkRank45(api, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkRank45(api, "out", out));
  GRADLAB_RETURN_IF_ERROR(checkRank45(api, "indices", indices));
  const auto& floating = opInfo(OpKind::kAdaptiveMaxPool3d).dtypes;
  GRADLAB_RETURN_IF_ERROR(checkDtypeIn(api, "self", self, floating));
  GRADLAB_RETURN_IF_ERROR(checkDtypeIn(api, "out", out, floating));
  GRADLAB_RETURN_IF_ERROR(checkIndexType(api, indices, OpKind::kAdaptiveMaxPool3d));
  GRADLAB_RETURN_IF_ERROR(checkFormats3d(api, {{"self", &self}, {"out", &out}, {"indices", &indices}}));
  const auto& os = outputSize.values;
  if (os.size() != 3) {
    return invalid(api, cat("outputSize has ", os.size(), " values ", formatDims(os), " but must have 3 (Do, Ho, Wo)"));
  }
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "out", out, "self", self));
  GRADLAB_RETURN_IF_ERROR(checkSameRank(api, "indices", indices, "self", self));
  std::vector<int64_t> expected = self.viewDims;
  std::copy(os.begin(), os.end(), expected.end() - 3);
  if (out.viewDims != expected) {
    return invalid(api, cat("out shape ", dims(out), " does not match ", formatDims(expected), " (self ", dims(self),
                            " pooled to outputSize ", formatDims(os), ")"));
  }
  GRADLAB_RETURN_IF_ERROR(checkSameShape(api, "indices", indices, "out", out));
  GRADLAB_RETURN_IF_ERROR(checkSameDtype(api, "out", out, "self", self));
  for (int64_t d = 1; d < self.dim(); ++d) {
    if (self.viewDims[d] <= 0) {
      return invalid(api, rule("size-not-positive").add("argument", "self").add("dimension", d),
                     cat("self ", dims(self), " has an empty dimension ", d, " (only the first dimension may be 0)"));
    }
  }
  GRADLAB_RETURN_IF_ERROR(checkVolume(api, self));
  // CANN refuses a negative outputSize; gradlab also 0, which CANN would divide by.
  if (os[0] <= 0 || os[1] <= 0 || os[2] <= 0) {
    return invalid(api, rule("size-not-positive").add("argument", "outputSize"),
                   cat("outputSize ", formatDims(os), " must be positive"));
  }
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops::adaptive
