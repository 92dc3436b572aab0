// Steps that call the operators: GetWorkspaceSize of any operator of the catalog (gradlab/ops.h) with
// fuzzed tensors, arrays, scales and call context, then a launch with a right or wrong workspace, stream
// and launch entry, and a synchronize that collects device errors (such as an index outside its plane).
// Every operator the catalog lists is fuzzed here without an edit.
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_contract.h"
#include "fuzz_steps.h"
#include "fuzz_values.h"

namespace gradlab::fuzz {

using namespace codes;

namespace {

constexpr size_t kMaxKeptExecutors = 6;

const OpInfo& pickOp(ByteReader& in) { return allOps()[in.pick(static_cast<uint32_t>(kOpCount))]; }

aclTensor* tensorOf(const TensorRecord* r) { return r ? r->tensor : nullptr; }

// How much work a call over these tensors may be: legal calls over huge views would run for minutes,
// but a view larger than the device must be refused before any work, so such calls are always made.
enum class Budget { kSkip, kPlanOnly, kLaunch };
Budget budget(const std::vector<const TensorRecord*>& tensors) {
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

// Launches `executor` through `entry`'s launch: workspace and size right (allocated here) or fuzzed.
void launch(State& s, aclOpExecutor* executor, uint64_t workspaceSize, const OpInfo& entry) {
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
  const aclnnStatus st = entry.launch(workspace, size, executor, stream);
  expectCode(entry.aclnnName().c_str(), st, {kSuccess, kNullptr, kParamInvalid});
  if (st == ACLNN_SUCCESS && s.spent(executor)) violation(entry.aclnnName().c_str(), "launched an executor a second time");
  if (st == ACLNN_SUCCESS) s.spentExecutors.push_back(executor);
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
                        const OpInfo& own, Budget allowed) {
  expectCode(api, st, {kSuccess, kNullptr, kParamInvalid, kInner});
  if (st != ACLNN_SUCCESS) return;
  if (executor == nullptr) violation(api, "succeeded without an executor");
  if (workspaceSize > kDeviceCapacity) violation(api, "asked for a workspace larger than the device");
  const uint8_t choice = s.in.pick(8);
  switch (allowed == Budget::kLaunch ? choice : 0) {  // too much work to run: destroy it
    case 0: {  // destroy unlaunched
      beginCall();
      expectCode("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(executor), {kSuccess});
      s.spentExecutors.push_back(executor);
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
      launch(s, executor, workspaceSize, s.in.pick(8) == 0 ? pickOp(s.in) : own);
      // Kept when its launch was refused (it did not run, so it may be launched again), and sometimes when
      // it ran (a stale handle, to be refused).
      if ((!s.spent(executor) || s.in.pick(4) == 0) && s.executors.size() < kMaxKeptExecutors)
        s.executors.push_back(executor);
      return;
  }
}

}  // namespace

void stepOperator(State& s) {
  ByteReader& in = s.in;
  const OpInfo& op = pickOp(in);
  const uint8_t nulls = in.byte();  // 0xF0 | bits: workspaceSize and executor out-pointers null
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  uint64_t* ws = (nulls & 0xF1) == 0xF1 ? nullptr : &workspaceSize;
  aclOpExecutor** ex = (nulls & 0xF2) == 0xF2 ? nullptr : &executor;
  OpArgs args;
  std::vector<const TensorRecord*> records;
  for (int i = 0; i < op.roleCount; ++i) {
    records.push_back(s.tensor());
    args.tensors[i] = tensorOf(records.back());
  }
  if (op.takesOutputSize) args.outputSize = s.array();
  if (op.takesInputSize) args.inputSize = s.array();
  for (int i = 0; i < op.scaleCount; ++i) args.scales[i] = readScale(in);
  readCallContext(in, &args);
  const Budget b = budget(records);
  if (b == Budget::kSkip) return;
  const std::string api = op.aclnnName() + "GetWorkspaceSize";
  beginCall();
  const aclnnStatus st = op.getWorkspaceSize(args, ws, ex);
  const bool deadArgument =
      std::any_of(records.begin(), records.end(), [](const TensorRecord* r) { return r && r->destroyed; }) ||
      std::any_of(s.deadArrays.begin(), s.deadArrays.end(),
                  [&](const aclIntArray* a) { return a == args.outputSize || a == args.inputSize; });
  if (deadArgument && st == ACLNN_SUCCESS) violation(api.c_str(), "accepted a destroyed tensor or array");
  // A profile the operators cannot plan with is refused before anything else.
  if (args.profile && !profileProblem(*args.profile).empty() && st != ACLNN_ERR_PARAM_INVALID) {
    violation(api.c_str(), "accepted a call whose profile is unusable");
  }
  afterWorkspaceSize(s, api.c_str(), st, workspaceSize, executor, op, b);
}

void stepLaunchKept(State& s) {
  ByteReader& in = s.in;
  aclOpExecutor* executor = nullptr;
  const uint8_t which = in.byte();
  if (which == 254) executor = reinterpret_cast<aclOpExecutor*>(&s);  // foreign
  else if (which != 255 && !s.executors.empty()) executor = s.executors[which % s.executors.size()];
  launch(s, executor, readBytes(in), pickOp(in));
}

void stepDestroyExecutor(State& s) {
  const uint8_t which = s.in.byte();
  aclOpExecutor* executor = nullptr;
  if (which == 254) executor = reinterpret_cast<aclOpExecutor*>(&s);
  else if (which != 255 && !s.executors.empty()) executor = s.executors[which % s.executors.size()];
  beginCall();
  const aclnnStatus st = aclDestroyAclOpExecutor(executor);
  expectCode("aclDestroyAclOpExecutor", st, {kSuccess, kNullptr, kParamInvalid});
  if (st == ACLNN_SUCCESS && s.spent(executor)) violation("aclDestroyAclOpExecutor", "destroyed an executor twice");
  if (st == ACLNN_SUCCESS) s.spentExecutors.push_back(executor);
}

}  // namespace gradlab::fuzz
