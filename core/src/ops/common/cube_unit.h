// The emulated cube unit (an AI cube core's matrix multiply, Mmad): C += A x B with A in L0A (M x K), B in
// L0B (K x N) and C in L0C (M x N, fp32). The cube's model, as gradlab states it: every output cell adds its
// K products one after another in K order into L0C, which the caller starts at +0; products are exact
// (fp32 x {0, 1} and fp16 x fp16 both fit an fp32). Where one operand is a 0/1 selection matrix, most
// products are 0 x value: those add nothing when the value is finite (the sum stays the same, +0 included),
// so they are skipped; 0 x inf and 0 x NaN are NaN, as IEEE and the hardware have it, and are added.
// `onAdd(m, k, n, value, weight, sumAfter)` sees every product that was added, in order, when kTrace.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace gradlab::ops::cube {

// Strides are in elements; rows are contiguous.
struct MmadShape {
  int64_t m = 0, k = 0, n = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
};

// A zero product of a finite value adds nothing.
inline bool addsSomething(float weight, float value) { return weight != 0.0f || !std::isfinite(value); }

// C += A x B where B is the selection matrix (the cube strategy's W pass: A = gradOutput rows, B = a slide
// of A_W).
template <bool kTrace, typename OnAdd>
void mmadBySelection(const float* a, const float* b, float* c, const MmadShape& s, OnAdd&& onAdd) {
  // The non-zero entries of each column of B, in K order.
  std::vector<int64_t> first(static_cast<size_t>(s.n) + 1, 0), ks;
  std::vector<float> ws;
  for (int64_t n = 0; n < s.n; ++n) {
    for (int64_t k = 0; k < s.k; ++k) {
      const float w = b[k * s.ldb + n];
      if (w != 0.0f) ks.push_back(k), ws.push_back(w);
    }
    first[static_cast<size_t>(n) + 1] = static_cast<int64_t>(ks.size());
  }
  for (int64_t m = 0; m < s.m; ++m) {
    const float* arow = a + m * s.lda;
    float* crow = c + m * s.ldc;
    bool finite = true;
    for (int64_t k = 0; k < s.k && finite; ++k) finite = std::isfinite(arow[k]);
    for (int64_t n = 0; n < s.n; ++n) {
      if (finite) {
        for (int64_t i = first[static_cast<size_t>(n)]; i < first[static_cast<size_t>(n) + 1]; ++i) {
          const int64_t k = ks[static_cast<size_t>(i)];
          const float w = ws[static_cast<size_t>(i)];
          crow[n] += arow[k] * w;
          if constexpr (kTrace) onAdd(m, k, n, arow[k], w, crow[n]);
        }
        continue;
      }
      for (int64_t k = 0; k < s.k; ++k) {
        const float w = b[k * s.ldb + n];
        if (!addsSomething(w, arow[k])) continue;
        crow[n] += arow[k] * w;
        if constexpr (kTrace) onAdd(m, k, n, arow[k], w, crow[n]);
      }
    }
  }
}

// C += A x B where A is the selection matrix (the H pass: A = a slide of A_H^T, B = rows of T).
template <bool kTrace, typename OnAdd>
void mmadSelectionBy(const float* a, const float* b, float* c, const MmadShape& s, OnAdd&& onAdd) {
  std::vector<uint8_t> nonFinite(static_cast<size_t>(s.n), 0);  // columns of B holding an infinity or NaN
  bool anyNonFinite = false;
  for (int64_t k = 0; k < s.k; ++k) {
    const float* brow = b + k * s.ldb;
    for (int64_t n = 0; n < s.n; ++n) {
      if (!std::isfinite(brow[n])) nonFinite[static_cast<size_t>(n)] = 1, anyNonFinite = true;
    }
  }
  for (int64_t m = 0; m < s.m; ++m) {
    const float* arow = a + m * s.lda;
    float* crow = c + m * s.ldc;
    if (!kTrace && !anyNonFinite) {  // k outer, n inner: each cell still adds in K order
      for (int64_t k = 0; k < s.k; ++k) {
        const float w = arow[k];
        if (w == 0.0f) continue;
        const float* brow = b + k * s.ldb;
        for (int64_t n = 0; n < s.n; ++n) crow[n] += brow[n] * w;
      }
      continue;
    }
    for (int64_t n = 0; n < s.n; ++n) {
      const bool dense = nonFinite[static_cast<size_t>(n)] != 0;
      for (int64_t k = 0; k < s.k; ++k) {
        const float w = arow[k];
        const float v = b[k * s.ldb + n];
        if (dense ? !addsSomething(w, v) : w == 0.0f) continue;
        crow[n] += v * w;
        if constexpr (kTrace) onAdd(m, k, n, v, w, crow[n]);
      }
    }
  }
}

// Multiply-adds the cube runs for an M x K x N product, whole fractals counted (16 x 16 x 16 for
// FLOAT16/BF16 operands, 16 x 8 x 16 for FLOAT).
inline uint64_t fractalMacs(int64_t m, int64_t k, int64_t n, bool fp32) {
  const int64_t k0 = fp32 ? 8 : 16;
  auto up = [](int64_t v, int64_t q) { return (v + q - 1) / q * q; };
  return static_cast<uint64_t>(up(m, 16)) * static_cast<uint64_t>(up(k, k0)) * static_cast<uint64_t>(up(n, 16));
}

}  // namespace gradlab::ops::cube
