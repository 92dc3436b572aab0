#include "runtime/executor_registry.h"

#include "runtime/context.h"
#include "runtime/core_pool.h"
#include "runtime/error.h"
#include "runtime/launch_progress.h"
#include "runtime/prose.h"

namespace gradlab::rt {
namespace {

// A small launch does not wake the stream thread: it runs at the next wake or synchronize (see Stream).
bool worthWaking(const aclOpExecutor& executor) {
  return !executor.plan || executor.plan->trafficBytes() >= kSmallJobBytes;
}

}  // namespace

ExecutorRegistry& ExecutorRegistry::instance() {
  static ExecutorRegistry* r = new ExecutorRegistry();
  return *r;
}

aclOpExecutor* ExecutorRegistry::add(std::unique_ptr<aclOpExecutor> executor) {
  std::lock_guard lock(mutex_);
  // Counted down from the top of the address space (kernel addresses on 64-bit hosts, the far end of a
  // WebAssembly heap), 16 bytes apart: no pointer a program holds looks like one.
  const uintptr_t number = ~uintptr_t{15} - 16 * ++handed_;
  auto* handle = reinterpret_cast<const aclOpExecutor*>(number);
  live_.emplace(handle, std::move(executor));
  return const_cast<aclOpExecutor*>(handle);
}

std::unique_ptr<aclOpExecutor> ExecutorRegistry::take(const aclOpExecutor* handle, uint64_t* releases) {
  std::lock_guard lock(mutex_);
  if (releases != nullptr) *releases = releases_;
  auto it = live_.find(handle);
  if (it == live_.end()) return nullptr;
  auto owned = std::move(it->second);
  live_.erase(it);
  return owned;
}

void ExecutorRegistry::putBack(const aclOpExecutor* handle, std::unique_ptr<aclOpExecutor> executor, uint64_t releases) {
  std::lock_guard lock(mutex_);
  if (releases == releases_) live_.emplace(handle, std::move(executor));
}

bool ExecutorRegistry::withLive(const aclOpExecutor* handle, const std::function<void(aclOpExecutor&)>& fn) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(handle);
  if (it == live_.end()) return false;
  fn(*it->second);
  return true;
}

size_t ExecutorRegistry::releaseAll() {
  std::unordered_map<const aclOpExecutor*, std::unique_ptr<aclOpExecutor>> doomed;
  std::lock_guard lock(mutex_);
  doomed.swap(live_);
  ++releases_;
  return doomed.size();
}

void describeExecutor(aclOpExecutor& executor) {
  if (!executor.describe) return;
  DescribeScope scope;
  executor.plan = executor.describe();
  executor.describe = nullptr;
}

namespace {

// What a launch hands its kernel, once every argument has been checked.
struct CheckedLaunch {
  LaunchArgs args;
  std::vector<AllocationRef> pins;
  std::shared_ptr<Stream> stream;
};

// Checks a launch of `exec` without consuming it; on failure, the recent error says why.
aclnnStatus checkLaunch(const char* api, void* workspace, uint64_t workspaceSize, const aclOpExecutor* handle,
                        aclOpExecutor& exec, void* streamHandle, CheckedLaunch* out) {
  if (exec.api != api) {
    return fail(ACLNN_ERR_PARAM_INVALID,
                cat(api, ": executor ", formatPointer(handle), " was made by ", exec.api, "GetWorkspaceSize"));
  }
  if (workspaceSize < exec.workspaceSize) {
    return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": workspaceSize ", workspaceSize, " is smaller than the ",
                                             exec.workspaceSize, " bytes GetWorkspaceSize asked for"));
  }
  // Each check pins what it found in the same look-up, so a free racing this launch either comes first
  // (and the check refuses the pointer) or leaves the pages to the kernel until it has run.
  if (exec.workspaceSize > 0) {
    AllocationRef pin;
    std::string problem = DeviceMemory::instance().checkRange(workspace, exec.workspaceSize, "workspace", &pin);
    if (!problem.empty()) return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": ", problem));
    const uintptr_t misalignment = reinterpret_cast<uintptr_t>(workspace) % kWorkspaceAlignment;
    if (misalignment != 0) {
      return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": workspace ", formatPointer(workspace), " is not aligned to ",
                                               kWorkspaceAlignment, " bytes (address % ", kWorkspaceAlignment,
                                               " = ", misalignment, "); pass an aclrtMalloc block or a ",
                                               kWorkspaceAlignment, "-byte aligned place in one"));
    }
    // The kernels write their sums there while they read the inputs and write the outputs.
    const auto begin = reinterpret_cast<uintptr_t>(workspace);
    const ByteRange scratch{begin, begin + static_cast<uintptr_t>(exec.workspaceSize)};  // inside its allocation
    for (const auto& [name, tensor] : exec.tensors) {
      if (!scratch.overlaps(touchedBytes(tensor))) continue;
      return fail(ACLNN_ERR_PARAM_INVALID,
                  cat(api, ": workspace (", describeBytes(scratch), ") overlaps ", describeTouchedBytes(name, tensor),
                      "; the workspace needs memory of its own"));
    }
    out->pins.push_back(std::move(pin));
    out->args.workspace = static_cast<std::byte*>(workspace);
    out->args.workspaceSize = exec.workspaceSize;
  }
  for (const auto& [name, tensor] : exec.tensors) {
    AllocationRef pin;
    std::string problem = checkTensorMemory(tensor, name, &pin);
    if (!problem.empty()) return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": ", problem));
    if (pin) out->pins.push_back(std::move(pin));
  }
  aclError streamCode = ACL_SUCCESS;
  out->stream = resolveStream(streamHandle, api, &streamCode);
  if (!out->stream) return streamCode == ACL_ERROR_RT_NO_STREAM_RESOURCE ? ACLNN_ERR_RUNTIME_ERROR : ACLNN_ERR_PARAM_INVALID;
  return ACLNN_SUCCESS;
}

}  // namespace

aclnnStatus launchExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           void* streamHandle) {
  if (executor == nullptr) return fail(ACLNN_ERR_PARAM_NULLPTR, cat(api, ": executor is a null pointer"));
  ExecutorRegistry& registry = ExecutorRegistry::instance();
  uint64_t releases = 0;
  std::unique_ptr<aclOpExecutor> owned = registry.take(executor, &releases);
  if (!owned) {
    return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": executor ", formatPointer(executor),
                                             " is unknown, already launched or destroyed (an executor runs once)"));
  }
  CheckedLaunch launch;
  if (aclnnStatus s = checkLaunch(api, workspace, workspaceSize, executor, *owned, streamHandle, &launch);
      s != ACLNN_SUCCESS) {
    registry.putBack(executor, std::move(owned), releases);
    return s;
  }
  launch.args.trace = owned->trace.get();
  if (launch.args.trace != nullptr) describeExecutor(*owned);  // the trace shows the plan's prose
  const bool wake = worthWaking(*owned);
  std::shared_ptr<aclOpExecutor> job(std::move(owned));
  launch.stream->enqueue(
      [job, args = launch.args, pins = std::move(launch.pins)]() {
        LaunchProgressScope watched(job->progress.get());
        TaskResult result = job->run(args);
        // The kernels ran the plan as planned; the trace keeps the same plan described.
        if (args.trace != nullptr && job->plan) args.trace->plan = *job->plan;
        return result;
      },
      wake);
  return ACLNN_SUCCESS;
}

}  // namespace gradlab::rt

extern "C" aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
  using namespace gradlab::rt;
  if (executor == nullptr) return fail(ACLNN_ERR_PARAM_NULLPTR, "aclDestroyAclOpExecutor: executor is a null pointer");
  if (!ExecutorRegistry::instance().take(executor)) {
    return fail(ACLNN_ERR_PARAM_INVALID, cat("aclDestroyAclOpExecutor: executor ", formatPointer(executor),
                                             " is unknown, already launched or destroyed"));
  }
  return ACLNN_SUCCESS;
}
