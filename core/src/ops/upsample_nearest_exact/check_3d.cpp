// Validation of the 3-D nearest-exact pair in the order of CANN's op_api sources
// (aclnn_upsample_nearest_exact3d{,_backward}.cpp), and where gradlab is stricter, after them.
#include <string>
#include <vector>

#include "ops/common/arg_checks.h"
#include "ops/common/op_support.h"
#include "ops/upsample_nearest_exact/check.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops::upsample_exact {
namespace {

using rt::cat;
using rt::formatDims;

constexpr const char* kAxes = "N, C, D, H, W or N, D, H, W, C";
constexpr const char* kScaleNames[3] = {"scalesD", "scalesH", "scalesW"};
constexpr double kScaleSlack = 1e-5;  // CANN's EPSILON when it compares outputSize with input * scale

// A 5-D view's sizes as [N, C, D, H, W], read by its format (NDHWC views are (N, D, H, W, C)).
std::vector<int64_t> ncdhw(const aclTensor& t) {
  const std::vector<int64_t>& d = t.viewDims;
  if (t.format == ACL_FORMAT_NDHWC) return {d[0], d[4], d[1], d[2], d[3]};
  return d;
}

// NCDHW, NDHWC or ND (read as NCDHW), and `other` in the same format. CANN reads any label but NDHWC as
// NCDHW; gradlab reads a view one way only.
aclnnStatus checkFormats3d(const char* api, const char* name, const aclTensor& t, const char* otherName,
                           const aclTensor& other) {
  const aclFormat f = t.format;
  if (f != ACL_FORMAT_NCDHW && f != ACL_FORMAT_NDHWC && f != ACL_FORMAT_ND) {
    return invalid(api, cat(name, " format ", rt::formatName(f), " is not supported (expected NCDHW, NDHWC or ND)"));
  }
  if (other.format != f) {
    return invalid(api, cat(otherName, " format ", rt::formatName(other.format), " differs from ", name, " format ",
                            rt::formatName(f)));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkSizesPositive(const char* api, const std::vector<int64_t>& in, const std::vector<int64_t>& out,
                               const char* inName) {
  for (int axis = 0; axis < 3; ++axis) {
    if (in[axis + 2] <= 0 || out[axis] <= 0) {
      return invalid(api, rule("size-not-positive").add("argument", inName),
                     cat(inName, " D/H/W ", formatDims(in.data() + 2, 3), " and outputSize ", formatDims(out),
                         " must be positive"));
    }
  }
  return ACLNN_SUCCESS;
}

// CANN's aclnn passes the scales to its kernel all or none: used only when all three are positive.
bool scalesUsed(const double (&s)[3]) { return s[0] > 0.0 && s[1] > 0.0 && s[2] > 0.0; }

Extents extentsOf(const std::vector<int64_t>& in, const std::vector<int64_t>& outDhw, const double (&scales)[3]) {
  const bool used = scalesUsed(scales);
  return Extents{.N = in[0],
                 .C = in[1],
                 .in = {in[2], in[3], in[4]},
                 .out = {outDhw[0], outDhw[1], outDhw[2]},
                 .scales = {used ? scales[0] : 0.0, used ? scales[1] : 0.0, used ? scales[2] : 0.0}};
}

// The forward with all three scales: each outputSize value must be floor(input * scale), give or take
// CANN's slack.
aclnnStatus checkScalesAgree(const char* api, const std::vector<int64_t>& s, const std::vector<int64_t>& os,
                             const double (&scales)[3]) {
  if (!scalesUsed(scales)) return ACLNN_SUCCESS;
  for (int axis = 0; axis < 3; ++axis) {
    const double in = static_cast<double>(s[axis + 2]), scale = scales[axis];
    const auto exact = static_cast<int64_t>(in * scale);
    const auto low = static_cast<int64_t>(in * (scale - kScaleSlack)), high = static_cast<int64_t>(in * (scale + kScaleSlack));
    if (os[axis] == exact || (os[axis] >= low && os[axis] <= high)) continue;
    return invalid(api,
                   rule("scale-conflicts-with-size")
                       .add("axis", kAxisNames[axis])
                       .add("scale", kScaleNames[axis])
                       .add("scaleValue", scale)
                       .add("in", s[axis + 2])
                       .add("out", os[axis]),
                   cat(kScaleNames[axis], " ", scale, " conflicts with outputSize ", kAxisNames[axis], " ", os[axis],
                       ": self ", kAxisNames[axis], " ", s[axis + 2], " x ", scale, " gives ", exact,
                       " (with all three scales positive, outputSize must be self x scale)"));
  }
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus checkBackward3d(const aclTensor* gradOut, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            const double (&scales)[3], const aclTensor* gradInput, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Extents* g, bool* empty) {
  const char* api = kBackward3dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(
      api, {{"gradOut", gradOut}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypes(api, "gradOut", *gradOut, "gradInput", *gradInput));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradOut", *gradOut, 5, kAxes));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 3, "D, H, W"));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "inputSize", *inputSize, 5, "N, C, D, H, W"));
  const std::vector<int64_t>& os = outputSize->values;
  const std::vector<int64_t>& is = inputSize->values;
  GRADLAB_RETURN_IF_ERROR(checkSizesPositive(api, is, os, "inputSize"));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "gradInput", *gradInput, 5, kAxes));  // before its dims are read
  GRADLAB_RETURN_IF_ERROR(checkFormats3d(api, "gradOut", *gradOut, "gradInput", *gradInput));
  const std::vector<int64_t> go = ncdhw(*gradOut), gi = ncdhw(*gradInput);
  const std::vector<int64_t> expectedOut{is[0], is[1], os[0], os[1], os[2]};
  if (go != expectedOut) {
    return invalid(api, cat("gradOut [N, C, D, H, W] ", formatDims(go), " differs from inputSize N, C and outputSize ",
                            formatDims(expectedOut)));
  }
  if (gi != is) {
    return invalid(api, cat("gradInput [N, C, D, H, W] ", formatDims(gi), " differs from inputSize ", formatDims(is)));
  }
  for (int axis = 0; axis < 3; ++axis) {
    GRADLAB_RETURN_IF_ERROR(checkRatio(api, kAxisNames[axis], kScaleNames[axis], scales[axis], is[axis + 2], os[axis]));
  }
  *empty = gradOut->empty();  // N or C is 0: gradInput is empty too
  if (*empty) return ACLNN_SUCCESS;
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"gradOut", gradOut}, {"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"gradInput", gradInput}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"gradOut", gradOut}, {"gradInput", gradInput}}));
  *g = extentsOf(is, os, scales);
  return ACLNN_SUCCESS;
}

aclnnStatus checkForward3d(const aclTensor* self, const aclIntArray* outputSize, const double (&scales)[3],
                           const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Extents* g, bool* empty) {
  const char* api = kForward3dApi;
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(handleCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypes(api, "self", *self, "out", *out));
  // CANN reads self's D/H/W and outputSize before it checks their counts; gradlab counts first.
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "self", *self, 5, kAxes));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, 3, "D, H, W"));
  const std::vector<int64_t> s = ncdhw(*self);
  const std::vector<int64_t>& os = outputSize->values;
  GRADLAB_RETURN_IF_ERROR(checkSizesPositive(api, s, os, "self"));
  if (s[1] <= 0) {
    return invalid(api, rule("size-not-positive").add("argument", "self C"),
                   cat("self ", formatDims(self->viewDims), " has C = ", s[1], "; a non-empty channel axis is expected"));
  }
  GRADLAB_RETURN_IF_ERROR(checkScalesAgree(api, s, os, scales));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, 5, kAxes));
  GRADLAB_RETURN_IF_ERROR(checkFormats3d(api, "self", *self, "out", *out));
  const std::vector<int64_t> expected{s[0], s[1], os[0], os[1], os[2]};
  if (ncdhw(*out) != expected) {
    return invalid(api, cat("out [N, C, D, H, W] ", formatDims(ncdhw(*out)), " differs from [N, C, outputSize] ",
                            formatDims(expected)));
  }
  *empty = self->empty();  // N = 0: nothing to read or write
  if (*empty) return ACLNN_SUCCESS;
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"self", self}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"self", self}, {"out", out}}));
  *g = extentsOf(s, os, scales);
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops::upsample_exact
