#include "ops/upsample_nearest_exact/check.h"

#include <cmath>
#include <string>
#include <vector>

#include "ops/common/op_support.h"
#include "ops/common/arg_checks.h"
#include "ops/nearest_upsample/axis_map.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops::upsample_exact {
namespace {

constexpr double kMinRatio = 0.02;  // gradOutput at most 50x gradInput along an axis

using rt::cat;
using rt::formatDims;

// gradOutput may be at most 50x gradInput along an axis: ratio 1/scale (or in/out when scale is 0) >= 0.02.
// With scale 0 and a size <= 0 the ratio means nothing; the size check that follows reports it.
aclnnStatus checkRatio(const char* api, const char* axis, const char* scaleName, double scale, int64_t in,
                       int64_t out) {
  if (scale <= 0.0 && (in <= 0 || out <= 0)) return ACLNN_SUCCESS;
  const double ratio = nearest::realRatio(scale, in, out);
  if (ratio >= kMinRatio) return ACLNN_SUCCESS;
  if (scale > 0.0) {
    return invalid(api, cat(scaleName, " ", scale, " makes gradOutput ", 1.0 / ratio, "x gradInput along ", axis,
                            " (1/", scaleName, " = ", ratio, " < 0.02); at most 50x is supported"));
  }
  return invalid(api,
                 cat("inputSize ", axis, " ", in, " and outputSize ", axis, " ", out, " make gradOutput ", 1.0 / ratio,
                     "x gradInput along ", axis, " (ratio ", ratio, " < 0.02); at most 50x is supported"));
}

bool sameDims(const std::vector<int64_t>& a, const std::vector<int64_t>& b) { return a == b; }

}  // namespace

aclnnStatus checkBackward2d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scalesH, double scalesW, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Geometry* g, bool* empty) {
  const char* api = kBackward2dApi;
  GRADLAB_RETURN_IF_ERROR(nullCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(
      nullCheck(api, {{"gradOutput", gradOutput}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"out", out}}));
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
  *g = Geometry{gd[0], gd[1], is[2], is[3], os[0], os[1], scalesH, scalesW};
  return ACLNN_SUCCESS;
}

aclnnStatus checkBackward1d(const aclTensor* gradOutput, const aclIntArray* outputSize, const aclIntArray* inputSize,
                            double scales, const aclTensor* out, const uint64_t* workspaceSize,
                            aclOpExecutor* const* executor, Geometry* g) {
  const char* api = kBackward1dApi;
  GRADLAB_RETURN_IF_ERROR(nullCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(
      nullCheck(api, {{"gradOutput", gradOutput}, {"outputSize", outputSize}, {"inputSize", inputSize}, {"out", out}}));
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
        api, cat("empty tensors are not supported: gradOutput ", formatDims(gd), ", out ", formatDims(out->viewDims)));
  }
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"gradOutput", gradOutput}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  GRADLAB_RETURN_IF_ERROR(memoryCheck(api, {{"gradOutput", gradOutput}, {"out", out}}));
  *g = Geometry{gd[0], gd[1], 1, is[2], 1, os[0], 0.0, scales};
  return ACLNN_SUCCESS;
}

namespace {

// The forward ops share one column of guards; `rank` is 4 (2-D) or 3 (1-D).
aclnnStatus checkForward(const char* api, const aclTensor* self, const aclIntArray* outputSize,
                         std::initializer_list<std::pair<const char*, double>> scales, const aclTensor* out,
                         const uint64_t* workspaceSize, aclOpExecutor* const* executor, int64_t rank) {
  const bool twoD = rank == 4;
  const char* axes = twoD ? "N, C, H, W" : "N, C, L";
  GRADLAB_RETURN_IF_ERROR(nullCheck(api, {{"workspaceSize", workspaceSize}, {"executor", executor}}));
  GRADLAB_RETURN_IF_ERROR(nullCheck(api, {{"self", self}, {"outputSize", outputSize}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(checkDtypes(api, "self", *self, "out", *out));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "self", *self, rank, axes));
  GRADLAB_RETURN_IF_ERROR(checkRank(api, "out", *out, rank, axes));
  GRADLAB_RETURN_IF_ERROR(checkArraySize(api, "outputSize", *outputSize, rank - 2, twoD ? "H, W" : "L"));
  GRADLAB_RETURN_IF_ERROR(checkFormats(api, "self", *self, "out", *out, twoD ? ACL_FORMAT_NCHW : ACL_FORMAT_NCL));
  GRADLAB_RETURN_IF_ERROR(checkBatchChannels(api, "self", *self, "out", *out));
  for (const auto& [name, scale] : scales) GRADLAB_RETURN_IF_ERROR(checkScale(api, name, scale));
  if (self->empty()) {
    return invalid(api, cat("self ", formatDims(self->viewDims), " is empty; empty tensors are not supported"));
  }
  GRADLAB_RETURN_IF_ERROR(checkPositive(api, "outputSize", outputSize->values));
  std::vector<int64_t> expected(self->viewDims.begin(), self->viewDims.begin() + 2);
  expected.insert(expected.end(), outputSize->values.begin(), outputSize->values.end());
  if (!sameDims(out->viewDims, expected)) {
    return invalid(
        api, cat("out shape ", formatDims(out->viewDims), " differs from [N, C, outputSize] ", formatDims(expected)));
  }
  GRADLAB_RETURN_IF_ERROR(sizeCheck(api, {{"self", self}, {"out", out}}));
  GRADLAB_RETURN_IF_ERROR(outputOverlapCheck(api, {{"out", out}}));
  return memoryCheck(api, {{"self", self}, {"out", out}});
}

}  // namespace

aclnnStatus checkForward2d(const aclTensor* self, const aclIntArray* outputSize, double scalesH, double scalesW,
                           const aclTensor* out, const uint64_t* workspaceSize, aclOpExecutor* const* executor,
                           Geometry* g) {
  GRADLAB_RETURN_IF_ERROR(checkForward(kForward2dApi, self, outputSize, {{"scalesH", scalesH}, {"scalesW", scalesW}},
                                       out, workspaceSize, executor, 4));
  const std::vector<int64_t>& d = self->viewDims;
  *g = Geometry{d[0], d[1], d[2], d[3], outputSize->values[0], outputSize->values[1], scalesH, scalesW};
  return ACLNN_SUCCESS;
}

aclnnStatus checkForward1d(const aclTensor* self, const aclIntArray* outputSize, double scales, const aclTensor* out,
                           const uint64_t* workspaceSize, aclOpExecutor* const* executor, Geometry* g) {
  GRADLAB_RETURN_IF_ERROR(
      checkForward(kForward1dApi, self, outputSize, {{"scales", scales}}, out, workspaceSize, executor, 3));
  const std::vector<int64_t>& d = self->viewDims;
  *g = Geometry{d[0], d[1], 1, d[2], 1, outputSize->values[0], 0.0, scales};
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops::upsample_exact
