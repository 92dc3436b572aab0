#include "ops/upsample_nearest_exact/check.h"

#include <cmath>
#include <string>
#include <vector>

#include "ops/common/op_support.h"
#include "ops/common/arg_checks.h"
#include "ops/nearest_engine/axis_map.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops::upsample_exact {
namespace {

constexpr double kMinRatio = 0.02;  // gradOutput at most 50x gradInput along an axis

using rt::cat;
using rt::formatDims;

bool sameDims(const std::vector<int64_t>& a, const std::vector<int64_t>& b) { return a == b; }

// CANN's list for the nearest-exact forwards on Atlas A2/A3: the floating types and UINT8 (a copy).
aclnnStatus checkForwardDtypes(const char* api, const aclTensor& self, const aclTensor& out) {
  return checkDtypesIn(api, "self", self, "out", out, opInfo(OpKind::kUpsampleNearestExact2d).dtypes);
}

}  // namespace

// gradOutput may be at most 50x gradInput along an axis: ratio 1/scale (or in/out when scale is 0) >= 0.02.
// With scale 0 and a size <= 0 the ratio means nothing; the size check that follows reports it.
aclnnStatus checkRatio(const char* api, const char* axis, const char* scaleName, double scale, int64_t in,
                       int64_t out) {
  if (scale <= 0.0 && (in <= 0 || out <= 0)) return ACLNN_SUCCESS;
  const double ratio = nearest::realRatio(scale, in, out);
  if (ratio >= kMinRatio) return ACLNN_SUCCESS;
  const RefusalFacts facts = rule("upsample-ratio")
                                 .add("axis", axis)
                                 .add("scale", scaleName)
                                 .add("scaleValue", scale)
                                 .add("in", in)
                                 .add("out", out)
                                 .add("ratio", ratio)
                                 .add("minRatio", kMinRatio)
                                 .add("maxGrowth", 1.0 / kMinRatio);
  if (scale > 0.0) {
    return invalid(api, facts, cat(scaleName, " ", scale, " makes gradOutput ", 1.0 / ratio, "x gradInput along ", axis,
                            " (1/", scaleName, " = ", ratio, " < 0.02); at most 50x is supported"));
  }
  return invalid(api, facts,
                 cat("inputSize ", axis, " ", in, " and outputSize ", axis, " ", out, " make gradOutput ", 1.0 / ratio,
                     "x gradInput along ", axis, " (ratio ", ratio, " < 0.02); at most 50x is supported"));
}

aclnnStatus checkBackward2d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scalesH, double scalesW, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Extents* g, bool* empty) {
  const char* api = kBackward2dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(
      handleCheck(api, {{"gradOutput", gradOutput}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"out", out}}));
  *empty = gradOutput->empty() || out->empty();
  if (*empty) {  // out (if it has cells) is zeroed
    GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"out", out}}));
    GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
    return memoryCheck(api, {{"out", out}});
  }

  GRADLAB_RETURN_IF_ERROR(checkDtypes(api, "gradOutput", *gradOutput, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradOutput", *gradOutput, 4, "N, C, H, W"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 4, "N, C, H, W"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "inputSize", *inputSize, 4, "N, C, H, W"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 2, "H, W"));
  GRADLAB_RETURN_IF_ERROR(checkFormats(api, "gradOutput", *gradOutput, "out", *out, ACL_FORMAT_NCHW));
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels(api, "gradOutput", *gradOutput, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkScale(api, "scalesH", scalesH));
  GRADLAB_RETURN_IF_ERROR(checkScale(api, "scalesW", scalesW));
  const std::vector<int64_t>& os = outputSize->values;
  const std::vector<int64_t>& is = inputSize->values;
  GRADLAB_RETURN_IF_ERROR(checkRatio(api, "H", "scalesH", scalesH, is[2], os[0]));
  GRADLAB_RETURN_IF_ERROR(checkRatio(api, "W", "scalesW", scalesW, is[3], os[1]));
  GRADLAB_RETURN_IF_ERROR(checkPositive(api, "outputSize", os));
  GRADLAB_RETURN_IF_ERROR(checkPositive(api, "inputSize", is));
  const std::vector<int64_t>& gd = gradOutput->viewDims;
  if (gd[2] != os[0] || gd[3] != os[1]) {
    return invalid(api,
                   cat("gradOutput H/W ", formatDims(gd.data() + 2, 2), " differ from outputSize ", formatDims(os)));
  }
  if (!sameDims(out->viewDims, is)) {
    return invalid(api, cat("out shape ", formatDims(out->viewDims), " differs from inputSize ", formatDims(is)));
  }
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"gradOutput", gradOutput}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"gradOutput", gradOutput}, {"out", out}}));
  *g = Extents{.N = gd[0], .C = gd[1], .in = {1, is[2], is[3]}, .out = {1, os[0], os[1]}, .scales = {0.0, scalesH, scalesW}};
  return ACLNN_SUCCESS;
}

aclnnStatus checkBackward1d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scales, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Extents* g) {
  const char* api = kBackward1dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(
      handleCheck(api, {{"gradOutput", gradOutput}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypes(api, "gradOutput", *gradOutput, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradOutput", *gradOutput, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "inputSize", *inputSize, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 1, "L"));
  GRADLAB_RETURN_IF_ERROR(checkFormats(api, "gradOutput", *gradOutput, "out", *out, ACL_FORMAT_NCL));
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels(api, "gradOutput", *gradOutput, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkScale(api, "scales", scales));
  const std::vector<int64_t>& os = outputSize->values;
  const std::vector<int64_t>& is = inputSize->values;
  GRADLAB_RETURN_IF_ERROR(checkRatio(api, "L", "scales", scales, is[2], os[0]));
  GRADLAB_RETURN_IF_ERROR(checkPositive(api, "outputSize", os));
  GRADLAB_RETURN_IF_ERROR(checkPositive(api, "inputSize", is));
  const std::vector<int64_t>& gd = gradOutput->viewDims;
  if (gd[2] != os[0]) {
    return invalid(api, cat("gradOutput L ", gd[2], " differs from outputSize ", formatDims(os)));
  }
  if (!sameDims(out->viewDims, is)) {
    return invalid(api, cat("out shape ", formatDims(out->viewDims), " differs from inputSize ", formatDims(is)));
  }
  if (gradOutput->empty() || out->empty()) {
    return invalid(
        api, rule("size-not-positive").add("argument", "gradOutput"),
        cat("empty tensors are not supported: gradOutput ", formatDims(gd), ", out ", formatDims(out->viewDims)));
  }
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"gradOutput", gradOutput}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"gradOutput", gradOutput}, {"out", out}}));
  *g = Extents{.N = gd[0], .C = gd[1], .in = {1, 1, is[2]}, .out = {1, 1, os[0]}, .scales = {0.0, 0.0, scales}};
  return ACLNN_SUCCESS;
}

// CANN's order: nulls; an empty self or out is success with nothing to do; dtypes; ranks and outputSize;
// the sizes, read by self's format (an NHWC view is (N, H, W, C)); the formats (CheckFormat: self NCHW,
// NHWC or ND, out the same); then, where gradlab is stricter (docs/operators.md), out's shape, which CANN
// would only find while copying the result.
aclnnStatus checkForward2d(const aclTensor* self, const aclIntArray* outputSize, double scalesH, double scalesW,
                           const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Extents* g, bool* empty) {
  const char* api = kForward2dApi;
  constexpr const char* kAxes = "N, C, H, W or N, H, W, C";
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", out}}));
  *empty = self->empty() || out->empty();
  if (*empty) return ACLNN_SUCCESS;
  GRADLAB_RETURN_IF_ERROR(checkForwardDtypes(api, *self, *out));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "self", *self, 4, kAxes));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 2, "H, W"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 4, kAxes));
  const ViewNchw s = viewNchw(*self);
  const std::vector<int64_t>& os = outputSize->values;
  if (s.h <= 0 || s.w <= 0 || os[0] <= 0 || os[1] <= 0) {
    return invalid(api, rule("size-not-positive").add("argument", "self H/W and outputSize"),
                   cat("self H/W [", s.h, ", ", s.w, "] and outputSize ", formatDims(os), " must be positive"));
  }
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels4d(api, "self", *self, "out", *out));
  const aclFormat f = self->format;
  if (f != ACL_FORMAT_NCHW && f != ACL_FORMAT_NHWC && f != ACL_FORMAT_ND) {
    return invalid(api, cat("self format ", rt::formatName(f), " is not supported (expected NCHW, NHWC or ND)"));
  }
  const bool nhwc = f == ACL_FORMAT_NHWC;
  if (out->format != f) {
    return invalid(api, cat("out format ", rt::formatName(out->format), " does not match self format ",
                            rt::formatName(f), " (NHWC views are (N, H, W, C), NCHW and ND views (N, C, H, W))"));
  }
  const std::vector<int64_t> expected =
      nhwc ? std::vector<int64_t>{s.n, os[0], os[1], s.c} : std::vector<int64_t>{s.n, s.c, os[0], os[1]};
  if (!sameDims(out->viewDims, expected)) {
    return invalid(api, cat("out shape ", formatDims(out->viewDims), " differs from ",
                            nhwc ? "[N, outputSize, C] " : "[N, C, outputSize] ", formatDims(expected)));
  }
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"self", self}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"self", self}, {"out", out}}));
  // Scales are not checked, as in CANN: one <= 0 (or NaN) means "use the sizes".
  *g = Extents{.N = s.n, .C = s.c, .in = {1, s.h, s.w}, .out = {1, os[0], os[1]}, .scales = {0.0, scalesH, scalesW}};
  return ACLNN_SUCCESS;
}

aclnnStatus checkForward1d(const aclTensor* self, const aclIntArray* outputSize, double scales, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor, Extents* g) {
  const char* api = kForward1dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkForwardDtypes(api, *self, *out));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "self", *self, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 1, "L"));
  GRADLAB_RETURN_IF_ERROR(checkFormats(api, "self", *self, "out", *out, ACL_FORMAT_NCL));
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels(api, "self", *self, "out", *out));
  // CANN refuses an empty self here too (N, C and L must be positive); scales are not checked (<= 0 or NaN
  // means "use the sizes").
  if (self->empty()) {
    return invalid(api, rule("size-not-positive").add("argument", "self"),
                   cat("self ", formatDims(self->viewDims), " is empty; empty tensors are not supported"));
  }
  GRADLAB_RETURN_IF_ERROR(checkPositive(api, "outputSize", outputSize->values));
  const std::vector<int64_t>& d = self->viewDims;
  const std::vector<int64_t> expected{d[0], d[1], outputSize->values[0]};
  if (!sameDims(out->viewDims, expected)) {
    return invalid(
        api, cat("out shape ", formatDims(out->viewDims), " differs from [N, C, outputSize] ", formatDims(expected)));
  }
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"self", self}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"self", self}, {"out", out}}));
  *g = Extents{.N = d[0], .C = d[1], .in = {1, 1, d[2]}, .out = {1, 1, outputSize->values[0]}, .scales = {0.0, 0.0, scales}};
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops::upsample_exact
