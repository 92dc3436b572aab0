#include "ops/common/alias_check.h"

#include "gradlab/ops.h"
#include "ops/common/op_support.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops {
namespace {

const TensorRole* roleOf(const OpInfo& op, const std::string& argument) {
  for (const TensorRole& role : op.tensorRoles()) {
    if (argument == role.argument) return &role;
  }
  return nullptr;
}

}  // namespace

aclnnStatus aliasCheck(const char* api, const aclOpExecutor& exec) {
  const OpInfo* op = findOp(exec.api);
  if (op == nullptr) return ACLNN_SUCCESS;
  const auto& tensors = exec.tensors;
  for (size_t w = 0; w < tensors.size(); ++w) {
    const TensorRole* role = roleOf(*op, tensors[w].first);
    if (role == nullptr || !role->written()) continue;
    const rt::ByteRange written = rt::touchedBytes(tensors[w].second);
    if (written.empty()) continue;
    for (size_t o = 0; o < tensors.size(); ++o) {
      if (o == w) continue;
      const TensorRole* other = roleOf(*op, tensors[o].first);
      if (other != nullptr && other->written() && o < w) continue;  // that pair was named already
      if (!written.overlaps(rt::touchedBytes(tensors[o].second))) continue;
      const bool bothOutputs = other != nullptr && other->written();
      return invalid(api, rt::cat("output ", rt::describeTouchedBytes(tensors[w].first, tensors[w].second), " overlaps ",
                                  bothOutputs ? "output " : "input ",
                                  rt::describeTouchedBytes(tensors[o].first, tensors[o].second),
                                  "; the operator is out-of-place: give every output memory of its own"));
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops
