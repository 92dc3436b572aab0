// fp32 -> bf16 with AVX-512 F: floatToBf16Kernel's arithmetic on 16 lanes, a mask for the NaN lanes and vpmovdw
// to pack (the AVX2 code blends and shuffles 8 at a time). It rounds every output cell of a bf16 backward.
// GCC 12 warns of the _mm512_undefined_* sources inside AVX-512 intrinsics (GCC bug 105593, fixed in 13); the
// pragma comes before the intrinsics' header is read, whose lines the warnings name.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "dtype/half_kernels.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#include <cstring>

namespace gradlab::dtype {

__attribute__((target("avx512f"))) void floatToBf16Avx512(const float* src, uint16_t* dst, size_t n) {
  const __m512i one = _mm512_set1_epi32(1), bias = _mm512_set1_epi32(0x7FFF), quiet = _mm512_set1_epi32(0x0040);
  const __m512i magnitude = _mm512_set1_epi32(0x7FFFFFFF), inf = _mm512_set1_epi32(0x7F800000);
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i f = _mm512_loadu_si512(src + i);
    const __m512i hi16 = _mm512_srli_epi32(f, 16);
    const __m512i rounded = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(f, bias), _mm512_and_si512(hi16, one)), 16);
    const __mmask16 isNan = _mm512_cmpgt_epi32_mask(_mm512_and_si512(f, magnitude), inf);
    const __m512i bits = _mm512_mask_or_epi32(rounded, isNan, hi16, quiet);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm512_cvtepi32_epi16(bits));
  }
  for (; i < n; ++i) {
    uint32_t f;
    std::memcpy(&f, src + i, sizeof f);
    dst[i] = floatToBf16Kernel(f);
  }
}

}  // namespace gradlab::dtype
#endif
