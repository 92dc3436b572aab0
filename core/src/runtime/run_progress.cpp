#include "gradlab/run_progress.h"

#include "runtime/executor_registry.h"

namespace gradlab {

const char* runStepName(RunStep step) {
  switch (step) {
    case RunStep::kInputs: return "inputs";
    case RunStep::kKernels: return "kernels";
    case RunStep::kOutputs: return "outputs";
    case RunStep::kDone: return "done";
  }
  return "?";
}

bool watchExecutor(aclOpExecutor* executor, std::shared_ptr<RunProgress> progress) {
  return rt::ExecutorRegistry::instance().withLive(executor, [&](aclOpExecutor& e) { e.progress = std::move(progress); });
}

}  // namespace gradlab
