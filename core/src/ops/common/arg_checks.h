// Guards the operators' checks share, each failing with 161002 and one sentence naming the argument and
// its values. Every operator's check.cpp is a column of these (and its own) in CANN's order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "aclnn/acl_meta.h"
#include "gradlab/refusal_facts.h"

namespace gradlab::ops {

// `t` floating (FLOAT, FLOAT16, BF16) and `other` of the same dtype.
aclnnStatus checkDtypes(const char* api, const char* name, const aclTensor& t, const char* otherName,
                        const aclTensor& other);
// `t`'s dtype one of `allowed` (the operator's CANN list, named in that order in the message); `facts` are
// added to the refusal's after the rule's own (tensor, dtype, expected).
aclnnStatus checkDtypeIn(const char* api, const char* name, const aclTensor& t, std::span<const aclDataType> allowed,
                         RefusalFacts facts = {});
// `t`'s dtype one of `allowed` (the operator's CANN list) and `other` of the same dtype.
aclnnStatus checkDtypesIn(const char* api, const char* name, const aclTensor& t, const char* otherName,
                          const aclTensor& other, std::span<const aclDataType> allowed);
aclnnStatus checkRank(const char* api, const char* name, const aclTensor& t, int64_t rank, const char* axes);
aclnnStatus checkArraySize(const char* api, const char* name, const aclIntArray& a, size_t size, const char* axes);
// `t` in `layoutFormat` or ND, and `other` in the same format.
aclnnStatus checkFormats(const char* api, const char* name, const aclTensor& t, const char* otherName,
                         const aclTensor& other, aclFormat layoutFormat);
// Equal N and C (the first two dims).
aclnnStatus checkBatchChannels(const char* api, const char* name, const aclTensor& t, const char* otherName,
                               const aclTensor& other);
// A 4-D view's N, C, H, W by its format, as CANN reads them: NHWC views are (N, H, W, C), every other
// format (N, C, H, W).
struct ViewNchw {
  int64_t n, c, h, w;
};
ViewNchw viewNchw(const aclTensor& t);
// Equal N and C, each 4-D view read by its format.
aclnnStatus checkBatchChannels4d(const char* api, const char* name, const aclTensor& t, const char* otherName,
                                 const aclTensor& other);
// Not negative: 0 and NaN mean "use the sizes" (CANN's CheckScalesValid tests only scale < 0).
aclnnStatus checkScale(const char* api, const char* name, double scale);
// Not one of CANN's private formats (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...), as CANN's IsPrivateFormat.
aclnnStatus checkPublicFormat(const char* api, const char* name, const aclTensor& t);
aclnnStatus checkPositive(const char* api, const char* name, const std::vector<int64_t>& sizes);

}  // namespace gradlab::ops
