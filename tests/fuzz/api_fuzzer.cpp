// libFuzzer entry points: every input is a program of public C API calls (see fuzz_program.h).
#include <cstddef>
#include <cstdint>

#include "fuzz_program.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  gradlab::fuzz::initialize();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gradlab::fuzz::runProgram(data, size);
  return 0;
}
