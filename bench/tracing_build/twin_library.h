// One build of the gradlab core loaded with dlopen(RTLD_LOCAL), so two builds (tracing compiled in and
// compiled out) live side by side in one process with their own runtime, memory and threads, and the
// same workload can be timed on both in alternation. Only the entry points the benchmark needs.
#pragma once

#include <string>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"

namespace gradlab::bench {

struct TwinLibrary {
  std::string name;
  decltype(&aclInit) init = nullptr;
  decltype(&aclrtSetDevice) setDevice = nullptr;
  decltype(&aclrtCreateStream) createStream = nullptr;
  decltype(&aclrtSynchronizeStream) synchronizeStream = nullptr;
  decltype(&aclrtMalloc) malloc = nullptr;
  decltype(&aclrtMemcpy) memcpy = nullptr;
  decltype(&aclrtCtxSetSysParamOpt) setSysParamOpt = nullptr;
  decltype(&aclGetRecentErrMsg) recentErrMsg = nullptr;
  decltype(&aclCreateTensor) createTensor = nullptr;
  decltype(&aclCreateIntArray) createIntArray = nullptr;
  decltype(&aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize) upsample2dBackwardGetWorkspaceSize = nullptr;
  decltype(&aclnnUpsampleNearestExact2dBackward) upsample2dBackward = nullptr;
  decltype(&aclnnAdaptiveMaxPool2dGetWorkspaceSize) adaptivePoolGetWorkspaceSize = nullptr;
  decltype(&aclnnAdaptiveMaxPool2d) adaptivePool = nullptr;
  decltype(&aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize) adaptivePoolBackwardGetWorkspaceSize = nullptr;
  decltype(&aclnnAdaptiveMaxPool2dBackward) adaptivePoolBackward = nullptr;
  aclrtStream stream = nullptr;  // device 0's stream of this build, made by load()

  // dlopen + dlsym + aclInit + device 0 + a stream; exits with a message when anything is missing.
  static TwinLibrary& load(const std::string& name, const std::string& path);
  void require(int status, const char* what) const;
};

}  // namespace gradlab::bench
