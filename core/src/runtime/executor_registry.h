// aclOpExecutor: what GetWorkspaceSize planned, waiting for its one launch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "aclnn/acl_meta.h"
#include "gradlab/plan.h"
#include "gradlab/run_progress.h"
#include "gradlab/trace.h"
#include "runtime/memory.h"
#include "runtime/stream.h"
#include "runtime/tensor.h"

namespace gradlab::rt {

// Where a launch's workspace may start: the kernels keep fp32 sums there (aclrtMalloc returns 64-byte
// aligned blocks).
inline constexpr uintptr_t kWorkspaceAlignment = 32;

// What a running kernel gets: the workspace bytes (nullptr when none was needed).
struct LaunchArgs {
  std::byte* workspace = nullptr;
  uint64_t workspaceSize = 0;
  gradlab::Trace* trace = nullptr;  // set when the user asked for a trace of this executor
};

}  // namespace gradlab::rt

struct aclOpExecutor {
  std::string api;  // the launch entry this executor belongs to, e.g. "aclnnUpsampleNearestExact2dBackward"
  uint64_t workspaceSize = 0;
  // Tensors whose memory is re-checked and pinned at launch, by argument name.
  std::vector<std::pair<std::string, aclTensor>> tensors;
  std::function<gradlab::rt::TaskResult(const gradlab::rt::LaunchArgs&)> run;
  std::shared_ptr<const gradlab::Plan> plan;  // without its prose until described
  // Plans the call again inside a DescribeScope (runtime/prose.h): the same plan with its prose. Empty once
  // `plan` is described.
  std::function<std::shared_ptr<const gradlab::Plan>()> describe;
  std::shared_ptr<gradlab::Trace> trace;
  std::shared_ptr<gradlab::RunProgress> progress;  // watchExecutor: tiles counted, cancel honoured
};

namespace gradlab::rt {

// The executors GetWorkspaceSize made and no launch or destroy has ended. A handle is a number, not the
// object's address, and no number is handed out twice: a handle launched or destroyed stays unknown for
// good, even once a new executor occupies its old memory (a stale handle must never run another call).
class ExecutorRegistry {
 public:
  static ExecutorRegistry& instance();
  aclOpExecutor* add(std::unique_ptr<aclOpExecutor> executor);  // the new handle
  // Hands the executor to its single launch; nullptr when unknown, already launched or destroyed.
  // `releases` (when given) receives how many releaseAll calls came before, for putBack.
  std::unique_ptr<aclOpExecutor> take(const aclOpExecutor* handle, uint64_t* releases = nullptr);
  // Returns a taken executor whose launch was refused: it did not run, so it may be launched again; unless
  // aclFinalize released every executor meanwhile (`releases` no longer current), which this one stays.
  void putBack(const aclOpExecutor* handle, std::unique_ptr<aclOpExecutor> executor, uint64_t releases);
  size_t releaseAll();
  // Runs `fn` on a live executor under the registry lock; false when unknown.
  bool withLive(const aclOpExecutor* handle, const std::function<void(aclOpExecutor&)>& fn);

 private:
  std::mutex mutex_;
  uintptr_t handed_ = 0;   // handles handed out so far
  uint64_t releases_ = 0;  // releaseAll calls so far
  std::unordered_map<const aclOpExecutor*, std::unique_ptr<aclOpExecutor>> live_;
};

// Gives `executor` its plan's prose (once).
void describeExecutor(aclOpExecutor& executor);

// The second phase of every aclnn op: validates the launch arguments, pins the tensors' memory and
// queues the executor on the stream. A launch that is refused leaves the executor to be launched again;
// one that is queued consumes it.
aclnnStatus launchExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                           void* stream);

}  // namespace gradlab::rt
