#include "ops/common/op_support.h"

#include "runtime/context.h"

namespace gradlab::ops {

aclnnStatus nullCheck(const char* api, std::initializer_list<std::pair<const char*, const void*>> args) {
  for (const auto& [name, ptr] : args) {
    if (ptr == nullptr) return rt::fail(ACLNN_ERR_PARAM_NULLPTR, rt::cat(api, ": ", name, " is a null pointer"));
  }
  return ACLNN_SUCCESS;
}

std::string describe(const char* name, const aclTensor& t) {
  return rt::cat(name, " (", rt::dtypeName(t.dtype), " ", rt::formatDims(t.viewDims), ", format ",
                 rt::formatName(t.format), ")");
}

bool isFloatingType(aclDataType dtype) { return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16; }

aclnnStatus memoryCheck(const char* api, std::initializer_list<std::pair<const char*, const aclTensor*>> tensors) {
  for (const auto& [name, t] : tensors) {
    std::string problem = rt::checkTensorMemory(*t, name);
    if (!problem.empty()) return invalid(api, problem);
  }
  return ACLNN_SUCCESS;
}

bool currentDeterministic() { return rt::deterministic(rt::currentDevice()); }

aclnnStatus publishExecutor(std::unique_ptr<aclOpExecutor> exec, uint64_t* workspaceSize, aclOpExecutor** executor) {
  *workspaceSize = exec->workspaceSize;
  *executor = rt::ExecutorRegistry::instance().add(std::move(exec));
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::ops
