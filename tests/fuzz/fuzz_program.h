// A fuzz input is a program: a step byte, then that step's argument bytes, repeated (at most kMaxSteps).
// runProgram executes it against the public C API and aborts on any broken contract.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gradlab::fuzz {

enum class Step : uint8_t {
  kMalloc,
  kFree,
  kMemcpy,
  kMemset,
  kCreateTensor,
  kDestroyTensor,
  kCreateIntArray,
  kOperator,         // GetWorkspaceSize of any operator of the catalog (a byte picks it), then launch, keep or destroy
  kLaunchKept,       // launch an executor kept earlier, through any op's launch entry
  kDestroyExecutor,  // aclDestroyAclOpExecutor on a kept (or already used) executor
  kSynchronize,
  kCreateStream,
  kDestroyStream,
  kDeterministic,
  kQueries,  // aclrtGetDevice, aclrtGetDeviceCount, aclrtCtxGetSysParamOpt, aclGetViewShape, ...
  kSetDevice,
  kResetDevice,
  kFinalizeAndInit,
  kProfile,          // parseProfileSpec with made-up text; setActiveProfile with made-up fields
  kRun,              // gradlab::run with a made-up request, its result checked against the reference
  kInspectExecutor,  // executorPlan / traceExecutor on a kept, launched, foreign or null executor
  kCount
};

constexpr int kMaxSteps = 48;

// Once per process: quiet logging, aclInit. Then runProgram for each input.
void initialize();
void runProgram(const uint8_t* data, size_t size);

}  // namespace gradlab::fuzz
