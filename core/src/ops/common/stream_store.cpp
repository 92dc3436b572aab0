#include "ops/common/stream_store.h"

#include <algorithm>
#include <cstring>

#include "gradlab/half.h"
#include "ops/common/host_cpu.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define GRADLAB_HAVE_STREAM_STORES 1
#endif

namespace gradlab::ops {

#ifdef GRADLAB_HAVE_STREAM_STORES
namespace {

// The aligned middle of a streaming copy (d aligned to the store width); returns the bytes it copied.
size_t streamMiddleSse2(std::byte* d, const std::byte* s, size_t bytes) {
  size_t i = 0;
  for (; i + 16 <= bytes; i += 16) _mm_stream_si128(reinterpret_cast<__m128i*>(d + i), _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i)));
  return i;
}

// 32 bytes a store, four to a loop: half the instructions of the SSE2 loop for the same bytes.
__attribute__((target("avx2"))) size_t streamMiddleAvx2(std::byte* d, const std::byte* s, size_t bytes) {
  size_t i = 0;
  for (; i + 128 <= bytes; i += 128) {
    for (size_t k = i; k < i + 128; k += 32) _mm256_stream_si256(reinterpret_cast<__m256i*>(d + k), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + k)));
  }
  for (; i + 32 <= bytes; i += 32) _mm256_stream_si256(reinterpret_cast<__m256i*>(d + i), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + i)));
  return i;
}

// streamMiddleAvx2, and the source zeroed behind the loads: an accumulator that goes out and starts again at 0
// is swept once, not streamed out and then cleared in a second pass.
__attribute__((target("avx2"))) size_t streamMiddleAndZeroAvx2(std::byte* d, std::byte* s, size_t bytes) {
  const __m256i zero = _mm256_setzero_si256();
  size_t i = 0;
  for (; i + 128 <= bytes; i += 128) {
    for (size_t k = i; k < i + 128; k += 32) {
      _mm256_stream_si256(reinterpret_cast<__m256i*>(d + k), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + k)));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s + k), zero);
    }
  }
  return i;
}

// The unaligned ends of a streaming copy, 4 bytes a store where they are 4-byte aligned: a normal store
// into a line that streaming stores are also filling (the neighbouring rows of a tensor whose rows do not
// start on 32 bytes) made a ragged backward's copy-out take twice as long.
void streamEdge(std::byte* d, const std::byte* s, size_t bytes) {
  size_t i = 0;
  if (reinterpret_cast<uintptr_t>(d) % 4 == 0) {
    for (; i + 4 <= bytes; i += 4) {
      int v;
      std::memcpy(&v, s + i, 4);
      _mm_stream_si32(reinterpret_cast<int*>(d + i), v);
    }
  }
  std::memcpy(d + i, s + i, bytes - i);
}

}  // namespace
#endif

void streamCopy(void* dst, const void* src, size_t bytes) {
#ifdef GRADLAB_HAVE_STREAM_STORES
  static const bool avx2 = hostHasAvx2();
  auto* d = static_cast<std::byte*>(dst);
  const auto* s = static_cast<const std::byte*>(src);
  const size_t width = avx2 ? 32 : 16;
  const size_t head = std::min(bytes, (width - reinterpret_cast<uintptr_t>(d) % width) % width);
  streamEdge(d, s, head);
  size_t i = head;
  i += avx2 ? streamMiddleAvx2(d + i, s + i, bytes - i) : streamMiddleSse2(d + i, s + i, bytes - i);
  streamEdge(d + i, s + i, bytes - i);
#else
  std::memcpy(dst, src, bytes);
#endif
}

void streamCopyAndZero(void* dst, void* src, size_t bytes) {
#ifdef GRADLAB_HAVE_STREAM_STORES
  static const bool avx2 = hostHasAvx2();
  auto* d = static_cast<std::byte*>(dst);
  auto* s = static_cast<std::byte*>(src);
  if (avx2 && reinterpret_cast<uintptr_t>(d) % 32 == 0) {
    const size_t i = streamMiddleAndZeroAvx2(d, s, bytes);
    streamCopy(d + i, s + i, bytes - i);
    std::memset(s + i, 0, bytes - i);
    return;
  }
#endif
  streamCopy(dst, src, bytes);
  std::memset(src, 0, bytes);
}

void streamFence() {
#ifdef GRADLAB_HAVE_STREAM_STORES
  _mm_sfence();
#endif
}

void streamRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const float* src) {
  if (t.sW != 1 || (t.dtype != ACL_FLOAT && t.dtype != ACL_FLOAT16 && t.dtype != ACL_BF16)) {
    storeRow(t, plane, h, w0, count, src);
    return;
  }
  std::byte* row = t.address(plane, h, w0);
  if (t.dtype == ACL_FLOAT) {
    streamCopy(row, src, static_cast<size_t>(count) * sizeof(float));
    return;
  }
  constexpr int64_t kChunk = 2048;  // rounded in a small buffer that stays in L1, then streamed out
  uint16_t buffer[kChunk];
  for (int64_t i = 0; i < count; i += kChunk) {
    const int64_t n = std::min(kChunk, count - i);
    if (t.dtype == ACL_FLOAT16) floatToHalf(src + i, buffer, static_cast<size_t>(n));
    else floatToBf16(src + i, buffer, static_cast<size_t>(n));
    streamCopy(row + i * 2, buffer, static_cast<size_t>(n) * 2);
  }
}

}  // namespace gradlab::ops
