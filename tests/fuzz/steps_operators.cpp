// Steps that call the operators: GetWorkspaceSize with fuzzed tensors, arrays and scales, then a
// launch with a right or wrong workspace, stream and launch entry, and a synchronize that collects
// device errors (such as an index outside its plane).
#include <algorithm>
#include <limits>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "fuzz_contract.h"
#include "fuzz_steps.h"
#include "fuzz_values.h"

namespace gradlab::fuzz {

using namespace codes;

namespace {

constexpr size_t kMaxKeptExecutors = 6;
constexpr uint64_t kDeviceCapacity = uint64_t{64} << 30;

using LaunchFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);
struct Launch {
  const char* name;
  LaunchFn fn;
};
const Launch kLaunches[] = {
    {"aclnnUpsampleNearestExact2dBackward", aclnnUpsampleNearestExact2dBackward},
    {"aclnnUpsampleNearestExact1dBackward", aclnnUpsampleNearestExact1dBackward},
    {"aclnnUpsampleNearestExact2d", aclnnUpsampleNearestExact2d},
    {"aclnnUpsampleNearestExact1d", aclnnUpsampleNearestExact1d},
    {"aclnnAdaptiveMaxPool2dBackward", aclnnAdaptiveMaxPool2dBackward},
    {"aclnnAdaptiveMaxPool2d", aclnnAdaptiveMaxPool2d},
};

aclTensor* tensorOf(const TensorRecord* r) { return r ? r->tensor : nullptr; }

// How much work a call over these tensors may be: legal calls over huge views would run for minutes,
// but a view larger than the device must be refused before any work, so such calls are always made.
enum class Budget { kSkip, kPlanOnly, kLaunch };
Budget budget(std::initializer_list<const TensorRecord*> tensors) {
  int64_t total = 0;
  for (const TensorRecord* t : tensors) {
    if (t == nullptr) continue;
    if (t->largerThanDevice) return Budget::kPlanOnly;
    total = std::min<int64_t>(total + t->elements, std::numeric_limits<int64_t>::max() / 2);
  }
  if (total <= kMaxLaunchElements) return Budget::kLaunch;
  return total <= kMaxPlanElements ? Budget::kPlanOnly : Budget::kSkip;
}

void synchronize(State& s, aclrtStream stream) {
  beginCall();
  expectCode("aclrtSynchronizeStream", aclrtSynchronizeStream(stream),
             {kSuccess, kAicoreException, kRtInternal, kInvalidHandle, kContextNull, kUninitialized});
  (void)s;
}

// Launches `executor` through `launch`: workspace and size right (allocated here) or fuzzed.
void launch(State& s, aclOpExecutor* executor, uint64_t workspaceSize, const Launch& entry) {
  ByteReader& in = s.in;
  void* workspace = nullptr;
  uint64_t size = workspaceSize;
  switch (in.pick(4)) {
    case 0:  // anything at all
      workspace = s.devicePointer();
      size = readBytes(in);
      break;
    case 1:  // the right size, any pointer
      workspace = s.devicePointer();
      break;
    default:  // what GetWorkspaceSize asked for
      if (workspaceSize > 0 && workspaceSize <= kMaxHarnessAllocation) workspace = s.allocate(workspaceSize);
      break;
  }
  aclrtStream stream = s.stream();
  beginCall();
  const aclnnStatus st = entry.fn(workspace, size, executor, stream);
  expectCode(entry.name, st, {kSuccess, kNullptr, kParamInvalid});
  if (in.pick(4) != 0) synchronize(s, stream);
  const bool freeEarly = in.pick(8) == 0;
  if (st == ACLNN_SUCCESS && freeEarly && workspace) {  // free while (maybe) still running: pinned
    beginCall();
    const aclError e = aclrtFree(workspace);
    expectCode("aclrtFree", e, {kSuccess, kInvalidParam});
    for (Allocation& a : s.allocations) {
      if (e == ACL_SUCCESS && a.live && a.ptr == workspace) a.live = false;
    }
  }
}

void afterWorkspaceSize(State& s, const char* api, aclnnStatus st, uint64_t workspaceSize, aclOpExecutor* executor,
                        const Launch& own, Budget allowed) {
  expectCode(api, st, {kSuccess, kNullptr, kParamInvalid, kInner});
  if (st != ACLNN_SUCCESS) return;
  if (executor == nullptr) violation(api, "succeeded without an executor");
  if (workspaceSize > kDeviceCapacity) violation(api, "asked for a workspace larger than the device");
  const uint8_t choice = s.in.pick(8);
  switch (allowed == Budget::kLaunch ? choice : 0) {  // too much work to run: destroy it
    case 0: {  // destroy unlaunched
      beginCall();
      expectCode("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(executor), {kSuccess});
      return;
    }
    case 1:
    case 2:  // keep for a later step
      if (s.executors.size() < kMaxKeptExecutors) {
        s.executors.push_back(executor);
        return;
      }
      [[fallthrough]];
    default:
      launch(s, executor, workspaceSize, s.in.pick(8) == 0 ? kLaunches[s.in.pick(6)] : own);
      if (s.in.pick(4) == 0 && s.executors.size() < kMaxKeptExecutors) s.executors.push_back(executor);  // stale
      return;
  }
}

}  // namespace

void stepOperator(State& s, Step op) {
  ByteReader& in = s.in;
  const uint8_t nulls = in.byte();  // 0xF0 | bits: workspaceSize and executor out-pointers null
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  uint64_t* ws = (nulls & 0xF1) == 0xF1 ? nullptr : &workspaceSize;
  aclOpExecutor** ex = (nulls & 0xF2) == 0xF2 ? nullptr : &executor;
  aclnnStatus st = 0;
  switch (op) {
    case Step::kUpsample2dBackward: {
      const TensorRecord* gradOutput = s.tensor();
      const aclIntArray* outputSize = s.array();
      const aclIntArray* inputSize = s.array();
      const double scalesH = readScale(in), scalesW = readScale(in);
      const TensorRecord* out = s.tensor();
      const Budget b = budget({gradOutput, out});
      if (b == Budget::kSkip) return;
      beginCall();
      st = aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(tensorOf(gradOutput), outputSize, inputSize, scalesH,
                                                               scalesW, tensorOf(out), ws, ex);
      return afterWorkspaceSize(s, "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize", st, workspaceSize, executor,
                                kLaunches[0], b);
    }
    case Step::kUpsample1dBackward: {
      const TensorRecord* gradOutput = s.tensor();
      const aclIntArray* outputSize = s.array();
      const aclIntArray* inputSize = s.array();
      const double scales = readScale(in);
      const TensorRecord* out = s.tensor();
      const Budget b = budget({gradOutput, out});
      if (b == Budget::kSkip) return;
      beginCall();
      st = aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(tensorOf(gradOutput), outputSize, inputSize, scales,
                                                               tensorOf(out), ws, ex);
      return afterWorkspaceSize(s, "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize", st, workspaceSize, executor,
                                kLaunches[1], b);
    }
    case Step::kUpsample2d: {
      const TensorRecord* self = s.tensor();
      const aclIntArray* outputSize = s.array();
      const double scalesH = readScale(in), scalesW = readScale(in);
      const TensorRecord* out = s.tensor();
      const Budget b = budget({self, out});
      if (b == Budget::kSkip) return;
      beginCall();
      st = aclnnUpsampleNearestExact2dGetWorkspaceSize(tensorOf(self), outputSize, scalesH, scalesW, tensorOf(out), ws, ex);
      return afterWorkspaceSize(s, "aclnnUpsampleNearestExact2dGetWorkspaceSize", st, workspaceSize, executor,
                                kLaunches[2], b);
    }
    case Step::kUpsample1d: {
      const TensorRecord* self = s.tensor();
      const aclIntArray* outputSize = s.array();
      const double scales = readScale(in);
      const TensorRecord* out = s.tensor();
      const Budget b = budget({self, out});
      if (b == Budget::kSkip) return;
      beginCall();
      st = aclnnUpsampleNearestExact1dGetWorkspaceSize(tensorOf(self), outputSize, scales, tensorOf(out), ws, ex);
      return afterWorkspaceSize(s, "aclnnUpsampleNearestExact1dGetWorkspaceSize", st, workspaceSize, executor,
                                kLaunches[3], b);
    }
    case Step::kAdaptivePoolBackward: {
      const TensorRecord* gradOutput = s.tensor();
      const TensorRecord* self = s.tensor();
      const TensorRecord* indices = s.tensor();
      const TensorRecord* gradInput = s.tensor();
      const Budget b = budget({gradOutput, self, indices, gradInput});
      if (b == Budget::kSkip) return;
      beginCall();
      st = aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(tensorOf(gradOutput), tensorOf(self), tensorOf(indices),
                                                          tensorOf(gradInput), ws, ex);
      return afterWorkspaceSize(s, "aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize", st, workspaceSize, executor,
                                kLaunches[4], b);
    }
    case Step::kAdaptivePool: {
      const TensorRecord* self = s.tensor();
      const aclIntArray* outputSize = s.array();
      const TensorRecord* out = s.tensor();
      const TensorRecord* indices = s.tensor();
      const Budget b = budget({self, out, indices});
      if (b == Budget::kSkip) return;
      beginCall();
      st = aclnnAdaptiveMaxPool2dGetWorkspaceSize(tensorOf(self), outputSize, tensorOf(out), tensorOf(indices), ws, ex);
      return afterWorkspaceSize(s, "aclnnAdaptiveMaxPool2dGetWorkspaceSize", st, workspaceSize, executor, kLaunches[5], b);
    }
    default:
      return;
  }
}

void stepLaunchKept(State& s) {
  ByteReader& in = s.in;
  aclOpExecutor* executor = nullptr;
  const uint8_t which = in.byte();
  if (which == 254) executor = reinterpret_cast<aclOpExecutor*>(&s);  // foreign
  else if (which != 255 && !s.executors.empty()) executor = s.executors[which % s.executors.size()];
  launch(s, executor, readBytes(in), kLaunches[in.pick(6)]);
}

void stepDestroyExecutor(State& s) {
  const uint8_t which = s.in.byte();
  aclOpExecutor* executor = nullptr;
  if (which == 254) executor = reinterpret_cast<aclOpExecutor*>(&s);
  else if (which != 255 && !s.executors.empty()) executor = s.executors[which % s.executors.size()];
  beginCall();
  expectCode("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(executor), {kSuccess, kNullptr, kParamInvalid});
}

}  // namespace gradlab::fuzz
