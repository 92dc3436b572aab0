// Internal: the branch-free per-element fp16 / bf16 conversion kernels shared by the scalar API
// (half.cpp) and the portable bulk loops (half_bulk.cpp), plus the bulk back-ends for the tests.
//
// The kernels work on uint32 bit patterns with selects instead of branches, so a plain loop over them
// auto-vectorizes (SSE2 baseline, or AVX2 inside a target("avx2") function).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "dtype/bits.h"

namespace gradlab::dtype {

// cond ? a : b as bit arithmetic. Plain ?: on values computed with float operations tends to be turned
// back into branches (the float op gets sunk into one arm and, as it may trap, is not if-converted
// again), which stops the loops from vectorizing.
inline uint32_t select(bool cond, uint32_t a, uint32_t b) {
  const uint32_t mask = 0u - static_cast<uint32_t>(cond);
  return (a & mask) | (b & ~mask);
}

// fp16 bits (low 16 bits of h) -> fp32 bits. Exact; NaN keeps sign and payload and is made quiet.
inline uint32_t halfToFloatKernel(uint32_t h) {
  const uint32_t sign = (h & 0x8000u) << 16;
  const uint32_t em = h & 0x7FFFu;                 // exponent and mantissa
  const uint32_t normal = (em << 13) + 0x38000000u;  // rebias the exponent: 15 -> 127 (+112 << 23)
  const uint32_t quiet = em > 0x7C00u ? 0x00400000u : 0u;
  const uint32_t special = (em << 13) | 0x7F800000u | quiet;  // Inf, NaN
  // Subnormal: em * 2^-24 exactly (em < 1024 converts exactly; scaling by a power of two is exact and the
  // result is a normal fp32, so neither the rounding mode nor FTZ/DAZ can change it).
  const uint32_t subnormal = bitCast<uint32_t>(static_cast<float>(static_cast<int32_t>(em)) * 0x1p-24f);
  uint32_t r = em >= 0x7C00u ? special : normal;
  r = select(em < 0x0400u, subnormal, r);
  return sign | r;
}

// fp32 bits -> fp16 bits, round to nearest even, overflow to Inf, NaN -> quiet NaN with the top payload.
inline uint16_t floatToHalfKernel(uint32_t f) {
  const uint32_t sign = (f >> 16) & 0x8000u;
  const int32_t a = static_cast<int32_t>(f & 0x7FFFFFFFu);  // |f|; signed compares vectorize on SSE2
  const uint32_t ua = static_cast<uint32_t>(a);
  // Normal range [2^-14, 65520): rebias (-112 << 23), then round the 13 dropped bits to nearest even by
  // adding 0xFFF plus the kept lsb; a carry out of the mantissa correctly bumps the exponent (up to Inf).
  const uint32_t normal = (ua - 0x38000000u + 0x0FFFu + ((ua >> 13) & 1u)) >> 13;
  // Below 2^-14 (half subnormals and zero): adding 0.5f aligns |f| so that the fp32 lsb is the half
  // subnormal unit 2^-24, and the fp32 adder rounds to nearest even; the difference of the bit patterns is
  // the half (a result of 0x0400 is the smallest normal half, reached by rounding up).
  const uint32_t subnormal = bitCast<uint32_t>(bitCast<float>(ua) + 0.5f) - 0x3F000000u;
  const uint32_t nan = 0x7E00u | ((ua >> 13) & 0x03FFu);
  uint32_t r = select(a < 0x38800000, subnormal, normal);
  r = select(a >= 0x477FF000, 0x7C00u, r);  // 65520 and up (incl. Inf) round to Inf; the normal path agrees
  r = select(a > 0x7F800000, nan, r);
  return static_cast<uint16_t>(sign | r);
}

// bf16 bits -> fp32 bits. Exact; NaN keeps sign and payload and is made quiet.
inline uint32_t bf16ToFloatKernel(uint32_t b) {
  const uint32_t w = (b & 0xFFFFu) << 16;
  const uint32_t quiet = (b & 0x7FFFu) > 0x7F80u ? 0x00400000u : 0u;
  return w | quiet;
}

// fp32 bits -> bf16 bits, round to nearest even (overflow carries into Inf), NaN -> quiet NaN.
inline uint16_t floatToBf16Kernel(uint32_t f) {
  const uint32_t rounded = (f + 0x7FFFu + ((f >> 16) & 1u)) >> 16;
  const uint32_t nan = (f >> 16) | 0x0040u;
  const int32_t a = static_cast<int32_t>(f & 0x7FFFFFFFu);
  return static_cast<uint16_t>(a > 0x7F800000 ? nan : rounded);
}

// fp32 -> bf16 over 16 lanes with AVX-512 F (bf16_narrow_avx512.cpp); only where the CPU has it.
void floatToBf16Avx512(const float* src, uint16_t* dst, size_t n);

// The bulk back-ends, exposed so the tests can check each one against the scalar conversions.
struct BulkKernels {
  const char* name;
  void (*halfToFloat)(const uint16_t* src, float* dst, size_t n);
  void (*floatToHalf)(const float* src, uint16_t* dst, size_t n);
  void (*bf16ToFloat)(const uint16_t* src, float* dst, size_t n);
  void (*floatToBf16)(const float* src, uint16_t* dst, size_t n);
};

const BulkKernels& portableBulkKernels();  // plain loops, auto-vectorized for the build's baseline ISA
const BulkKernels* x86BulkKernels();       // F16C + AVX2; nullptr when the CPU or compiler lacks them
const BulkKernels* x86Avx512BulkKernels(); // the same with AVX-512 F where it pays; nullptr without
const BulkKernels& activeBulkKernels();    // what gradlab::halfToFloat & co. use (picked once)

}  // namespace gradlab::dtype
