// How far a run has got, and a way to stop it early. gradlab::run fills one given in RunRequest::progress;
// a program driving the API itself attaches one to an executor (watchExecutor) and reads the kernel's tiles
// as they finish. Every field is atomic: the run's threads write, any thread reads or asks to cancel.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "gradlab/export.h"

struct aclOpExecutor;

GRADLAB_API_BEGIN
namespace gradlab {

// The steps of gradlab::run, in order: making and uploading the inputs (units: cells), the operator's
// kernels (units: tiles), reading the outputs back (units: cells).
enum class RunStep : int { kInputs, kKernels, kOutputs, kDone };
inline constexpr int kRunSteps = 3;          // kInputs .. kOutputs
const char* runStepName(RunStep step);       // "inputs", "kernels", "outputs", "done"

struct RunProgress {
  std::atomic<int> step{static_cast<int>(RunStep::kInputs)};  // a RunStep
  std::atomic<uint64_t> done{0}, total{0};                   // units of the step finished, and in all
  // Set by anyone: the run stops before its next tile (or input, or output) and reports it was cancelled
  // (RunResult::cancelled()); a launch stops with ACL_ERROR_RT_INTERNAL_ERROR, "cancelled".
  std::atomic<bool> cancel{false};

  RunStep currentStep() const { return static_cast<RunStep>(step.load(std::memory_order_relaxed)); }
  // Starts `next` with `units` to do.
  void begin(RunStep next, uint64_t units) {
    done.store(0, std::memory_order_relaxed);
    total.store(units, std::memory_order_relaxed);
    step.store(static_cast<int>(next), std::memory_order_release);
  }
  bool cancelled() const { return cancel.load(std::memory_order_relaxed); }
};

// Counts the executor's tiles into `progress` (total when it launches, done as each finishes) and stops
// its launch between tiles once progress->cancel is set. Returns false for an unknown executor. Unwatched
// (the default), a launch costs one pointer test a tile.
bool watchExecutor(aclOpExecutor* executor, std::shared_ptr<RunProgress> progress);

}  // namespace gradlab
GRADLAB_API_END
