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
#include "runtime/tensor.h"

namespace gradlab::ops {

// 161001 naming the first null argument: nullCheck(api, {{"gradOutput", gradOutput}, {"out", out}}).
aclnnStatus nullCheck(const char* api, std::initializer_list<std::pair<const char*, const void*>> args);

// 161002 with "<api>: <sentence>".
inline aclnnStatus invalid(const char* api, const std::string& sentence) {
  return rt::fail(ACLNN_ERR_PARAM_INVALID, rt::cat(api, ": ", sentence));
}

// "gradOutput (FLOAT16 [1, 2, 3, 4], format NCHW)"
std::string describe(const char* name, const aclTensor& t);
bool isFloatingType(aclDataType dtype);  // FLOAT, FLOAT16, BF16

// 161002 unless every listed tensor lies inside live device memory (empty ones always pass).
aclnnStatus memoryCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors);

// Whether the calling thread's current device runs in deterministic mode.
bool currentDeterministic();

// Registers the executor, stores it in *executor and the size in *workspaceSize. `launchApi` is the
// second-phase entry name (e.g. "aclnnUpsampleNearestExact2dBackward").
aclnnStatus publishExecutor(std::unique_ptr<aclOpExecutor> exec, uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace gradlab::ops
