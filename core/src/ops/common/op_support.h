// Shared pieces of every aclnn entry point: guard messages, executor creation, the active plan inputs.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

#include "aclnn/acl_meta.h"
#include "gradlab/plan.h"
#include "runtime/error.h"
#include "runtime/executor_registry.h"
#include "runtime/prose.h"
#include "runtime/tensor.h"

namespace gradlab::ops {

// The operators' one error idiom: GRADLAB_RETURN_IF_ERROR(check(...)); returns the first failing status.
#define GRADLAB_RETURN_IF_ERROR(expr)                            \
  do {                                                           \
    if (aclnnStatus s_ = (expr); s_ != ACLNN_SUCCESS) return s_; \
  } while (0)

// A pointer argument of an aclnn call: a tensor or integer-array handle, or any other pointer.
struct ArgPointer {
  enum class Kind { kOther, kTensor, kIntArray };
  ArgPointer(const aclTensor* t) : ptr(t), kind(Kind::kTensor) {}       // NOLINT: implicit by design
  ArgPointer(const aclIntArray* a) : ptr(a), kind(Kind::kIntArray) {}  // NOLINT
  ArgPointer(const void* p) : ptr(p) {}                                // NOLINT
  const void* ptr;
  Kind kind = Kind::kOther;
};

// Runs before a call reads through any of its pointers: 161001 naming the first null argument, 161002
// naming the first tensor or integer array that is not live (destroyed, or never made by the API):
// handleCheck(api, {{"gradOutput", gradOutput}, {"out", out}}).
aclnnStatus handleCheck(const char* api, std::initializer_list<std::pair<const char*, ArgPointer>> args);

// 161002 with "<api>: <sentence>". The second form records the rule that refused and its facts (the api
// is added as "api"), for explanations that must not read the sentence (gradlab/refusal_facts.h).
inline aclnnStatus invalid(const char* api, const std::string& sentence) {
  return rt::fail(ACLNN_ERR_PARAM_INVALID, rt::cat(api, ": ", sentence));
}
inline aclnnStatus invalid(const char* api, RefusalFacts facts, const std::string& sentence) {
  facts.add("api", api);
  return rt::refuse(ACLNN_ERR_PARAM_INVALID, std::move(facts), rt::cat(api, ": ", sentence));
}
// The facts of `rule`, to be added to: rule("upsample-ratio").add("axis", "H").
inline RefusalFacts rule(const char* id) { return RefusalFacts{id, {}}; }

bool isFloatingType(aclDataType dtype);  // FLOAT, FLOAT16, BF16

// 161002 unless every listed tensor lies inside live device memory with its data aligned to its element
// size (the cores' loads and atomic adds need it); empty ones always pass.
aclnnStatus memoryCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors);

// 161002 when a view holds more bytes (elements x element size) than the emulated device: only views
// whose elements share memory (stride 0) can claim that many, and the byte count may not even fit int64.
// Runs before any planning, so a call never allocates host memory in proportion to such a view.
aclnnStatus sizeCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors);

// 161002 when an output's elements share memory (a dimension of size > 1 with stride 0, more elements
// than the memory span it covers, or interleaving strides that put two elements at one offset): the cores'
// writes would race, and the work would not be bounded by the memory behind the output. Interleaving
// strides over more than 2^22 elements, which cannot be compared cheaply, are refused too.
aclnnStatus outputOverlapCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> outputs);

// 161002 when a workspace of `bytes` could not fit on the emulated device.
aclnnStatus workspaceCheck(const char* api, uint64_t bytes, const std::string& why);

// Plans the call with `plan` (a copyable callable returning a shared_ptr to a struct whose `plan` member is
// the Plan) and gives the executor that plan and a describe step that calls `plan` again for its prose
// (runtime/prose.h). `plan` must plan the same tiles both times: it captures its inputs by value.
template <typename PlanFn>
auto planExecutor(aclOpExecutor& exec, PlanFn plan) {
  auto planned = plan();
  exec.plan = std::shared_ptr<const Plan>(planned, &planned->plan);
  exec.workspaceSize = planned->plan.workspaceBytes;
  if (!rt::describing()) {
    exec.describe = [plan]() -> std::shared_ptr<const Plan> {
      auto described = plan();
      return std::shared_ptr<const Plan>(described, &described->plan);
    };
  }
  return planned;
}

// Refuses (161002) a plan with a tile that needs more unified buffer than the profile has, else registers
// the executor, stores it in *executor and the size in *workspaceSize.
aclnnStatus publishExecutor(std::unique_ptr<aclOpExecutor> exec, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace gradlab::ops
