#include "ops/nearest_engine/halved_row.h"

#include <algorithm>
#include <cstring>

#include "gradlab/half.h"
#include "ops/common/host_cpu.h"
#include "ops/common/stream_store.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include "dtype/bf16_widen_avx2.h"
#define GRADLAB_HALVED_ROW_AVX2 1
#endif

namespace gradlab::ops::nearest {
namespace {

// Cells [from, to) one at a time, in the same order as the vectors.
void scalarRange(float* dst, const float* const* rows, int64_t rowCount, int64_t from, int64_t to) {
  for (int64_t j = from; j < to; ++j) {
    float sum = 0.0f;
    for (int64_t h = 0; h < rowCount; ++h) sum = (sum + rows[h][2 * j]) + rows[h][2 * j + 1];
    dst[j] = sum;
  }
}

#ifdef GRADLAB_HALVED_ROW_AVX2

// A 3-D backward's gradInput row takes gradOutput rows from two slices, far apart: the hardware prefetchers
// kept up with one stream (the 1-D and 2-D rows, which software prefetches made slower: 1-D 3.6-4.0 -> 4.4-4.9
// ms) but not with two. Rows that span more than kAheadBytes are prefetched kAheadBytes ahead: the rows the
// same slice's later gradInput rows read (3-D large, 30 calls each after a memcpy, three alternating runs:
// 4.23-4.31 -> 3.30-3.85 ms).
constexpr uintptr_t kAheadBytes = 4096;

template <typename T>
bool spansStreams(const T* const* rows, int64_t rowCount) {
  if (rowCount < 2) return false;
  const auto a = reinterpret_cast<uintptr_t>(rows[0]), b = reinterpret_cast<uintptr_t>(rows[rowCount - 1]);
  return (a > b ? a - b : b - a) > kAheadBytes;
}

// Prefetches the gradOutput cells kAheadBytes past row[2 * from, 2 * to), a line at a time.
template <typename T>
void prefetchAhead(const T* row, int64_t from, int64_t to) {
  const auto first = reinterpret_cast<uintptr_t>(row + 2 * from) + kAheadBytes;
  const auto end = reinterpret_cast<uintptr_t>(row + 2 * to) + kAheadBytes;
  for (uintptr_t at = first; at < end; at += 64) __builtin_prefetch(reinterpret_cast<const void*>(at));
}

// (sum + the even columns) + the odd columns of sixteen values at g: eight cells. The even and the odd
// columns are gathered by shuffles within lanes and a cross-lane permute.
[[gnu::always_inline]] __attribute__((target("avx2"))) inline __m256 addPairs(__m256 sum, __m256 a, __m256 b) {
  // [a0 a2 b0 b2 | a4 a6 b4 b6] -> [a0 a2 a4 a6 b0 b2 b4 b6], the same for the odd columns
  const __m256 even = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0x88)), 0xD8));
  const __m256 odd = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0xDD)), 0xD8));
  return _mm256_add_ps(_mm256_add_ps(sum, even), odd);
}

[[gnu::always_inline]] __attribute__((target("avx2"))) inline __m256 addPairs(__m256 sum, const float* g) {
  return addPairs(sum, _mm256_loadu_ps(g), _mm256_loadu_ps(g + 8));
}

// Sums of cells [0, n) into sum from 2n bf16 values, widened in registers as the bulk bf16ToFloat widens
// them (dtype/bf16_widen_avx2.h); `first`: sum holds nothing yet.
__attribute__((target("avx2"))) void addBf16PairsInto(float* sum, const uint16_t* g, int64_t n, bool first) {
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(g + 2 * j));
    const __m256 a = _mm256_castsi256_ps(dtype::bf16Widen8(_mm256_cvtepu16_epi32(_mm256_castsi256_si128(raw))));
    const __m256 b = _mm256_castsi256_ps(dtype::bf16Widen8(_mm256_cvtepu16_epi32(_mm256_extracti128_si256(raw, 1))));
    _mm256_storeu_ps(sum + j, addPairs(first ? _mm256_setzero_ps() : _mm256_loadu_ps(sum + j), a, b));
  }
  for (; j < n; ++j) {
    sum[j] = ((first ? 0.0f : sum[j]) + bf16BitsToFloat(g[2 * j])) + bf16BitsToFloat(g[2 * j + 1]);
  }
}

// The row a chunk of cells at a time: every row but the last is summed into a small buffer that stays in
// L1, one row after the other, and the last row's sums go out from registers. Reading the rows one after
// the other keeps the reads in address order when they are neighbours (2x along H): taking them a vector
// of each in turn ran 1.3x slower than the staged path on the 2-D benchmark.
constexpr int64_t kChunk = 512;

template <bool kStream>
__attribute__((target("avx2"))) void halved(float* dst, const float* const* rows, int64_t rowCount, int64_t width) {
  const int64_t head = std::min<int64_t>(width, (32 - reinterpret_cast<uintptr_t>(dst) % 32) % 32 / sizeof(float));
  scalarRange(dst, rows, rowCount, 0, head);
  const int64_t end = head + (width - head) / 8 * 8;
  alignas(32) float partial[kChunk];
  const bool ahead = spansStreams(rows, rowCount);
  for (int64_t c0 = head; c0 < end; c0 += kChunk) {
    const int64_t c1 = std::min(end, c0 + kChunk);
    for (int64_t h = 0; h + 1 < rowCount; ++h) {
      if (ahead) prefetchAhead(rows[h], c0, c1);
      for (int64_t j = c0; j < c1; j += 8) {
        const __m256 sum = h == 0 ? _mm256_setzero_ps() : _mm256_load_ps(partial + (j - c0));
        _mm256_store_ps(partial + (j - c0), addPairs(sum, rows[h] + 2 * j));
      }
    }
    if (ahead) prefetchAhead(rows[rowCount - 1], c0, c1);
    for (int64_t j = c0; j < c1; j += 8) {
      __m256 sum = rowCount > 1 ? _mm256_load_ps(partial + (j - c0)) : _mm256_setzero_ps();
      if (rowCount > 0) sum = addPairs(sum, rows[rowCount - 1] + 2 * j);
      if constexpr (kStream) _mm256_stream_ps(dst + j, sum);
      else _mm256_store_ps(dst + j, sum);
    }
  }
  scalarRange(dst, rows, rowCount, end, width);
}

// Sums of cells [0, n) into sum (fp32), `first`: sum holds nothing yet. g: 2n widened values.
__attribute__((target("avx2"))) void addPairsInto(float* sum, const float* g, int64_t n, bool first) {
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    const __m256 s = first ? _mm256_setzero_ps() : _mm256_loadu_ps(sum + j);
    _mm256_storeu_ps(sum + j, addPairs(s, g + 2 * j));
  }
  for (; j < n; ++j) sum[j] = ((first ? 0.0f : sum[j]) + g[2 * j]) + g[2 * j + 1];
}
#endif

}  // namespace

void writeHalvedRow16(uint16_t* dst, const uint16_t* const* rows, int64_t rowCount, int64_t width, bool bf16,
                      bool stream) {
#ifdef GRADLAB_HALVED_ROW_AVX2
  alignas(32) float wide[2 * kChunk], sum[kChunk];
  alignas(32) uint16_t narrow[kChunk];
  const bool ahead = spansStreams(rows, rowCount);  // as the fp32 rows (halved)
  for (int64_t c0 = 0; c0 < width; c0 += kChunk) {
    const int64_t n = std::min(kChunk, width - c0);
    if (rowCount == 0) std::fill(sum, sum + n, 0.0f);
    for (int64_t h = 0; h < rowCount; ++h) {
      if (ahead) prefetchAhead(rows[h], c0, c0 + n);
      if (bf16) {
        addBf16PairsInto(sum, rows[h] + 2 * c0, n, h == 0);
      } else {  // F16C widens fp16; the bulk conversion checks that the CPU has it
        halfToFloat(rows[h] + 2 * c0, wide, static_cast<size_t>(2 * n));
        addPairsInto(sum, wide, n, h == 0);
      }
    }
    if (bf16) floatToBf16(sum, narrow, static_cast<size_t>(n));
    else floatToHalf(sum, narrow, static_cast<size_t>(n));
    if (stream) streamCopy(dst + c0, narrow, static_cast<size_t>(n) * 2);
    else std::memcpy(dst + c0, narrow, static_cast<size_t>(n) * 2);
  }
#else
  (void)dst, (void)rows, (void)rowCount, (void)width, (void)bf16, (void)stream;
#endif
}

bool hostHalvesRows() {
#ifdef GRADLAB_HALVED_ROW_AVX2
  return hostHasAvx2();
#else
  return false;
#endif
}

void writeHalvedRow(float* dst, const float* const* rows, int64_t rowCount, int64_t width, bool stream) {
#ifdef GRADLAB_HALVED_ROW_AVX2
  if (stream) halved<true>(dst, rows, rowCount, width);
  else halved<false>(dst, rows, rowCount, width);
#else
  scalarRange(dst, rows, rowCount, 0, width);
  (void)stream;
#endif
}

}  // namespace gradlab::ops::nearest
