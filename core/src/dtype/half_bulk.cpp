// Bulk fp16 / bf16 <-> fp32 conversions for memory-bound kernels.
//
// Two back-ends with bit-identical results:
//   * portable: loops over the branch-free kernels of half_kernels.h, cut into fixed-size blocks so GCC
//     vectorizes them even at -O2 (whose "very cheap" cost model only vectorizes loops whose trip count
//     is a known multiple of the vector width), then a scalar tail;
//   * x86: F16C vcvtph2ps / vcvtps2ph (round to nearest even, which also quiet NaNs and keep the top
//     payload, exactly like the kernels) and AVX2 integer code for bf16, in target("avx2,f16c")
//     functions so the rest of the build needs no -m flags. Picked at run time when the CPU has both;
//   * x86 + AVX-512: the x86 back-end with fp32 -> bf16 over 16 lanes (AVX-512 F: a mask for the NaN lanes and
//     vpmovdw to pack, where AVX2 blends and shuffles): the rounding of a bf16 backward's every output cell.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "dtype/half_kernels.h"
#include "gradlab/half.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define GRADLAB_HALF_X86 1
#include <cpuid.h>
#include <immintrin.h>

#include "dtype/bf16_widen_avx2.h"
#else
#define GRADLAB_HALF_X86 0
#endif

namespace gradlab::dtype {
namespace {

constexpr size_t kBlock = 64;  // elements per fixed-trip-count block (a multiple of any vector width)

// Loads and stores go through memcpy so that unaligned or differently-typed buffers are fine.
inline uint32_t loadBits(const float* p) {
  uint32_t u;
  std::memcpy(&u, p, sizeof u);
  return u;
}
inline void storeBits(float* p, uint32_t u) { std::memcpy(p, &u, sizeof u); }

// Blocks of kBlock values, then the rest: the compiler vectorises the blocks (the kernels are branch-free).
template <uint32_t (*kKernel)(uint32_t)>
void widenPortable(const uint16_t* __restrict src, float* __restrict dst, size_t n) {
  size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    for (size_t j = 0; j < kBlock; ++j) storeBits(dst + i + j, kKernel(src[i + j]));
  }
  for (; i < n; ++i) storeBits(dst + i, kKernel(src[i]));
}

template <uint16_t (*kKernel)(uint32_t)>
void narrowPortable(const float* __restrict src, uint16_t* __restrict dst, size_t n) {
  size_t i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    for (size_t j = 0; j < kBlock; ++j) dst[i + j] = kKernel(loadBits(src + i + j));
  }
  for (; i < n; ++i) dst[i] = kKernel(loadBits(src + i));
}

void halfToFloatPortable(const uint16_t* __restrict src, float* __restrict dst, size_t n) {
  widenPortable<halfToFloatKernel>(src, dst, n);
}
void floatToHalfPortable(const float* __restrict src, uint16_t* __restrict dst, size_t n) {
  narrowPortable<floatToHalfKernel>(src, dst, n);
}
void bf16ToFloatPortable(const uint16_t* __restrict src, float* __restrict dst, size_t n) {
  widenPortable<bf16ToFloatKernel>(src, dst, n);
}
void floatToBf16Portable(const float* __restrict src, uint16_t* __restrict dst, size_t n) {
  narrowPortable<floatToBf16Kernel>(src, dst, n);
}

const BulkKernels kPortable{"portable", halfToFloatPortable, floatToHalfPortable, bf16ToFloatPortable,
                            floatToBf16Portable};

#if GRADLAB_HALF_X86

#define GRADLAB_X86_TARGET __attribute__((target("avx2,f16c")))

GRADLAB_X86_TARGET void halfToFloatX86(const uint16_t* src, float* dst, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 8));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(a));
    _mm256_storeu_ps(dst + i + 8, _mm256_cvtph_ps(b));
  }
  if (i + 8 <= n) {
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i))));
    i += 8;
  }
  for (; i < n; ++i) storeBits(dst + i, halfToFloatKernel(src[i]));
}

GRADLAB_X86_TARGET void floatToHalfX86(const float* src, uint16_t* dst, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i a = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
    const __m128i b = _mm256_cvtps_ph(_mm256_loadu_ps(src + i + 8), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), a);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i + 8), b);
  }
  if (i + 8 <= n) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
    i += 8;
  }
  for (; i < n; ++i) dst[i] = floatToHalfKernel(loadBits(src + i));
}

GRADLAB_X86_TARGET void bf16ToFloatX86(const uint16_t* src, float* dst, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    const __m256i lo = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(raw));
    const __m256i hi = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(raw, 1));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), bf16Widen8(lo));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i + 8), bf16Widen8(hi));
  }
  for (; i < n; ++i) storeBits(dst + i, bf16ToFloatKernel(src[i]));
}

// 8 fp32 bit patterns -> 8 bf16 in the low half of 32-bit lanes; same arithmetic as floatToBf16Kernel.
GRADLAB_X86_TARGET inline __m256i bf16Narrow8(__m256i f) {
  const __m256i hi16 = _mm256_srli_epi32(f, 16);
  const __m256i lsb = _mm256_and_si256(hi16, _mm256_set1_epi32(1));
  const __m256i rounded = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(f, _mm256_set1_epi32(0x7FFF)), lsb), 16);
  const __m256i nan = _mm256_or_si256(hi16, _mm256_set1_epi32(0x0040));
  const __m256i isNan =
      _mm256_cmpgt_epi32(_mm256_and_si256(f, _mm256_set1_epi32(0x7FFFFFFF)), _mm256_set1_epi32(0x7F800000));
  return _mm256_blendv_epi8(rounded, nan, isNan);
}

GRADLAB_X86_TARGET void floatToBf16X86(const float* src, uint16_t* dst, size_t n) {
  size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i a = bf16Narrow8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i)));
    const __m256i b = bf16Narrow8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i + 8)));
    // packus works within 128-bit lanes: [a0..3 b0..3 | a4..7 b4..7]; put the 64-bit quarters in order.
    const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), packed);
  }
  for (; i < n; ++i) dst[i] = floatToBf16Kernel(loadBits(src + i));
}

#undef GRADLAB_X86_TARGET

const BulkKernels kX86{"f16c+avx2", halfToFloatX86, floatToHalfX86, bf16ToFloatX86, floatToBf16X86};
const BulkKernels kX86Avx512{"f16c+avx2+avx512", halfToFloatX86, floatToHalfX86, bf16ToFloatX86, floatToBf16Avx512};

bool cpuHasX86Kernels() {
  // __builtin_cpu_supports("avx2") also checks that the OS saves the YMM registers. F16C is read from
  // CPUID directly: older clang does not know the "f16c" feature name.
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2")) return false;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
}

bool cpuHasAvx512() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f");  // also checks that the OS saves the ZMM registers
}

#endif  // GRADLAB_HALF_X86

}  // namespace

const BulkKernels& portableBulkKernels() { return kPortable; }

const BulkKernels* x86BulkKernels() {
#if GRADLAB_HALF_X86
  static const bool available = cpuHasX86Kernels();
  return available ? &kX86 : nullptr;
#else
  return nullptr;
#endif
}

const BulkKernels* x86Avx512BulkKernels() {
#if GRADLAB_HALF_X86
  static const bool available = x86BulkKernels() != nullptr && cpuHasAvx512();
  return available ? &kX86Avx512 : nullptr;
#else
  return nullptr;
#endif
}

const BulkKernels& activeBulkKernels() {
  static const BulkKernels& active = x86Avx512BulkKernels() ? *x86Avx512BulkKernels()
                                     : x86BulkKernels()     ? *x86BulkKernels()
                                                            : kPortable;
  return active;
}

}  // namespace gradlab::dtype

namespace gradlab {

void halfToFloat(const uint16_t* src, float* dst, size_t n) { dtype::activeBulkKernels().halfToFloat(src, dst, n); }
void floatToHalf(const float* src, uint16_t* dst, size_t n) { dtype::activeBulkKernels().floatToHalf(src, dst, n); }
void bf16ToFloat(const uint16_t* src, float* dst, size_t n) { dtype::activeBulkKernels().bf16ToFloat(src, dst, n); }
void floatToBf16(const float* src, uint16_t* dst, size_t n) { dtype::activeBulkKernels().floatToBf16(src, dst, n); }

}  // namespace gradlab
