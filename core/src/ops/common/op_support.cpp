#include "ops/common/op_support.h"

#include <algorithm>
#include <vector>

#include "ops/common/alias_check.h"
#include "runtime/memory.h"

namespace gradlab::ops {

aclnnStatus handleCheck(const char* api, std::initializer_list<std::pair<const char*, ArgPointer>> args) {
  using enum ArgPointer::Kind;
  for (const auto& [name, arg] : args) {
    if (arg.ptr == nullptr) return rt::fail(ACLNN_ERR_PARAM_NULLPTR, rt::cat(api, ": ", name, " is a null pointer"));
    if (arg.kind == kTensor && !rt::isLiveTensor(static_cast<const aclTensor*>(arg.ptr)))
      return invalid(api, rt::notLiveTensor(name, arg.ptr));
    if (arg.kind == kIntArray && !rt::isLiveIntArray(static_cast<const aclIntArray*>(arg.ptr)))
      return invalid(api, rt::notLiveIntArray(name, arg.ptr));
  }
  return ACLNN_SUCCESS;
}

bool isFloatingType(aclDataType dtype) { return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16; }

aclnnStatus memoryCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors) {
  for (const auto& [name, t] : tensors) {
    std::string problem = rt::checkTensorMemory(*t, name);
    if (!problem.empty()) return invalid(api, problem);
    const size_t size = t->elementSize();
    if (!t->empty() && size > 1 && reinterpret_cast<uintptr_t>(t->data) % size != 0) {
      return invalid(api, rt::cat(name, " data ", rt::formatPointer(t->data), " is not aligned to its ", size,
                                  "-byte ", rt::dtypeName(t->dtype), " elements (address % ", size, " = ",
                                  reinterpret_cast<uintptr_t>(t->data) % size, ")"));
    }
  }
  return ACLNN_SUCCESS;
}

namespace {

constexpr uint64_t kDeviceBytes = rt::DeviceMemory::kCapacityBytes;

std::string describeView(const char* name, const aclTensor& t) {
  return rt::cat(name, " (", rt::dtypeName(t.dtype), " ", rt::formatDims(t.viewDims), ", strides ",
                 rt::formatDims(t.strides), ")");
}

// The view's element `index` (row-major) as a multi-index "[0, 0, 1, 0]".
std::string multiIndex(const aclTensor& t, int64_t index) {
  std::vector<int64_t> at(t.viewDims.size());
  for (size_t i = at.size(); i-- > 0;) {
    at[i] = index % t.viewDims[i];
    index /= t.viewDims[i];
  }
  return rt::formatDims(at);
}

// A layout neither rule below decides (strides that interleave): every element's offset is compared.
constexpr int64_t kMaxComparedElements = int64_t{1} << 22;
std::string repeatedOffset(const aclTensor& t) {
  if (t.numel() > kMaxComparedElements) {
    return rt::cat("its strides interleave, and its ", t.numel(), " elements are too many (more than ",
                   kMaxComparedElements, ") to prove that none share memory");
  }
  std::vector<std::pair<int64_t, int64_t>> offsets;  // (element offset, row-major index)
  offsets.reserve(static_cast<size_t>(t.numel()));
  std::vector<int64_t> at(t.viewDims.size(), 0);
  for (int64_t index = 0; index < t.numel(); ++index) {
    int64_t offset = 0;
    for (size_t i = 0; i < at.size(); ++i) offset += at[i] * t.strides[i];
    offsets.emplace_back(offset, index);
    for (size_t i = at.size(); i-- > 0;) {
      if (++at[i] < t.viewDims[i]) break;
      at[i] = 0;
    }
  }
  std::sort(offsets.begin(), offsets.end());
  for (size_t i = 1; i < offsets.size(); ++i) {
    if (offsets[i].first != offsets[i - 1].first) continue;
    return rt::cat("elements ", multiIndex(t, offsets[i - 1].second), " and ", multiIndex(t, offsets[i].second),
                   " are both at element offset ", offsets[i].first);
  }
  return {};
}

// Why the output's elements share memory, or "" when they do not.
std::string overlapProblem(const aclTensor& t) {
  if (t.empty()) return {};
  std::vector<std::pair<int64_t, int64_t>> axes;  // (stride, size) of the dims with more than one element
  for (size_t i = 0; i < t.viewDims.size(); ++i) {
    if (t.viewDims[i] <= 1) continue;
    if (t.strides[i] == 0) return rt::cat("dimension ", i, " has ", t.viewDims[i], " elements with stride 0");
    axes.emplace_back(t.strides[i], t.viewDims[i]);
  }
  std::sort(axes.begin(), axes.end());
  // Each axis stepping over everything the faster axes span proves the elements distinct. The sums
  // cannot overflow: aclCreateTensor checked that the view's reach fits int64.
  int64_t span = 1;
  bool disjoint = true;
  for (const auto& [stride, size] : axes) {
    disjoint = disjoint && stride >= span;
    span += stride * (size - 1);
  }
  if (disjoint) return {};
  if (span < t.numel()) return rt::cat("its ", t.numel(), " elements lie within a span of ", span, " elements");
  return repeatedOffset(t);
}

}  // namespace

aclnnStatus sizeCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors) {
  for (const auto& [name, t] : tensors) {
    int64_t bytes = 0;
    const int64_t elements = t->numel();
    const int64_t elementSize = static_cast<int64_t>(t->elementSize());
    if (__builtin_mul_overflow(elements, elementSize, &bytes)) {
      return invalid(api, rt::cat(describeView(name, *t), " views ", elements, " elements of ", elementSize,
                                  " bytes: more bytes than int64 can count"));
    }
    if (static_cast<uint64_t>(bytes) > kDeviceBytes) {
      return invalid(api, rt::cat(describeView(name, *t), " views ", elements, " elements of ", elementSize, " bytes = ",
                                  bytes, " bytes, more than the emulated device's ", kDeviceBytes, " bytes (64 GiB)"));
    }
  }
  return ACLNN_SUCCESS;
}

aclnnStatus outputOverlapCheck(const char* api,
                               std::initializer_list<std::pair<const char*, const aclTensor*>> outputs) {
  for (const auto& [name, t] : outputs) {
    std::string why = overlapProblem(*t);
    if (!why.empty()) {
      return invalid(api, rt::cat(describeView(name, *t), " is an output whose elements share memory: ", why,
                                  "; every output element needs its own memory"));
    }
  }
  return ACLNN_SUCCESS;
}

aclnnStatus workspaceCheck(const char* api, uint64_t bytes, const std::string& why) {
  if (bytes <= kDeviceBytes) return ACLNN_SUCCESS;
  return invalid(api, rt::cat("the call needs a workspace of ", bytes, " bytes (", why, "), more than the emulated device's ",
                              kDeviceBytes, " bytes (64 GiB)"));
}

aclnnStatus publishExecutor(std::unique_ptr<aclOpExecutor> exec, uint64_t* workspaceSize, aclOpExecutor** executor) {
  const std::string api = rt::cat(exec->api, "GetWorkspaceSize");
  GRADLAB_RETURN_IF_ERROR(aliasCheck(api.c_str(), *exec));
  GRADLAB_RETURN_IF_ERROR(workspaceCheck(api.c_str(), exec->workspaceSize, "its plan"));
  if (exec->plan) {
    const uint64_t ub = exec->plan->profile.ubBytes;
    for (const Tile& t : exec->plan->tiles) {
      if (t.ubBytes <= ub) continue;
      return invalid(api.c_str(),
                     rule("ub-budget").add("tile", t.id).add("core", t.core).add("need", t.ubBytes).add("has", ub)
                         .add("profile", exec->plan->profile.name),
                     rt::cat("tile ", t.id, " (core ", t.core, ") needs ", t.ubBytes,
                                          " bytes of unified buffer but device profile ", exec->plan->profile.name,
                                          " has ", ub));
    }
  }
  *workspaceSize = exec->workspaceSize;
  *executor = rt::ExecutorRegistry::instance().add(std::move(exec));
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops
