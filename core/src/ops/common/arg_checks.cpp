#include "ops/common/arg_checks.h"

#include <algorithm>
#include <string>

#include "ops/common/op_support.h"
#include "runtime/error.h"
#include "runtime/tensor.h"

namespace gradlab::ops {

using rt::cat;
using rt::formatDims;

aclnnStatus checkDtypes(const char* api, const char* name, const aclTensor& t, const char* otherName,
                        const aclTensor& other) {
  static constexpr aclDataType kFloating[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
  return checkDtypesIn(api, name, t, otherName, other, kFloating);
}

aclnnStatus checkDtypeIn(const char* api, const char* name, const aclTensor& t, std::span<const aclDataType> allowed,
                         RefusalFacts facts) {
  if (std::find(allowed.begin(), allowed.end(), t.dtype) != allowed.end()) return ACLNN_SUCCESS;
  std::string list;
  size_t i = 0;
  for (aclDataType d : allowed) {
    list += i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ";
    list += rt::dtypeName(d);
    ++i;
  }
  facts.rule = "dtype-not-supported";
  facts.facts.insert(facts.facts.begin(), {{"tensor", name}, {"dtype", rt::dtypeName(t.dtype)}, {"expected", list}});
  return invalid(api, std::move(facts),
                 cat(name, " dtype ", rt::dtypeName(t.dtype), " is not supported (expected ", list, ")"));
}

aclnnStatus checkDtypesIn(const char* api, const char* name, const aclTensor& t, const char* otherName,
                          const aclTensor& other, std::span<const aclDataType> allowed) {
  GRADLAB_RETURN_IF_ERROR(checkDtypeIn(api, name, t, allowed));
  if (other.dtype != t.dtype) {
    return invalid(api, cat(otherName, " dtype ", rt::dtypeName(other.dtype), " differs from ", name, " dtype ",
                            rt::dtypeName(t.dtype)));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkRank(const char* api, const char* name, const aclTensor& t, int64_t rank, const char* axes) {
  if (t.dim() == rank) return ACLNN_SUCCESS;
  return invalid(
      api, cat(name, " has ", t.dim(), " dimensions ", formatDims(t.viewDims), "; expected ", rank, " (", axes, ")"));
}

aclnnStatus checkArraySize(const char* api, const char* name, const aclIntArray& a, size_t size, const char* axes) {
  if (a.values.size() == size) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " has ", a.values.size(), " elements ", formatDims(a.values), "; expected ", size, " (",
                          axes, ")"));
}

aclnnStatus checkFormats(const char* api, const char* name, const aclTensor& t, const char* otherName,
                         const aclTensor& other, aclFormat layoutFormat) {
  if (t.format != layoutFormat && t.format != ACL_FORMAT_ND) {
    return invalid(api, cat(name, " format ", rt::formatName(t.format), " is not supported (expected ",
                            rt::formatName(layoutFormat), " or ND)"));
  }
  if (other.format != t.format) {
    return invalid(api, cat(otherName, " format ", rt::formatName(other.format), " differs from ", name, " format ",
                            rt::formatName(t.format)));
  }
  return ACLNN_SUCCESS;
}

aclnnStatus checkBatchChannels(const char* api, const char* name, const aclTensor& t, const char* otherName,
                               const aclTensor& other) {
  if (t.viewDims[0] == other.viewDims[0] && t.viewDims[1] == other.viewDims[1]) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " N/C ", formatDims(t.viewDims.data(), 2), " differ from ", otherName, " N/C ",
                          formatDims(other.viewDims.data(), 2)));
}

ViewNchw viewNchw(const aclTensor& t) {
  const auto& d = t.viewDims;
  if (t.format == ACL_FORMAT_NHWC) return {d[0], d[3], d[1], d[2]};
  return {d[0], d[1], d[2], d[3]};
}

aclnnStatus checkBatchChannels4d(const char* api, const char* name, const aclTensor& t, const char* otherName,
                                 const aclTensor& other) {
  const ViewNchw a = viewNchw(t), b = viewNchw(other);
  if (a.n == b.n && a.c == b.c) return ACLNN_SUCCESS;
  return invalid(api, cat(name, " N/C [", a.n, ", ", a.c, "] differ from ", otherName, " N/C [", b.n, ", ", b.c,
                          "] (format ", rt::formatName(t.format), ")"));
}

aclnnStatus checkScale(const char* api, const char* name, double scale) {
  if (!(scale < 0.0)) return ACLNN_SUCCESS;  // NaN passes, as in CANN: like 0, it means "use the sizes"
  return invalid(api, rule("negative-scale").add("scale", name).add("value", scale),
                 cat(name, " ", scale, " is negative (expected >= 0; 0 means use the sizes)"));
}

aclnnStatus checkPublicFormat(const char* api, const char* name, const aclTensor& t) {
  switch (t.format) {
    case ACL_FORMAT_NC1HWC0:
    case ACL_FORMAT_FRACTAL_Z:
    case ACL_FORMAT_NC1HWC0_C04:
    case ACL_FORMAT_FRACTAL_NZ:
    case ACL_FORMAT_NDC1HWC0:
    case ACL_FRACTAL_Z_3D:
      return invalid(api, cat(name, " format ", rt::formatName(t.format),
                              " is a private (device-internal) format; expected an ND-family format such as NCHW"));
    default:
      return ACLNN_SUCCESS;
  }
}

aclnnStatus checkPositive(const char* api, const char* name, const std::vector<int64_t>& sizes) {
  for (int64_t v : sizes) {
    if (v <= 0) {
      return invalid(api, rule("size-not-positive").add("argument", name).add("size", v),
                     cat(name, " ", formatDims(sizes), " has a size <= 0 (", v, ")"));
    }
  }
  return ACLNN_SUCCESS;
}
}  // namespace gradlab::ops
