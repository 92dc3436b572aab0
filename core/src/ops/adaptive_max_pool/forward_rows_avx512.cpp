// The forward's group kernel with AVX-512 (16 lanes and mask registers), in row form throughout: pass 1 is the
// other back-ends' (forward_simd_columns.inc), each lane's column winners in a row of UB; then each lane's
// windows are reduced along that row, up to 16 windows at a time, by two-register permutes (vpermt2ps) that
// bring every window's k-th column into one vector; a short block (8 or 4 windows) takes 2 or 4 lanes at once.
// The SSE2 / AVX2 kernels transpose the column winners to lanes and the window winners back (about half of
// their work on the benchmarks' shapes); this one needs no transpose. The same winners: the same bits. Steps
// it does not take (chunks under 16 columns, windows over 32 columns wide) go to the AVX2 kernel.
// GCC 12 warns of the _mm512_undefined_* sources inside many AVX-512 intrinsics (GCC bug 105593, fixed in 13);
// the pragma comes before the intrinsics' header is read, whose lines the warnings name.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "ops/adaptive_max_pool/forward_simd_backends.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

#if GRADLAB_POOL_X86
#include <immintrin.h>

namespace gradlab::ops::adaptive::simd {
namespace avx512 {

#define GRADLAB_POOL_FN [[gnu::always_inline]] __attribute__((target("avx512f"))) static inline

struct V {
  static constexpr int L = 16;
  using F = __m512;
  using I = __m512i;
  using M = __mmask16;

  GRADLAB_POOL_FN F load(const float* p) { return _mm512_loadu_ps(p); }
  GRADLAB_POOL_FN __m256i loadHalves(const std::byte* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
  GRADLAB_POOL_FN F widenBf16(__m256i bits) { return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(bits), 16)); }
  GRADLAB_POOL_FN F widenF16(__m256i bits) { return _mm512_cvtph_ps(bits); }  // exact; NaN stays a NaN
  GRADLAB_POOL_FN void store(float* p, F v) { _mm512_storeu_ps(p, v); }
  GRADLAB_POOL_FN void storeInt(int32_t* p, I v) { _mm512_storeu_si512(p, v); }
  GRADLAB_POOL_FN M noMask() { return 0; }
  GRADLAB_POOL_FN I set1(int32_t v) { return _mm512_set1_epi32(v); }
  GRADLAB_POOL_FN I iota() { return _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15); }
  GRADLAB_POOL_FN I add(I a, I b) { return _mm512_add_epi32(a, b); }
  GRADLAB_POOL_FN M greater(F a, F b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
  GRADLAB_POOL_FN M unordered(F a, F b) { return _mm512_cmp_ps_mask(a, b, _CMP_UNORD_Q); }
  GRADLAB_POOL_FN M orMask(M a, M b) { return static_cast<M>(a | b); }
  GRADLAB_POOL_FN F select(M m, F a, F b) { return _mm512_mask_mov_ps(b, m, a); }
  GRADLAB_POOL_FN I selectInt(M m, I a, I b) { return _mm512_mask_mov_epi32(b, m, a); }
};

#define GRADLAB_POOL_INLINE [[gnu::always_inline]] __attribute__((target("avx512f"))) inline
#include "ops/adaptive_max_pool/forward_simd_columns.inc"

namespace {

constexpr int kSpan = 2 * V::L;  // the column winners one block of windows may read

static_assert(V::L == 16 && kSpan == 32, "WindowBlock (forward_simd.h) holds 16 windows in 32 columns");

// The block of windows from output column `out` of the step: as many consecutive windows as fit in kSpan
// column winners from the first one's start, at most 16.
WindowBlock nextBlock(const GroupStep& s, int out) {
  WindowBlock b{};
  b.out = out;
  const int32_t start = s.winStart[out];
  while (b.count < V::L && out + b.count < s.outs && s.winEnd[out + b.count] - start <= kSpan) {
    b.widest = std::max(b.widest, s.winEnd[out + b.count] - s.winStart[out + b.count]);
    ++b.count;
  }
  b.base = start - s.firstCol;
  const int have = std::min(s.cols - b.base, kSpan);
  const auto bits = [](int n) { return static_cast<uint16_t>(n >= V::L ? 0xFFFF : n <= 0 ? 0 : (1u << n) - 1); };
  b.lo = bits(have);
  b.hi = bits(have - V::L);
  // A short block (the row's last, or a narrow row's only one) shares its vector with the next lanes' blocks.
  const int32_t span = s.winEnd[out + b.count - 1] - start;
  b.lanes = b.count <= V::L / 4 && span <= kSpan / 4 ? 4 : b.count <= V::L / 2 && span <= kSpan / 2 ? 2 : 1;
  return b;
}

// The step's blocks into s.blocks, when it has room for them.
void keepBlocks(const GroupStep& s) {
  ChunkBlocks& kept = *s.blocks;
  kept.count = 0;
  for (int out = 0; out < s.outs; out += kept.block[kept.count++].count) {
    if (kept.count == ChunkBlocks::kMost) {
      kept.count = ChunkBlocks::kMost + 1;
      return;
    }
    kept.block[kept.count] = nextBlock(s, out);
  }
}

// (x, xi) replaces (best, at) where its value is larger, or equal with a smaller row-major index.
GRADLAB_POOL_INLINE void takeBetter(V::F x, V::I xi, V::F& best, V::I& at) {
  const __mmask16 tie = _mm512_cmp_ps_mask(x, best, _CMP_EQ_OQ);
  const __mmask16 take = static_cast<__mmask16>(V::greater(x, best) | _mm512_mask_cmpgt_epi32_mask(tie, at, xi));
  best = V::select(take, x, best);
  at = V::selectInt(take, xi, at);
}

// The block's windows on lanes [0, s.lanes): K columns at most (K = 0: any number up to kSpan), each won as
// reduceWindow in forward_simd_kernel.inc wins it: the larger value, a tie keeping the smaller row-major index.
// P lanes at a time (WindowBlock::lanes): lane j + q's windows in the vector's q-th share of 16 / P, read from
// the q-th share of 32 / P of the two source vectors.
template <int K, bool kWide, int P>
GRADLAB_POOL_INLINE void reduceBlockWindows(const GroupStep& s, const WindowBlock& b) {
  using F = V::F;
  using I = V::I;
  using Index = std::conditional_t<kWide, int64_t, int32_t>;
  constexpr int kShare = V::L / P, kSegment = kSpan / P;
  const __mmask16 windows = static_cast<__mmask16>(b.count >= V::L ? 0xFFFF : (1u << b.count) - 1);
  const I shift = V::set1(s.firstCol + b.base);
  I first = _mm512_sub_epi32(_mm512_maskz_loadu_epi32(windows, s.winStart + b.out), shift);
  I last = _mm512_sub_epi32(_mm512_maskz_loadu_epi32(windows, s.winEnd + b.out), _mm512_add_epi32(shift, V::set1(1)));
  I share[P];  // for P > 1: moves the q-th share of a vector to its start
  if constexpr (P > 1) {
    const I lane = V::iota();
    const I window = _mm512_and_si512(lane, V::set1(kShare - 1));
    const I segment = _mm512_slli_epi32(_mm512_srli_epi32(lane, std::countr_zero(unsigned{kShare})),
                                        std::countr_zero(unsigned{kSegment}));
    first = _mm512_add_epi32(_mm512_permutexvar_epi32(window, first), segment);
    last = _mm512_add_epi32(_mm512_permutexvar_epi32(window, last), segment);
    for (int q = 0; q < P; ++q) share[q] = _mm512_add_epi32(lane, V::set1(q * kShare));
  }
  constexpr int kCols = K > 0 ? K : 1;
  I column[kCols];  // for K > 0: window w's k-th column (its last for narrower windows) in lane w of column[k]
  for (int k = 0; k < kCols; ++k) column[k] = _mm512_min_epi32(_mm512_add_epi32(first, V::set1(k)), last);
  const int widest = K > 0 ? K : b.widest;
  // The step's fields as locals: the stores below may alias the step, which the compiler must assume.
  const int lanes = s.lanes;
  const int64_t vertStride = s.vertStride, outStride = s.outStride;
  const float* vertValue = s.vertValue + b.base;
  const int32_t* vertIndex = s.vertIndex + b.base;
  float* outValues = s.outValue + b.out;
  Index* outIndices = reinterpret_cast<Index*>(s.outIndex) + b.out;
  const bool whole = P == 1 && windows == 0xFFFF;  // 16 windows: a block of one lane
  const __mmask16 segment = P == 4 ? static_cast<__mmask16>(b.lo & 0xFF) : b.lo;
  __mmask16 liveAll = 0;  // the vector's lanes that hold windows, when all P lanes are
  for (int q = 0; q < P; ++q) liveAll = static_cast<__mmask16>(liveAll | windows << (q * kShare));
  for (int j = 0; j < lanes; j += P) {
    const float* value = vertValue + j * vertStride;
    const int32_t* index = vertIndex + j * vertStride;
    F vLo, vHi;
    I iLo, iHi;
    if constexpr (P == 1) {
      vLo = _mm512_maskz_loadu_ps(b.lo, value), vHi = _mm512_maskz_loadu_ps(b.hi, value + V::L);
      iLo = _mm512_maskz_loadu_epi32(b.lo, index), iHi = _mm512_maskz_loadu_epi32(b.hi, index + V::L);
    } else {
      // Lanes past s.lanes read as zeros: their rows of UB hold no column winners of this step.
      const auto from = [&](int q) { return static_cast<__mmask16>(j + q < lanes ? segment : 0); };
      if constexpr (P == 2) {
        vLo = _mm512_maskz_loadu_ps(from(0), value), vHi = _mm512_maskz_loadu_ps(from(1), value + vertStride);
        iLo = _mm512_maskz_loadu_epi32(from(0), index), iHi = _mm512_maskz_loadu_epi32(from(1), index + vertStride);
      } else {  // a lane's 8 columns into the upper half: loaded from 8 cells before them, those 8 masked off
        const auto upper = [&](int q) { return static_cast<__mmask16>(from(q) << 8); };
        vLo = _mm512_mask_loadu_ps(_mm512_maskz_loadu_ps(from(0), value), upper(1), value + vertStride - 8);
        vHi = _mm512_mask_loadu_ps(_mm512_maskz_loadu_ps(from(2), value + 2 * vertStride), upper(3),
                                   value + 3 * vertStride - 8);
        iLo = _mm512_mask_loadu_epi32(_mm512_maskz_loadu_epi32(from(0), index), upper(1), index + vertStride - 8);
        iHi = _mm512_mask_loadu_epi32(_mm512_maskz_loadu_epi32(from(2), index + 2 * vertStride), upper(3),
                                      index + 3 * vertStride - 8);
      }
    }
    F best;
    I at;
    if constexpr (K > 1) {
      // Every window's K candidates at hand: the largest value by vmaxps, then the smallest index among the
      // candidates equal to it, which is the comparisons' winner without a compare per candidate pair. A zero
      // maximum may be +0 or -0, which compare equal but differ in bits: such vectors take the compares below.
      F x[K];
      I xi[K];
      for (int k = 0; k < K; ++k) x[k] = _mm512_permutex2var_ps(vLo, column[k], vHi);
      best = x[0];
      for (int k = 1; k < K; ++k) best = _mm512_max_ps(best, x[k]);
      for (int k = 0; k < K; ++k) xi[k] = _mm512_permutex2var_epi32(iLo, column[k], iHi);
      const __mmask16 live =
          j + P <= lanes ? liveAll : static_cast<__mmask16>(liveAll & ((1u << ((lanes - j) * kShare)) - 1));
      if ((_mm512_cmp_ps_mask(best, _mm512_setzero_ps(), _CMP_EQ_OQ) & live) == 0) [[likely]] {
        at = V::set1(std::numeric_limits<int32_t>::max());
        for (int k = 0; k < K; ++k) {
          at = _mm512_mask_min_epi32(at, _mm512_cmp_ps_mask(x[k], best, _CMP_EQ_OQ), at, xi[k]);
        }
      } else {
        best = x[0], at = xi[0];
        for (int k = 1; k < K; ++k) takeBetter(x[k], xi[k], best, at);
      }
    } else {  // one column (K = 1), or any number: compared left to right
      best = _mm512_permutex2var_ps(vLo, column[0], vHi);
      at = _mm512_permutex2var_epi32(iLo, column[0], iHi);
      for (int k = 1; K == 0 && k < widest; ++k) {
        const I c = _mm512_min_epi32(_mm512_add_epi32(first, V::set1(k)), last);
        takeBetter(_mm512_permutex2var_ps(vLo, c, vHi), _mm512_permutex2var_epi32(iLo, c, iHi), best, at);
      }
    }
    for (int q = 0; q < P && j + q < lanes; ++q) {
      const F shareBest = P > 1 ? _mm512_permutexvar_ps(share[q], best) : best;
      const I shareAt = P > 1 ? _mm512_permutexvar_epi32(share[q], at) : at;
      float* outValue = outValues + (j + q) * outStride;
      Index* outIndex = outIndices + (j + q) * outStride;
      if (whole) {
        _mm512_storeu_ps(outValue, shareBest);
        if constexpr (kWide) {
          _mm512_storeu_si512(outIndex, _mm512_cvtepi32_epi64(_mm512_castsi512_si256(shareAt)));
          _mm512_storeu_si512(outIndex + 8, _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(shareAt, 1)));
        } else {
          _mm512_storeu_si512(outIndex, shareAt);
        }
        continue;
      }
      _mm512_mask_storeu_ps(outValue, windows, shareBest);
      if constexpr (kWide) {
        _mm512_mask_storeu_epi64(outIndex, static_cast<__mmask8>(windows), _mm512_cvtepi32_epi64(_mm512_castsi512_si256(shareAt)));
        if (P == 1) {
          _mm512_mask_storeu_epi64(outIndex + 8, static_cast<__mmask8>(windows >> 8),
                                   _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(shareAt, 1)));
        }
      } else {
        _mm512_mask_storeu_epi32(outIndex, windows, shareAt);
      }
    }
  }
}

// The step's prefetches go out in s.lanes shares during pass 1 (one a lane) and kWindowShares during pass 2.
constexpr int kWindowShares = 6;

template <bool kWide, int P>
GRADLAB_POOL_INLINE void reduceBlock(const GroupStep& s, const WindowBlock& b) {
  switch (b.widest) {
    case 1: reduceBlockWindows<1, kWide, P>(s, b); break;
    case 2: reduceBlockWindows<2, kWide, P>(s, b); break;
    case 3: reduceBlockWindows<3, kWide, P>(s, b); break;
    case 4: reduceBlockWindows<4, kWide, P>(s, b); break;
    default: reduceBlockWindows<0, kWide, P>(s, b); break;
  }
}

template <bool kWide>
GRADLAB_POOL_INLINE void reduceAllWindows(const GroupStep& s) {
  if (s.blocks != nullptr && s.blocks->count < 0) keepBlocks(s);
  const ChunkBlocks* kept = s.blocks != nullptr && s.blocks->count <= ChunkBlocks::kMost ? s.blocks : nullptr;
  int share = 0;
  for (int out = 0, k = 0; out < s.outs; ++k) {
    if (share < kWindowShares) prefetchShare(s, s.lanes + share++, s.lanes + kWindowShares);
    const WindowBlock b = kept != nullptr ? kept->block[k] : nextBlock(s, out);
    if (b.lanes == 4) reduceBlock<kWide, 4>(s, b);
    else if (b.lanes == 2) reduceBlock<kWide, 2>(s, b);
    else reduceBlock<kWide, 1>(s, b);
    out += b.count;
  }
  while (share < kWindowShares) prefetchShare(s, s.lanes + share++, s.lanes + kWindowShares);
}

template <RowType T>
__attribute__((target("avx512f"))) bool rowKernel(const GroupStep& s) {
  V::M nan = V::noMask();
  for (int j = 0; j < s.lanes; ++j) {
    prefetchShare(s, j, s.lanes + kWindowShares);
    switch (s.height[j]) {
      case 1: nan = reduceColumns<T, 1>(s, j, nan); break;
      case 2: nan = reduceColumns<T, 2>(s, j, nan); break;
      case 3: nan = reduceColumns<T, 3>(s, j, nan); break;
      case 4: nan = reduceColumns<T, 4>(s, j, nan); break;
      default: nan = reduceColumns<T, 0>(s, j, nan); break;
    }
  }
  if (s.wideIndex) reduceAllWindows<true>(s);
  else reduceAllWindows<false>(s);
  return nan == 0;
}

}  // namespace

#undef GRADLAB_POOL_INLINE
#undef GRADLAB_POOL_FN

}  // namespace avx512

bool runGroupAvx512(const GroupStep& s) {
  if (s.cols < avx512::V::L || s.widest > avx512::kSpan) return runGroupAvx2(s);
  switch (s.type) {
    case RowType::kF16: return avx512::rowKernel<RowType::kF16>(s);
    case RowType::kBF16: return avx512::rowKernel<RowType::kBF16>(s);
    case RowType::kF32: break;
  }
  return avx512::rowKernel<RowType::kF32>(s);
}

}  // namespace gradlab::ops::adaptive::simd

#endif  // GRADLAB_POOL_X86
