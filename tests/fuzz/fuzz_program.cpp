#include "fuzz_program.h"

#include <cstdlib>

#include "fuzz_steps.h"

namespace gradlab::fuzz {

void initialize() {
  setenv("GRADLAB_LOG", "off", 0);  // thousands of refused calls per second would flood stderr
}

void runProgram(const uint8_t* data, size_t size) {
  startRuntime();
  ByteReader in(data, size);
  State s(in);
  for (int step = 0; step < kMaxSteps && !in.done(); ++step) {
    const auto op = static_cast<Step>(in.pick(static_cast<uint32_t>(Step::kCount)));
    switch (op) {
      case Step::kMalloc: stepMalloc(s); break;
      case Step::kFree: stepFree(s); break;
      case Step::kMemcpy: stepMemcpy(s); break;
      case Step::kMemset: stepMemset(s); break;
      case Step::kCreateTensor: stepCreateTensor(s); break;
      case Step::kDestroyTensor: stepDestroyTensor(s); break;
      case Step::kCreateIntArray: stepCreateIntArray(s); break;
      case Step::kOperator: stepOperator(s); break;
      case Step::kLaunchKept: stepLaunchKept(s); break;
      case Step::kDestroyExecutor: stepDestroyExecutor(s); break;
      case Step::kSynchronize: stepSynchronize(s); break;
      case Step::kCreateStream: stepCreateStream(s); break;
      case Step::kDestroyStream: stepDestroyStream(s); break;
      case Step::kDeterministic: stepDeterministic(s); break;
      case Step::kQueries: stepQueries(s); break;
      case Step::kSetDevice: stepSetDevice(s); break;
      case Step::kResetDevice: stepResetDevice(s); break;
      case Step::kFinalizeAndInit: stepFinalizeAndInit(s); break;
      case Step::kProfile: stepProfile(s); break;
      case Step::kRun: stepRun(s); break;
      case Step::kInspectExecutor: stepInspectExecutor(s); break;
      case Step::kCount: break;
    }
  }
}

}  // namespace gradlab::fuzz
