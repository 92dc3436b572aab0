#include "api_client/splitmix_cells.h"

#include <atomic>
#include <cstring>

#include "ops/common/host_cpu.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GRADLAB_SPLITMIX_AVX512 1
#include <immintrin.h>
#else
#define GRADLAB_SPLITMIX_AVX512 0
#endif

namespace gradlab::runner {
namespace {

constexpr uint64_t kMix1 = 0xBF58476D1CE4E5B9ull, kMix2 = 0x94D049BB133111EBull;
constexpr float kCellScale = 1.0f / (1 << 23);

float cellOf(uint64_t z) {
  const uint64_t bits = z >> 40;  // 24 random bits
  return static_cast<float>(static_cast<int64_t>(bits) - (1 << 23)) * kCellScale;
}

std::atomic<bool> g_vectorsAllowed{true};

#if GRADLAB_SPLITMIX_AVX512
// Eight lanes in GCC's vector types (its AVX-512 intrinsics warn of an uninitialized operand under -O2).
using U64x8 = uint64_t __attribute__((vector_size(64)));
using I32x8 = int32_t __attribute__((vector_size(32)));
using F32x8 = float __attribute__((vector_size(32)));

// Cells [0, n - n % 8) of the stream starting after `start`; lane k of a step holds cell i + k, whose state is
// start + (i + k + 1) * the increment. The integer steps are splitmix64's; the float steps are exact (a 24-bit
// integer, times a power of two).
__attribute__((target("avx512f,avx512dq"))) size_t cellsAvx512(uint64_t start, float* out, size_t n, bool stream) {
  const U64x8 lane = {1, 2, 3, 4, 5, 6, 7, 8};
  U64x8 state = start + lane * kSplitmixIncrement;
  const bool aligned = reinterpret_cast<uintptr_t>(out) % 32 == 0;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    U64x8 z = state;
    z = (z ^ (z >> 30)) * kMix1;
    z = (z ^ (z >> 27)) * kMix2;
    z ^= z >> 31;
    const I32x8 bits = __builtin_convertvector(z >> 40, I32x8) - (1 << 23);
    const F32x8 cells = __builtin_convertvector(bits, F32x8) * kCellScale;
    if (stream && aligned) _mm256_stream_ps(out + i, reinterpret_cast<__m256>(cells));
    else std::memcpy(out + i, &cells, sizeof cells);
    state += kSplitmixIncrement * 8;
  }
  if (stream && aligned) _mm_sfence();
  return i;
}
#endif

}  // namespace

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += kSplitmixIncrement);
  z = (z ^ (z >> 30)) * kMix1;
  z = (z ^ (z >> 27)) * kMix2;
  return z ^ (z >> 31);
}

void splitmixCells(uint64_t& state, float* out, size_t n, bool stream) {
  size_t i = 0;
#if GRADLAB_SPLITMIX_AVX512
  if (n >= 8 && g_vectorsAllowed.load(std::memory_order_relaxed) && ops::hostHasAvx512dq()) {
    i = cellsAvx512(state, out, n, stream);
    state += i * kSplitmixIncrement;
  }
#else
  (void)stream;
#endif
  for (; i < n; ++i) out[i] = cellOf(splitmix64(state));
}

void allowSplitmixVectors(bool allow) { g_vectorsAllowed.store(allow, std::memory_order_relaxed); }

}  // namespace gradlab::runner

#undef GRADLAB_SPLITMIX_AVX512
