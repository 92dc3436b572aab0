// IEEE 754 binary16 (fp16, "half") and bfloat16 storage types and their conversions to and from fp32.
//
// Every conversion follows IEEE 754 in the default floating-point environment:
//   * float -> fp16 / bf16 rounds to nearest, ties to even; magnitudes that round past the largest
//     finite value become +-Inf (fp16: |x| >= 65520 -> Inf, 65519.99 -> 65504);
//   * fp16 subnormals are produced and widened exactly; bf16 shares fp32's exponent range, so fp32
//     subnormals round into bf16 subnormals the same way;
//   * fp16 / bf16 -> float is exact;
//   * a NaN stays a NaN: the sign and the top payload bits that fit are kept and the result is always a
//     quiet NaN (quiet bit forced), so a NaN can never turn into Inf. This is what the x86 F16C
//     instructions do, and the bulk functions below give bit-identical results with or without them.
//
// The bulk functions are meant for memory-bound kernels: contiguous arrays, any alignment, n may be 0.
// Source and destination must not overlap. They use F16C/AVX2 when the CPU has them (checked once at run
// time; the build needs no -m flags) and an auto-vectorized portable loop otherwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// Scalar conversions on raw bit patterns.
uint16_t floatToHalfBits(float value);
float halfBitsToFloat(uint16_t bits);
uint16_t floatToBf16Bits(float value);
float bf16BitsToFloat(uint16_t bits);

// fp16 value type: exactly the 2-byte bit pattern, trivially copyable (memcpy it in and out of tensors).
// Equality compares bits, so +0 != -0 and a NaN equals the same NaN pattern.
struct Half {
  uint16_t bits;

  static Half fromFloat(float value) { return Half{floatToHalfBits(value)}; }
  float toFloat() const { return halfBitsToFloat(bits); }
  friend bool operator==(Half a, Half b) = default;
};

// bfloat16 value type (the top 16 bits of an fp32, rounded): same contract as Half.
struct BFloat16 {
  uint16_t bits;

  static BFloat16 fromFloat(float value) { return BFloat16{floatToBf16Bits(value)}; }
  float toFloat() const { return bf16BitsToFloat(bits); }
  friend bool operator==(BFloat16 a, BFloat16 b) = default;
};

static_assert(sizeof(Half) == 2 && alignof(Half) == 2);
static_assert(sizeof(BFloat16) == 2 && alignof(BFloat16) == 2);
static_assert(std::is_trivially_copyable_v<Half> && std::is_trivial_v<Half>);
static_assert(std::is_trivially_copyable_v<BFloat16> && std::is_trivial_v<BFloat16>);

// Bulk conversions of n contiguous elements; dst[i] is bit-identical to the scalar conversion of src[i].
void halfToFloat(const uint16_t* src, float* dst, size_t n);
void floatToHalf(const float* src, uint16_t* dst, size_t n);
void bf16ToFloat(const uint16_t* src, float* dst, size_t n);
void floatToBf16(const float* src, uint16_t* dst, size_t n);

}  // namespace gradlab
GRADLAB_API_END
