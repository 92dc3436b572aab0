#include "ops/common/host_cpu.h"

namespace gradlab::ops {

// __builtin_cpu_supports takes only literals; it also checks that the OS saves the wider registers.
#if defined(__x86_64__) || defined(__i386__)
#define GRADLAB_HOST_HAS(...)      \
  static const bool has = [] {     \
    __builtin_cpu_init();          \
    return __VA_ARGS__;            \
  }();                             \
  return has
#define GRADLAB_CPU(feature) (__builtin_cpu_supports(feature) != 0)
#else
#define GRADLAB_HOST_HAS(...) return false
#endif

bool hostHasAvx2() { GRADLAB_HOST_HAS(GRADLAB_CPU("avx2")); }
bool hostHasAvx512dq() { GRADLAB_HOST_HAS(GRADLAB_CPU("avx512f") && GRADLAB_CPU("avx512dq")); }
bool hostHasAvx512bw() { GRADLAB_HOST_HAS(GRADLAB_CPU("avx512f") && GRADLAB_CPU("avx512bw")); }

}  // namespace gradlab::ops
