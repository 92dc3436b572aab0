#include "runtime/executor_registry.h"

#include "runtime/context.h"
#include "runtime/core_pool.h"
#include "runtime/error.h"
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
  aclOpExecutor* raw = executor.get();
  std::lock_guard lock(mutex_);
  live_.emplace(raw, std::move(executor));
  return raw;
}

std::unique_ptr<aclOpExecutor> ExecutorRegistry::take(aclOpExecutor* executor) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(executor);
  if (it == live_.end()) return nullptr;
  auto owned = std::move(it->second);
  live_.erase(it);
  return owned;
}

bool ExecutorRegistry::withLive(const aclOpExecutor* executor, const std::function<void(aclOpExecutor&)>& fn) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(const_cast<aclOpExecutor*>(executor));
  if (it == live_.end()) return false;
  fn(*it->second);
  return true;
}

size_t ExecutorRegistry::releaseAll() {
  std::unordered_map<aclOpExecutor*, std::unique_ptr<aclOpExecutor>> doomed;
  std::lock_guard lock(mutex_);
  doomed.swap(live_);
  return doomed.size();
}

void describeExecutor(aclOpExecutor& executor) {
  if (!executor.describe) return;
  DescribeScope scope;
  executor.plan = executor.describe();
  executor.describe = nullptr;
}

aclnnStatus launchExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           void* streamHandle) {
  if (executor == nullptr) return fail(ACLNN_ERR_PARAM_NULLPTR, cat(api, ": executor is a null pointer"));
  std::unique_ptr<aclOpExecutor> owned = ExecutorRegistry::instance().take(executor);
  if (!owned) {
    return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": executor ", formatPointer(executor),
                                             " is unknown, already launched or destroyed (an executor runs once)"));
  }
  if (owned->api != api) {
    return fail(ACLNN_ERR_PARAM_INVALID,
                cat(api, ": executor ", formatPointer(executor), " was made by ", owned->api, "GetWorkspaceSize"));
  }
  if (workspaceSize < owned->workspaceSize) {
    return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": workspaceSize ", workspaceSize, " is smaller than the ",
                                             owned->workspaceSize, " bytes GetWorkspaceSize asked for"));
  }
  // Each check pins what it found in the same look-up, so a free racing this launch either comes first
  // (and the check refuses the pointer) or leaves the pages to the kernel until it has run.
  std::vector<AllocationRef> pins;
  LaunchArgs args;
  if (owned->workspaceSize > 0) {
    AllocationRef pin;
    std::string problem = DeviceMemory::instance().checkRange(workspace, owned->workspaceSize, "workspace", &pin);
    if (!problem.empty()) return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": ", problem));
    const uintptr_t misalignment = reinterpret_cast<uintptr_t>(workspace) % kWorkspaceAlignment;
    if (misalignment != 0) {
      return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": workspace ", formatPointer(workspace), " is not aligned to ",
                                               kWorkspaceAlignment, " bytes (address % ", kWorkspaceAlignment,
                                               " = ", misalignment, "); pass an aclrtMalloc block or a ",
                                               kWorkspaceAlignment, "-byte aligned place in one"));
    }
    pins.push_back(std::move(pin));
    args.workspace = static_cast<std::byte*>(workspace);
    args.workspaceSize = owned->workspaceSize;
  }
  for (const auto& [name, tensor] : owned->tensors) {
    AllocationRef pin;
    std::string problem = checkTensorMemory(tensor, name, &pin);
    if (!problem.empty()) return fail(ACLNN_ERR_PARAM_INVALID, cat(api, ": ", problem));
    if (pin) pins.push_back(std::move(pin));
  }
  args.trace = owned->trace.get();
  if (args.trace != nullptr) describeExecutor(*owned);  // the trace shows the plan's prose
  aclError streamCode = ACL_SUCCESS;
  std::shared_ptr<Stream> stream = resolveStream(streamHandle, api, &streamCode);
  if (!stream) return streamCode == ACL_ERROR_RT_NO_STREAM_RESOURCE ? ACLNN_ERR_RUNTIME_ERROR : ACLNN_ERR_PARAM_INVALID;
  const bool wake = worthWaking(*owned);
  std::shared_ptr<aclOpExecutor> job(std::move(owned));
  stream->enqueue(
      [job, args, pins = std::move(pins)]() {
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
