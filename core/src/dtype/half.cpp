// Scalar fp16 / bf16 <-> fp32 conversions (see gradlab/half.h for the rounding and NaN contract).
#include "gradlab/half.h"

#include <bit>

#include "dtype/bits.h"
#include "dtype/half_kernels.h"

namespace gradlab {

uint16_t floatToHalfBits(float value) { return dtype::floatToHalfKernel(bitCast<uint32_t>(value)); }

float halfBitsToFloat(uint16_t bits) { return bitCast<float>(dtype::halfToFloatKernel(bits)); }

uint16_t floatToBf16Bits(float value) { return dtype::floatToBf16Kernel(bitCast<uint32_t>(value)); }

float bf16BitsToFloat(uint16_t bits) { return bitCast<float>(dtype::bf16ToFloatKernel(bits)); }

}  // namespace gradlab
