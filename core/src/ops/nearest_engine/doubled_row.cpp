#include "ops/nearest_engine/doubled_row.h"

#include <algorithm>
#include <cstring>

#include "ops/common/host_cpu.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define GRADLAB_DOUBLED_ROW_AVX2 1
#endif

namespace gradlab::ops::nearest {
namespace {

// A 2-byte format's exponent bits (all ones: infinity), the bits above its quiet bit's mantissa.
uint16_t infinityBits(uint16_t quietBit) { return static_cast<uint16_t>(0x7FFF & ~(quietBit * 2 - 1)); }

// A 2-byte NaN (exponent all ones, mantissa not zero) with its quiet bit set; anything else unchanged.
uint16_t quietNan(uint16_t x, uint16_t quietBit) {
  return (x & 0x7FFF) > infinityBits(quietBit) ? static_cast<uint16_t>(x | quietBit) : x;
}

// Outputs [from, to) of the doubled row into out[0, to - from).
template <typename T>
void scalarInto(T* out, const T* s, int64_t from, int64_t to, uint16_t quietBit) {
  for (int64_t i = from; i < to; ++i) {
    if constexpr (sizeof(T) == 2) out[i - from] = quietNan(s[i / 2], quietBit);
    else out[i - from] = s[i / 2];
  }
}

template <typename T>
void scalarRange(T* d, const T* s, int64_t from, int64_t to, uint16_t quietBit) {
  scalarInto(d + from, s, from, to, quietBit);
}

#ifdef GRADLAB_DOUBLED_ROW_AVX2
template <bool kStream>
__attribute__((target("avx2"))) void store32(void* d, __m256i v) {
  if constexpr (kStream) _mm256_stream_si256(static_cast<__m256i*>(d), v);
  else _mm256_store_si256(static_cast<__m256i*>(d), v);
}

// From output i (d + i 32-byte aligned) while whole vectors fit; returns where it stopped. Eight outputs
// take four source elements; when i is odd the pattern starts on the second copy of s[i / 2].
template <bool kStream>
__attribute__((target("avx2"))) int64_t vector32(uint32_t* d, const uint32_t* s, int64_t i, int64_t count) {
  const int64_t srcCount = (count + 1) / 2;
  const __m256i pick = (i & 1) ? _mm256_setr_epi32(0, 1, 1, 2, 2, 3, 3, 4) : _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);
  for (; i + 8 <= count && i / 2 + 8 <= srcCount; i += 8) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i / 2));
    store32<kStream>(d + i, _mm256_permutevar8x32_epi32(v, pick));
  }
  return i;
}

// Sixteen 2-byte outputs from two overlapping 8-element loads (one per 128-bit lane, four apart), doubled
// by a byte shuffle within each lane; NaNs get the quiet bit.
template <bool kStream>
__attribute__((target("avx2"))) int64_t vector16(uint16_t* d, const uint16_t* s, int64_t i, int64_t count,
                                                 uint16_t quietBit) {
  const int64_t srcCount = (count + 1) / 2;
  const __m128i even = _mm_setr_epi8(0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7);
  const __m128i odd = _mm_setr_epi8(0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9);
  const __m256i pick = _mm256_broadcastsi128_si256((i & 1) ? odd : even);
  const __m256i magnitude = _mm256_set1_epi16(0x7FFF);
  const __m256i exponent = _mm256_set1_epi16(static_cast<int16_t>(infinityBits(quietBit)));
  const __m256i quiet = _mm256_set1_epi16(static_cast<int16_t>(quietBit));
  for (; i + 16 <= count && i / 2 + 12 <= srcCount; i += 16) {
    const uint16_t* k = s + i / 2;
    const __m256i pair = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(k))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(k + 4)), 1);
    __m256i v = _mm256_shuffle_epi8(pair, pick);
    const __m256i isNan = _mm256_cmpgt_epi16(_mm256_and_si256(v, magnitude), exponent);
    v = _mm256_or_si256(v, _mm256_and_si256(isNan, quiet));
    store32<kStream>(d + i, v);
  }
  return i;
}

template <typename T, bool kStream>
__attribute__((target("avx2"))) void doubled(std::byte* dst, const std::byte* src, int64_t count, uint16_t quietBit) {
  T* d = reinterpret_cast<T*>(dst);
  const T* s = reinterpret_cast<const T*>(src);
  const int64_t head = std::min<int64_t>(count, (32 - reinterpret_cast<uintptr_t>(dst) % 32) % 32 / sizeof(T));
  scalarRange(d, s, 0, head, quietBit);
  int64_t i = head;
  if constexpr (sizeof(T) == 4) i = vector32<kStream>(d, s, i, count);
  else i = vector16<kStream>(d, s, i, count, quietBit);
  // The whole 32-byte pieces the loads could not reach without reading past the row go through a small
  // buffer and the same stores: a normal store into a line that streaming stores are filling costs as much
  // as the whole row.
  constexpr int64_t kPer = 32 / sizeof(T);
  for (; i + kPer <= count; i += kPer) {
    alignas(32) T piece[kPer];
    scalarInto(piece, s, i, i + kPer, quietBit);  // (piece - i would point outside the array: UB)
    store32<kStream>(d + i, _mm256_load_si256(reinterpret_cast<const __m256i*>(piece)));
  }
  scalarRange(d, s, i, count, quietBit);
}
#endif

}  // namespace

bool hostDoublesRows() {
#ifdef GRADLAB_DOUBLED_ROW_AVX2
  return hostHasAvx2();
#else
  return false;
#endif
}

void writeDoubledRow(std::byte* dst, const std::byte* src, int64_t count, size_t elementBytes, uint16_t quietBit16,
                     bool stream) {
#ifdef GRADLAB_DOUBLED_ROW_AVX2
  if (elementBytes == 4) {
    if (stream) doubled<uint32_t, true>(dst, src, count, quietBit16);
    else doubled<uint32_t, false>(dst, src, count, quietBit16);
  } else {
    if (stream) doubled<uint16_t, true>(dst, src, count, quietBit16);
    else doubled<uint16_t, false>(dst, src, count, quietBit16);
  }
#else
  if (elementBytes == 4) scalarRange(reinterpret_cast<uint32_t*>(dst), reinterpret_cast<const uint32_t*>(src), 0, count, 0);
  else scalarRange(reinterpret_cast<uint16_t*>(dst), reinterpret_cast<const uint16_t*>(src), 0, count, quietBit16);
  (void)stream;
#endif
}

}  // namespace gradlab::ops::nearest
