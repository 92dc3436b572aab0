#include "ops/upsample_nearest_legacy/check.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "ops/common/arg_checks.h"
#include "ops/common/op_support.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops::upsample_legacy {
namespace {

using rt::cat;
using rt::formatDims;

constexpr int64_t kDimLimit = std::numeric_limits<int32_t>::max();

std::vector<int64_t> shapeIn(aclFormat format, int64_t n, int64_t c, int64_t h, int64_t w) {
  return format == ACL_FORMAT_NHWC ? std::vector<int64_t>{n, h, w, c} : std::vector<int64_t>{n, c, h, w};
}

aclnnStatus checkFormat2d(const char* api, const char* name, const aclTensor& t, const char* otherName,
                          const aclTensor& other) {
  if (t.format != ACL_FORMAT_NCHW && t.format != ACL_FORMAT_NHWC) {
    return invalid(api, cat(name, " format ", rt::formatName(t.format), " is not supported (expected NCHW or NHWC)"));
  }
  if (other.format != t.format) {
    return invalid(api, cat(otherName, " format ", rt::formatName(other.format), " differs from ", name, " format ",
                            rt::formatName(t.format)));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkDimLimit(const char* api, const char* name, const aclTensor& t) {
  for (int64_t d : t.viewDims) {
    if (d > kDimLimit) return invalid(api, cat(name, " ", formatDims(t.viewDims), " has a dimension > INT32_MAX"));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkNonZero(const char* api, const char* what, const std::vector<int64_t>& values) {
  for (int64_t v : values) {
    if (v == 0) {
      return invalid(api, rule("size-not-positive").add("argument", what), cat(what, " ", formatDims(values), " has a size 0"));
    }
  }
  return ACLNN_SUCCESS;
}

// The common tail: view sizes, output overlap and device memory.
aclnnStatus checkMemory(const char* api, const char* srcName, const aclTensor* src, const char* dstName,
                        const aclTensor* dst) {
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{srcName, src}, {dstName, dst}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{dstName, dst}}));
  return memoryCheck(api, {{srcName, src}, {dstName, dst}});
}

}  // namespace

aclnnStatus checkForward2d(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor, Extents* g) {
  const char* api = kForward2dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypesIn(api, "self", *self, "out", *out, opInfo(OpKind::kUpsampleNearest2d).dtypes));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 2, "H, W"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "self", *self, 4, "N, C, H, W or N, H, W, C"));
  const std::vector<int64_t>& d = self->viewDims;
  GRADLAB_RETURN_IF_ERROR(checkNonZero(api, "self dims 1..3", {d[1], d[2], d[3]}));
  GRADLAB_RETURN_IF_ERROR(checkNonZero(api, "outputSize", outputSize->values));
  GRADLAB_RETURN_IF_ERROR(checkFormat2d(api, "self", *self, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 4, "N, C, H, W or N, H, W, C"));
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels4d(api, "self", *self, "out", *out));
  const ViewNchw s = viewNchw(*self), o = viewNchw(*out);
  const std::vector<int64_t>& os = outputSize->values;
  if (o.h != os[0] || o.w != os[1]) {
    return invalid(api, cat("out H/W [", o.h, ", ", o.w, "] differ from outputSize ", formatDims(os), " (format ",
                            rt::formatName(out->format), ")"));
  }
  GRADLAB_RETURN_IF_ERROR(checkDimLimit(api, "self", *self));
  GRADLAB_RETURN_IF_ERROR(checkDimLimit(api, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkMemory(api, "self", self, "out", out));
  *g = Extents{.N = s.n, .C = s.c, .in = {1, s.h, s.w}, .out = {1, os[0], os[1]}};
  return ACLNN_SUCCESS;
}

aclnnStatus checkForward1d(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor, Extents* g) {
  const char* api = kForward1dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypesIn(api, "self", *self, "out", *out, opInfo(OpKind::kUpsampleNearest1d).dtypes));
  if (outputSize->values.empty()) return invalid(api, "outputSize [] is empty; expected its first value L");
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "self", *self, 3, "N, C, L"));
  const std::vector<int64_t>& d = self->viewDims;
  GRADLAB_RETURN_IF_ERROR(checkNonZero(api, "self dims 1..2", {d[1], d[2]}));
  const int64_t lo = outputSize->values[0];
  if (lo == 0) {
    return invalid(api, rule("size-not-positive").add("argument", "outputSize"),
                   cat("outputSize ", formatDims(outputSize->values), " has L = 0"));
  }
  if (self->format != ACL_FORMAT_NCL || out->format != ACL_FORMAT_NCL) {
    return invalid(api, cat("self format ", rt::formatName(self->format), " and out format ", rt::formatName(out->format),
                            " must both be NCL"));
  }
  // Stricter than CANN, which does not compare out with the shape it computes: writing a mismatched out
  // would leave its view.
  const std::vector<int64_t> expected{d[0], d[1], lo};
  if (out->viewDims != expected) {
    return invalid(api, cat("out shape ", formatDims(out->viewDims), " differs from [N, C, outputSize[0]] ",
                            formatDims(expected)));
  }
  GRADLAB_RETURN_IF_ERROR(checkMemory(api, "self", self, "out", out));
  *g = Extents{.N = d[0], .C = d[1], .in = {1, 1, d[2]}, .out = {1, 1, lo}};
  return ACLNN_SUCCESS;
}

aclnnStatus checkBackward2d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            const aclTensor* gradInput, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                            Extents* g) {
  const char* api = kBackward2dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(
      api, {{"gradOut", gradOut}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypes(api, "gradOut", *gradOut, "gradInput", *gradInput));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradOut", *gradOut, 4, "N, C, H, W or N, H, W, C"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 2, "H, W"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "inputSize", *inputSize, 4, "N, C, H, W"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradInput", *gradInput, 4, "N, C, H, W or N, H, W, C"));
  if (gradInput->format != ACL_FORMAT_NCHW && gradInput->format != ACL_FORMAT_NHWC) {  // CANN's CheckNCDimValid
    return invalid(api, cat("gradInput format ", rt::formatName(gradInput->format),
                            " is not supported (expected NCHW or NHWC)"));
  }
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels4d(api, "gradInput", *gradInput, "gradOut", *gradOut));
  const std::vector<int64_t>& os = outputSize->values;
  const std::vector<int64_t>& is = inputSize->values;
  // inputSize is in the tensors' axis order: [N, H, W, C] for NHWC, as CANN reads it.
  const aclFormat format = gradInput->format;
  const bool nhwc = format == ACL_FORMAT_NHWC;
  const ViewNchw in = nhwc ? ViewNchw{is[0], is[3], is[1], is[2]} : ViewNchw{is[0], is[1], is[2], is[3]};
  for (const auto& [what, v] : {std::pair{"inputSize H", in.h}, {"inputSize W", in.w}, {"outputSize H", os[0]},
                                {"outputSize W", os[1]}}) {
    if (v <= 0) return invalid(api, rule("size-not-positive").add("argument", what), cat(what, " ", v, " is not positive"));
  }
  const std::vector<int64_t> gradShape = shapeIn(format, in.n, in.c, os[0], os[1]);
  if (gradOut->viewDims != gradShape) {
    return invalid(api, cat("gradOut shape ", formatDims(gradOut->viewDims), " differs from ", formatDims(gradShape),
                            " (inputSize N, C with outputSize H, W, format ", rt::formatName(format), ")"));
  }
  if (gradInput->viewDims != is) {
    return invalid(api, cat("gradInput shape ", formatDims(gradInput->viewDims), " differs from inputSize ",
                            formatDims(is), " (format ", rt::formatName(format), ")"));
  }
  if (gradOut->format != format) {
    return invalid(api, cat("gradOut format ", rt::formatName(gradOut->format), " differs from gradInput format ",
                            rt::formatName(format)));
  }
  GRADLAB_RETURN_IF_ERROR(checkMemory(api, "gradOut", gradOut, "gradInput", gradInput));
  *g = Extents{.N = in.n, .C = in.c, .in = {1, in.h, in.w}, .out = {1, os[0], os[1]}};
  return ACLNN_SUCCESS;
}

aclnnStatus checkBackward1d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                            Extents* g) {
  const char* api = kBackward1dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(
      handleCheck(api, {{"gradOut", gradOut}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradOut", *gradOut, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 1, "L"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "inputSize", *inputSize, 3, "N, C, L"));
  // CANN's list for this backward (every SoC) has DOUBLE, summed in fp64; the 2-D backward's does not.
  GRADLAB_RETURN_IF_ERROR(
      checkDtypesIn(api, "gradOut", *gradOut, "out", *out, opInfo(OpKind::kUpsampleNearest1dBackward).dtypes));
  const std::vector<int64_t>& os = outputSize->values;
  const std::vector<int64_t>& is = inputSize->values;
  if (is[2] <= 0 || os[0] <= 0) {
    return invalid(api, rule("size-not-positive").add("argument", "inputSize L and outputSize L"),
                   cat("inputSize L ", is[2], " and outputSize L ", os[0], " must both be positive"));
  }
  const std::vector<int64_t> gradShape{is[0], is[1], os[0]};
  if (gradOut->viewDims != gradShape) {
    return invalid(api, cat("gradOut shape ", formatDims(gradOut->viewDims), " differs from [N, C, outputSize] ",
                            formatDims(gradShape)));
  }
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 3, "N, C, L"));
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels(api, "gradOut", *gradOut, "out", *out));
  // Stricter than CANN, which finds a mismatched out only after computing: out must be inputSize.
  if (out->viewDims != is) {
    return invalid(api, cat("out shape ", formatDims(out->viewDims), " differs from inputSize ", formatDims(is)));
  }
  GRADLAB_RETURN_IF_ERROR(checkMemory(api, "gradOut", gradOut, "out", out));
  *g = Extents{.N = is[0], .C = is[1], .in = {1, 1, is[2]}, .out = {1, 1, os[0]}};
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops::upsample_legacy
