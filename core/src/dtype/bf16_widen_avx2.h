// 8 bf16 (zero-extended to 32-bit lanes) -> 8 fp32 bit patterns with AVX2, the same arithmetic as
// bf16ToFloatKernel (half_kernels.h): a NaN gets the quiet bit. Shared by the bulk conversions and the
// kernels that widen in registers, whose bits must agree. Include only on x86 with GCC or clang.
#pragma once

#include <immintrin.h>

namespace gradlab::dtype {

[[gnu::always_inline]] __attribute__((target("avx2"))) inline __m256i bf16Widen8(__m256i b) {
  const __m256i w = _mm256_slli_epi32(b, 16);
  const __m256i isNan = _mm256_cmpgt_epi32(_mm256_and_si256(b, _mm256_set1_epi32(0x7FFF)), _mm256_set1_epi32(0x7F80));
  return _mm256_or_si256(w, _mm256_and_si256(isNan, _mm256_set1_epi32(0x00400000)));
}

}  // namespace gradlab::dtype
