// Guards the 2-D and 3-D adaptive max pool checks share (check.cpp, check_3d.cpp): each fails with 161002 and
// one sentence naming the arguments and their values.
#pragma once

#include <string>

#include "aclnn/acl_meta.h"

namespace gradlab::ops::adaptive {

std::string dims(const aclTensor& t);  // "[2, 3, 4]"
aclnnStatus checkSameDtype(const char* api, const char* name, const aclTensor& t, const char* refName,
                           const aclTensor& ref);
aclnnStatus checkSameRank(const char* api, const char* name, const aclTensor& t, const char* refName,
                          const aclTensor& ref);
aclnnStatus checkSameShape(const char* api, const char* name, const aclTensor& t, const char* refName,
                           const aclTensor& ref);
// `t` of rank `rank` (unbatched: `axes` without N) or rank + 1 (N, `axes`): "C, H, W" or "C, D, H, W".
aclnnStatus checkPoolRank(const char* api, const char* name, const aclTensor& t, int64_t rank, const char* axes);

}  // namespace gradlab::ops::adaptive
