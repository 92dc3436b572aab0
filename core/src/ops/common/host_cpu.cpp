#include "ops/common/host_cpu.h"

namespace gradlab::ops {

bool hostHasAvx2() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;  // also checks that the OS saves the YMM registers
  }();
  return avx2;
#else
  return false;
#endif
}

bool hostHasAvx512dq() {
#if defined(__x86_64__) || defined(__i386__)
  static const bool avx512 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512dq") != 0;
  }();
  return avx512;
#else
  return false;
#endif
}

}  // namespace gradlab::ops
