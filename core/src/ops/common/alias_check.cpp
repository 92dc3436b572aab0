#include "ops/common/alias_check.h"

#include <algorithm>
#include <optional>

#include "gradlab/ops.h"
#include "ops/common/op_support.h"
#include "runtime/executor_registry.h"

namespace gradlab::ops {
namespace {

struct ByteRange {
  uintptr_t begin = 0, end = 0;  // [begin, end)
};

// The bytes the view's elements can touch; nullopt for an empty view.
std::optional<ByteRange> bytesOf(const aclTensor& t) {
  if (t.empty()) return std::nullopt;
  int64_t low = t.offset, high = t.offset;  // element offsets from data; aclCreateTensor bounded them
  for (size_t i = 0; i < t.viewDims.size(); ++i) {
    const int64_t step = t.strides[i] * (t.viewDims[i] - 1);
    (step < 0 ? low : high) += step;
  }
  const auto size = static_cast<int64_t>(t.elementSize());
  const auto base = reinterpret_cast<uintptr_t>(t.data);
  return ByteRange{base + static_cast<uintptr_t>(low * size), base + static_cast<uintptr_t>((high + 1) * size)};
}

std::string describe(const std::string& name, const aclTensor& t, const ByteRange& r) {
  return rt::cat(name, " (", rt::dtypeName(t.dtype), " ", rt::formatDims(t.viewDims), ", bytes ",
                 rt::formatPointer(reinterpret_cast<const void*>(r.begin)), " to ",
                 rt::formatPointer(reinterpret_cast<const void*>(r.end)), ")");
}

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
    const auto written = bytesOf(tensors[w].second);
    if (!written) continue;
    for (size_t o = 0; o < tensors.size(); ++o) {
      if (o == w) continue;
      const TensorRole* other = roleOf(*op, tensors[o].first);
      if (other != nullptr && other->written() && o < w) continue;  // that pair was named already
      const auto range = bytesOf(tensors[o].second);
      if (!range || range->begin >= written->end || written->begin >= range->end) continue;
      const bool bothOutputs = other != nullptr && other->written();
      return invalid(api, rt::cat("output ", describe(tensors[w].first, tensors[w].second, *written), " overlaps ",
                                  bothOutputs ? "output " : "input ", describe(tensors[o].first, tensors[o].second, *range),
                                  "; the operator is out-of-place: give every output memory of its own"));
    }
  }
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops
