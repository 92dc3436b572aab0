#include "ops/common/stream_store.h"

#include <algorithm>
#include <cstring>

#include "gradlab/half.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define GRADLAB_HAVE_STREAM_STORES 1
#endif

namespace gradlab::ops {

void streamCopy(void* dst, const void* src, size_t bytes) {
#ifdef GRADLAB_HAVE_STREAM_STORES
  auto* d = static_cast<std::byte*>(dst);
  const auto* s = static_cast<const std::byte*>(src);
  const size_t head = std::min(bytes, (16 - reinterpret_cast<uintptr_t>(d) % 16) % 16);
  std::memcpy(d, s, head);
  size_t i = head;
  for (; i + 16 <= bytes; i += 16) {
    _mm_stream_si128(reinterpret_cast<__m128i*>(d + i), _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i)));
  }
  std::memcpy(d + i, s + i, bytes - i);
#else
  std::memcpy(dst, src, bytes);
#endif
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
