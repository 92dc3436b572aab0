// GCC 12 warns of the _mm512_undefined_* sources inside AVX-512 permutes (GCC bug 105593, fixed in 13); the
// pragma comes before the intrinsics' header is read, whose lines the warnings name.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

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

// Where a row goes: `copies` rows with the same alignment, each written with the same values.
template <typename T>
struct Rows {
  T* const* at;
  int copies;
};

// Outputs [from, to) of the doubled row into out[0, to - from).
template <typename T>
void scalarInto(T* out, const T* s, int64_t from, int64_t to, uint16_t quietBit) {
  for (int64_t i = from; i < to; ++i) {
    if constexpr (sizeof(T) == 2) out[i - from] = quietNan(s[i / 2], quietBit);
    else out[i - from] = s[i / 2];
  }
}

template <typename T>
void scalarRange(Rows<T> d, const T* s, int64_t from, int64_t to, uint16_t quietBit) {
  for (int k = 0; k < d.copies; ++k) scalarInto(d.at[k] + from, s, from, to, quietBit);
}

#ifdef GRADLAB_DOUBLED_ROW_AVX2
template <bool kStream, typename T>
__attribute__((target("avx2"))) void store32(Rows<T> d, int64_t i, __m256i v) {
  for (int k = 0; k < d.copies; ++k) {
    if constexpr (kStream) _mm256_stream_si256(reinterpret_cast<__m256i*>(d.at[k] + i), v);
    else _mm256_store_si256(reinterpret_cast<__m256i*>(d.at[k] + i), v);
  }
}

// From output i (d + i 32-byte aligned) while whole vectors fit; returns where it stopped. Eight outputs
// take four source elements; when i is odd the pattern starts on the second copy of s[i / 2] and takes five.
template <bool kStream>
__attribute__((target("avx2"))) int64_t vector32(Rows<uint32_t> d, const uint32_t* s, int64_t i, int64_t count) {
  const int64_t srcCount = (count + 1) / 2;
  if ((i & 1) == 0) {
    // Eight outputs from exactly four source elements: the load never reaches past the row, so only a
    // count that is not a multiple of eight leaves a tail.
    const __m256i pick = _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3);
    for (; i + 8 <= count; i += 8) {
      const __m256i v = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i / 2)));
      store32<kStream>(d, i, _mm256_permutevar8x32_epi32(v, pick));
    }
    return i;
  }
  const __m256i pick = _mm256_setr_epi32(0, 1, 1, 2, 2, 3, 3, 4);
  for (; i + 8 <= count && i / 2 + 8 <= srcCount; i += 8) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i / 2));
    store32<kStream>(d, i, _mm256_permutevar8x32_epi32(v, pick));
  }
  return i;
}

[[gnu::always_inline]] __attribute__((target("avx2"))) inline __m256i quieted(__m256i v, __m256i magnitude,
                                                                            __m256i exponent, __m256i quiet) {
  const __m256i isNan = _mm256_cmpgt_epi16(_mm256_and_si256(v, magnitude), exponent);
  return _mm256_or_si256(v, _mm256_and_si256(isNan, quiet));
}

// Sixteen 2-byte outputs a step, doubled by a byte shuffle within each 128-bit lane; NaNs get the quiet bit.
// When i is odd each lane needs five elements, so the step takes two overlapping 8-element loads.
template <bool kStream>
__attribute__((target("avx2"))) int64_t vector16(Rows<uint16_t> d, const uint16_t* s, int64_t i, int64_t count,
                                                 uint16_t quietBit) {
  const int64_t srcCount = (count + 1) / 2;
  const __m256i magnitude = _mm256_set1_epi16(0x7FFF);
  const __m256i exponent = _mm256_set1_epi16(static_cast<int16_t>(infinityBits(quietBit)));
  const __m256i quiet = _mm256_set1_epi16(static_cast<int16_t>(quietBit));
  if ((i & 1) == 0) {
    // Sixteen outputs from exactly eight source elements (in both lanes), so nothing past the row is read.
    const __m256i pick = _mm256_setr_epi8(0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7,  //
                                          8, 9, 8, 9, 10, 11, 10, 11, 12, 13, 12, 13, 14, 15, 14, 15);
    for (; i + 16 <= count; i += 16) {
      const __m256i v = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i / 2)));
      store32<kStream>(d, i, quieted(_mm256_shuffle_epi8(v, pick), magnitude, exponent, quiet));
    }
    return i;
  }
  const __m256i pick = _mm256_broadcastsi128_si256(_mm_setr_epi8(0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9));
  for (; i + 16 <= count && i / 2 + 12 <= srcCount; i += 16) {
    const uint16_t* k = s + i / 2;
    const __m256i pair = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(k))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(k + 4)), 1);
    store32<kStream>(d, i, quieted(_mm256_shuffle_epi8(pair, pick), magnitude, exponent, quiet));
  }
  return i;
}

// Whole 64-byte vectors from an even output i (d + i 64-byte aligned): 64 / sizeof(T) outputs from one
// 32-byte load of exactly the source elements they take. One streaming store fills a whole line: on the
// hosts that have them these run 8-10 % faster than two 32-byte stores a line.
template <bool kStream, typename T>
__attribute__((target("avx512f,avx512bw"))) void store64(Rows<T> d, int64_t i, __m512i v) {
  for (int k = 0; k < d.copies; ++k) {
    if constexpr (kStream) _mm512_stream_si512(reinterpret_cast<__m512i*>(d.at[k] + i), v);
    else _mm512_store_si512(d.at[k] + i, v);
  }
}

template <typename T, bool kStream>
__attribute__((target("avx512f,avx512bw"))) int64_t vector64(Rows<T> d, const T* s, int64_t i, int64_t count,
                                                             uint16_t quietBit) {
  constexpr int64_t kPer = 64 / sizeof(T);
  if constexpr (sizeof(T) == 4) {
    const __m512i pick = _mm512_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
    for (; i + kPer <= count; i += kPer) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i / 2));
      store64<kStream>(d, i, _mm512_permutexvar_epi32(pick, _mm512_zextsi256_si512(v)));
    }
  } else {
    alignas(64) static constexpr uint16_t kPick[32] = {0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
                                                     8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15};
    const __m512i pick = _mm512_load_si512(kPick);
    const __m512i magnitude = _mm512_set1_epi16(0x7FFF);
    const __m512i exponent = _mm512_set1_epi16(static_cast<int16_t>(infinityBits(quietBit)));
    const __m512i quiet = _mm512_set1_epi16(static_cast<int16_t>(quietBit));
    for (; i + kPer <= count; i += kPer) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i / 2));
      const __m512i w = _mm512_permutexvar_epi16(pick, _mm512_zextsi256_si512(v));
      const __mmask32 isNan = _mm512_cmpgt_epi16_mask(_mm512_and_si512(w, magnitude), exponent);
      store64<kStream>(d, i, _mm512_mask_mov_epi16(w, isNan, _mm512_or_si512(w, quiet)));
    }
  }
  return i;
}

template <typename T, bool kStream>
__attribute__((target("avx2"))) int64_t vector32Of(Rows<T> d, const T* s, int64_t i, int64_t count, uint16_t quietBit) {
  if constexpr (sizeof(T) == 4) return vector32<kStream>(d, s, i, count);
  else return vector16<kStream>(d, s, i, count, quietBit);
}

template <typename T, bool kStream>
__attribute__((target("avx2"))) void doubled(std::byte* const* dst, int copies, const std::byte* src, int64_t count,
                                             uint16_t quietBit, RowVectors vectors) {
  T* rows[kDoubledCopiesMax];
  for (int k = 0; k < copies; ++k) rows[k] = reinterpret_cast<T*>(dst[k]);
  const Rows<T> d{rows, copies};
  const T* s = reinterpret_cast<const T*>(src);
  const int64_t head = std::min<int64_t>(count, (32 - reinterpret_cast<uintptr_t>(dst[0]) % 32) % 32 / sizeof(T));
  scalarRange(d, s, 0, head, quietBit);
  int64_t i = head;
  constexpr int64_t kPer = 32 / sizeof(T);
  if (vectors == RowVectors::kAvx512 && (i & 1) == 0) {
    // One 32-byte step to a 64-byte boundary, then whole lines.
    if (reinterpret_cast<uintptr_t>(rows[0] + i) % 64 != 0) i = vector32Of<T, kStream>(d, s, i, std::min(count, i + kPer), quietBit);
    if (reinterpret_cast<uintptr_t>(rows[0] + i) % 64 == 0) i = vector64<T, kStream>(d, s, i, count, quietBit);
  }
  i = vector32Of<T, kStream>(d, s, i, count, quietBit);
  // The whole 32-byte pieces the loads could not reach without reading past the row (an odd start) go
  // through a small buffer and the same stores: a normal store into a line that streaming stores are
  // filling costs as much as the whole row.
  for (; i + kPer <= count; i += kPer) {
    alignas(32) T piece[kPer];
    scalarInto(piece, s, i, i + kPer, quietBit);  // (piece - i would point outside the array: UB)
    store32<kStream>(d, i, _mm256_load_si256(reinterpret_cast<const __m256i*>(piece)));
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

RowVectors hostRowVectors() {
  return hostHasAvx512bw() ? RowVectors::kAvx512 : RowVectors::kAvx2;
}

void writeDoubledRows(std::byte* const* dst, int copies, const std::byte* src, int64_t count, size_t elementBytes,
                      uint16_t quietBit16, bool stream) {
  static const RowVectors vectors = hostRowVectors();
  writeDoubledRows(dst, copies, src, count, elementBytes, quietBit16, stream, vectors);
}

void writeDoubledRows(std::byte* const* dst, int copies, const std::byte* src, int64_t count, size_t elementBytes,
                      uint16_t quietBit16, bool stream, RowVectors vectors) {
#ifdef GRADLAB_DOUBLED_ROW_AVX2
  if (elementBytes == 4) {
    if (stream) doubled<uint32_t, true>(dst, copies, src, count, quietBit16, vectors);
    else doubled<uint32_t, false>(dst, copies, src, count, quietBit16, vectors);
  } else {
    if (stream) doubled<uint16_t, true>(dst, copies, src, count, quietBit16, vectors);
    else doubled<uint16_t, false>(dst, copies, src, count, quietBit16, vectors);
  }
#else
  for (int k = 0; k < copies; ++k) {
    if (elementBytes == 4) {
      scalarInto(reinterpret_cast<uint32_t*>(dst[k]), reinterpret_cast<const uint32_t*>(src), 0, count, 0);
    } else {
      scalarInto(reinterpret_cast<uint16_t*>(dst[k]), reinterpret_cast<const uint16_t*>(src), 0, count, quietBit16);
    }
  }
  (void)stream;
  (void)vectors;
#endif
}

}  // namespace gradlab::ops::nearest
