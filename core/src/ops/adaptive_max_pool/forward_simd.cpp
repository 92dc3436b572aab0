// The forward's group kernel on x86: SSE2 (the x86-64 baseline) and AVX2 + F16C, the AVX2 one in
// target("avx2,f16c") functions so that the rest of the build needs no -m flags, and AVX-512
// (forward_rows_avx512.cpp); the CPU picks one at run time. SSE2 and AVX2 are forward_simd_kernel.inc over
// their own vector operations; all compute the same bits.
#include "ops/adaptive_max_pool/forward_simd_backends.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <type_traits>

#include "ops/common/host_cpu.h"

#if GRADLAB_POOL_X86
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace gradlab::ops::adaptive::simd {

#if GRADLAB_POOL_X86

// ---- SSE2: 4 lanes; a group of 8 rows runs as two halves ------------------------------------------------
namespace sse2 {

#define GRADLAB_POOL_FN [[gnu::always_inline]] static inline

struct V {
  static constexpr int L = 4;
  using F = __m128;
  using I = __m128i;
  using M = F;  // comparison masks: all-ones lanes

  // fp16 bits (zero-extended to 32-bit lanes) -> fp32, exactly for every number (NaN stays a NaN).
  GRADLAB_POOL_FN F halfToFloat(I h) {
    const I em = _mm_and_si128(h, _mm_set1_epi32(0x7FFF));
    const I sign = _mm_slli_epi32(_mm_and_si128(h, _mm_set1_epi32(0x8000)), 16);
    const I shifted = _mm_slli_epi32(em, 13);
    const I normal = _mm_add_epi32(shifted, _mm_set1_epi32(0x38000000));
    const I special = _mm_or_si128(shifted, _mm_set1_epi32(0x7F800000));  // Inf, NaN
    const I subnormal = _mm_castps_si128(_mm_mul_ps(_mm_cvtepi32_ps(em), _mm_set1_ps(0x1p-24f)));
    const I isSpecial = _mm_cmpgt_epi32(em, _mm_set1_epi32(0x7BFF));
    const I isSubnormal = _mm_cmplt_epi32(em, _mm_set1_epi32(0x0400));
    I r = _mm_or_si128(_mm_and_si128(isSpecial, special), _mm_andnot_si128(isSpecial, normal));
    r = _mm_or_si128(_mm_and_si128(isSubnormal, subnormal), _mm_andnot_si128(isSubnormal, r));
    return _mm_castsi128_ps(_mm_or_si128(r, sign));
  }
  // L cells of an input row: fp32, bf16 (the bits shifted up) or fp16.
  GRADLAB_POOL_FN F load(const float* p) { return _mm_loadu_ps(p); }
  GRADLAB_POOL_FN I loadHalves(const std::byte* p) { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)); }
  GRADLAB_POOL_FN F widenBf16(I bits) { return _mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), bits)); }
  GRADLAB_POOL_FN F widenF16(I bits) { return halfToFloat(_mm_unpacklo_epi16(bits, _mm_setzero_si128())); }
  GRADLAB_POOL_FN I loadInt(const int32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  GRADLAB_POOL_FN void store(float* p, F v) { _mm_storeu_ps(p, v); }
  GRADLAB_POOL_FN void storeInt(int32_t* p, I v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  GRADLAB_POOL_FN void storeWide(int64_t* p, I v) {  // 4 int64
    const I sign = _mm_srai_epi32(v, 31);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_unpacklo_epi32(v, sign));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 2), _mm_unpackhi_epi32(v, sign));
  }
  GRADLAB_POOL_FN F zero() { return _mm_setzero_ps(); }
  GRADLAB_POOL_FN M noMask() { return _mm_setzero_ps(); }
  GRADLAB_POOL_FN I set1(int32_t v) { return _mm_set1_epi32(v); }
  GRADLAB_POOL_FN I iota() { return _mm_setr_epi32(0, 1, 2, 3); }
  GRADLAB_POOL_FN I add(I a, I b) { return _mm_add_epi32(a, b); }
  GRADLAB_POOL_FN F greater(F a, F b) { return _mm_cmpgt_ps(a, b); }
  GRADLAB_POOL_FN F equal(F a, F b) { return _mm_cmpeq_ps(a, b); }
  GRADLAB_POOL_FN F unordered(F a, F b) { return _mm_cmpunord_ps(a, b); }
  GRADLAB_POOL_FN F greaterInt(I a, I b) { return _mm_castsi128_ps(_mm_cmpgt_epi32(a, b)); }
  GRADLAB_POOL_FN F orMask(F a, F b) { return _mm_or_ps(a, b); }
  GRADLAB_POOL_FN F andMask(F a, F b) { return _mm_and_ps(a, b); }
  GRADLAB_POOL_FN F select(F m, F a, F b) { return _mm_or_ps(_mm_and_ps(m, a), _mm_andnot_ps(m, b)); }
  GRADLAB_POOL_FN I selectInt(F m, I a, I b) {
    const I mi = _mm_castps_si128(m);
    return _mm_or_si128(_mm_and_si128(mi, a), _mm_andnot_si128(mi, b));
  }
  GRADLAB_POOL_FN bool any(F m) { return _mm_movemask_ps(m) != 0; }
  GRADLAB_POOL_FN void transpose(F (&r)[L]) { _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]); }
  GRADLAB_POOL_FN void transposeInt(I (&r)[L]) {
    F f[L] = {_mm_castsi128_ps(r[0]), _mm_castsi128_ps(r[1]), _mm_castsi128_ps(r[2]), _mm_castsi128_ps(r[3])};
    transpose(f);
    for (int k = 0; k < L; ++k) r[k] = _mm_castps_si128(f[k]);
  }
};

#define GRADLAB_POOL_KERNEL
#define GRADLAB_POOL_INLINE [[gnu::always_inline]] inline
#include "ops/adaptive_max_pool/forward_simd_kernel.inc"
#undef GRADLAB_POOL_INLINE
#undef GRADLAB_POOL_KERNEL
#undef GRADLAB_POOL_FN

}  // namespace sse2

// ---- AVX2 + F16C: 8 lanes ------------------------------------------------------------------------------
namespace avx2 {

#define GRADLAB_POOL_FN [[gnu::always_inline]] __attribute__((target("avx2,f16c"))) static inline

struct V {
  static constexpr int L = 8;
  using F = __m256;
  using I = __m256i;
  using M = F;

  GRADLAB_POOL_FN F load(const float* p) { return _mm256_loadu_ps(p); }
  GRADLAB_POOL_FN __m128i loadHalves(const std::byte* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  GRADLAB_POOL_FN F widenBf16(__m128i bits) { return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(bits), 16)); }
  GRADLAB_POOL_FN F widenF16(__m128i bits) { return _mm256_cvtph_ps(bits); }  // exact; NaN stays a NaN
  GRADLAB_POOL_FN I loadInt(const int32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  GRADLAB_POOL_FN void store(float* p, F v) { _mm256_storeu_ps(p, v); }
  GRADLAB_POOL_FN void storeInt(int32_t* p, I v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  GRADLAB_POOL_FN void storeWide(int64_t* p, I v) {  // 8 int64
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p + 4), _mm256_cvtepi32_epi64(_mm256_extracti128_si256(v, 1)));
  }
  GRADLAB_POOL_FN F zero() { return _mm256_setzero_ps(); }
  GRADLAB_POOL_FN M noMask() { return _mm256_setzero_ps(); }
  GRADLAB_POOL_FN I set1(int32_t v) { return _mm256_set1_epi32(v); }
  GRADLAB_POOL_FN I iota() { return _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7); }
  GRADLAB_POOL_FN I add(I a, I b) { return _mm256_add_epi32(a, b); }
  GRADLAB_POOL_FN F greater(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
  GRADLAB_POOL_FN F equal(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
  GRADLAB_POOL_FN F unordered(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_UNORD_Q); }
  GRADLAB_POOL_FN F greaterInt(I a, I b) { return _mm256_castsi256_ps(_mm256_cmpgt_epi32(a, b)); }
  GRADLAB_POOL_FN F orMask(F a, F b) { return _mm256_or_ps(a, b); }
  GRADLAB_POOL_FN F andMask(F a, F b) { return _mm256_and_ps(a, b); }
  GRADLAB_POOL_FN F select(F m, F a, F b) { return _mm256_blendv_ps(b, a, m); }
  GRADLAB_POOL_FN I selectInt(F m, I a, I b) {
    return _mm256_blendv_epi8(b, a, _mm256_castps_si256(m));
  }
  GRADLAB_POOL_FN bool any(F m) { return _mm256_movemask_ps(m) != 0; }
  GRADLAB_POOL_FN void transpose(F (&r)[L]) {
    const F t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    const F t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    const F t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    const F t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    const F u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    const F u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    const F u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    const F u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    r[0] = _mm256_permute2f128_ps(u0, u4, 0x20);
    r[1] = _mm256_permute2f128_ps(u1, u5, 0x20);
    r[2] = _mm256_permute2f128_ps(u2, u6, 0x20);
    r[3] = _mm256_permute2f128_ps(u3, u7, 0x20);
    r[4] = _mm256_permute2f128_ps(u0, u4, 0x31);
    r[5] = _mm256_permute2f128_ps(u1, u5, 0x31);
    r[6] = _mm256_permute2f128_ps(u2, u6, 0x31);
    r[7] = _mm256_permute2f128_ps(u3, u7, 0x31);
  }
  GRADLAB_POOL_FN void transposeInt(I (&r)[L]) {
    F f[L];
    for (int k = 0; k < L; ++k) f[k] = _mm256_castsi256_ps(r[k]);
    transpose(f);
    for (int k = 0; k < L; ++k) r[k] = _mm256_castps_si256(f[k]);
  }
};

#define GRADLAB_POOL_KERNEL __attribute__((target("avx2,f16c")))
#define GRADLAB_POOL_INLINE [[gnu::always_inline]] __attribute__((target("avx2,f16c"))) inline
#include "ops/adaptive_max_pool/forward_simd_kernel.inc"
#undef GRADLAB_POOL_INLINE
#undef GRADLAB_POOL_KERNEL
#undef GRADLAB_POOL_FN

}  // namespace avx2

namespace {

bool cpuHasAvx2F16c() {
  if (!hostHasAvx2()) return false;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
}

const Backend kSse2{"sse2", runGroupSse2};
const Backend kAvx2{"avx2+f16c", runGroupAvx2};
const Backend kAvx512{"avx512", runGroupAvx512};

}  // namespace

bool runGroupSse2(const GroupStep& s) { return sse2::runGroup(s); }
bool runGroupAvx2(const GroupStep& s) { return avx2::runGroup(s); }

#endif  // GRADLAB_POOL_X86

namespace {

struct Backends {
  const Backend* list[3] = {};
  int count = 0;
  Backends() {
#if GRADLAB_POOL_X86
    if (cpuHasAvx2F16c() && hostHasAvx512dq()) list[count++] = &kAvx512;
    if (cpuHasAvx2F16c()) list[count++] = &kAvx2;
    list[count++] = &kSse2;
#endif
  }
};

const Backends& backends() {
  static const Backends b;
  return b;
}

// What activeBackend() returns: the CPU's best until a test pins another (kUnpinnedTag: none pinned).
const Backend kUnpinnedTag{"unpinned", nullptr};
std::atomic<const Backend*> g_pinned{&kUnpinnedTag};

}  // namespace

const Backend* activeBackend() {
  const Backend* pinned = g_pinned.load(std::memory_order_relaxed);
  if (pinned != &kUnpinnedTag) return pinned;
  const Backends& b = backends();
  return b.count > 0 ? b.list[0] : nullptr;
}

const Backend* const* availableBackends(int* count) {
  *count = backends().count;
  return backends().list;
}

void pinBackend(const Backend* backend) { g_pinned.store(backend, std::memory_order_relaxed); }
void resetBackend() { g_pinned.store(&kUnpinnedTag, std::memory_order_relaxed); }

}  // namespace gradlab::ops::adaptive::simd
