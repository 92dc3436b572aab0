// The forward group kernel's x86 back-ends (forward_simd.h), for forward_simd.cpp's list of them: plain
// entry points (no target attributes, callable from any code once the CPU is known to run them).
#pragma once

#include "ops/adaptive_max_pool/forward_simd.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && defined(__SSE2__)
#define GRADLAB_POOL_X86 1
#else
#define GRADLAB_POOL_X86 0
#endif

#if GRADLAB_POOL_X86
namespace gradlab::ops::adaptive::simd {

bool runGroupSse2(const GroupStep& s);
bool runGroupAvx2(const GroupStep& s);    // AVX2 + F16C
bool runGroupAvx512(const GroupStep& s);  // AVX-512 F, AVX2 + F16C (it hands some steps to the AVX2 kernel)

}  // namespace gradlab::ops::adaptive::simd
#endif
