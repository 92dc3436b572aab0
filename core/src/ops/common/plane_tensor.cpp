#include "ops/common/plane_tensor.h"

#include <atomic>
#include <cstring>

#include "dtype/bits.h"
#include "gradlab/half.h"
#include "runtime/tensor.h"

namespace gradlab::ops {
namespace {

PlaneTensor basic(const aclTensor& t) {
  PlaneTensor p;
  p.dtype = t.dtype;
  p.elementSize = t.elementSize();
  // An empty tensor's data is never read or written and need not point anywhere (the memory check lets any
  // pointer through for it, null or made up): no offset arithmetic on it, which would be undefined.
  p.base = t.empty() || t.data == nullptr ? nullptr
                                          : static_cast<std::byte*>(t.data) + t.offset * static_cast<int64_t>(p.elementSize);
  return p;
}

}  // namespace

PlaneTensor planeTensor4d(const aclTensor& t) {
  PlaneTensor p = basic(t);
  p.N = t.viewDims[0], p.C = t.viewDims[1], p.H = t.viewDims[2], p.W = t.viewDims[3];
  p.sN = t.strides[0], p.sC = t.strides[1], p.sH = t.strides[2], p.sW = t.strides[3];
  return p;
}

PlaneTensor planeTensorNhwc(const aclTensor& t) {
  PlaneTensor p = basic(t);
  p.N = t.viewDims[0], p.H = t.viewDims[1], p.W = t.viewDims[2], p.C = t.viewDims[3];
  p.sN = t.strides[0], p.sH = t.strides[1], p.sW = t.strides[2], p.sC = t.strides[3];
  return p;
}

PlaneTensor planeTensorOf(const aclTensor& t, int spatialRank) {
  if (spatialRank == 1) return planeTensorNcl(t);
  return t.format == ACL_FORMAT_NHWC ? planeTensorNhwc(t) : planeTensor4d(t);
}

PlaneTensor planeTensorDepthRows(const aclTensor& t, const std::vector<int64_t>& order, std::vector<int64_t>* rowOffsets) {
  PlaneTensor p = basic(t);
  const bool unbatched = t.viewDims.size() == 4;  // (C, D, H, W)
  const bool ndhwc = !unbatched && t.format == ACL_FORMAT_NDHWC;
  const int dAxis = unbatched ? 1 : ndhwc ? 1 : 2, cAxis = unbatched ? 0 : ndhwc ? 4 : 1;
  const int64_t D = t.viewDims[dAxis], H = t.viewDims[dAxis + 1], sD = t.strides[dAxis];
  p.N = unbatched ? 1 : t.viewDims[0], p.C = t.viewDims[cAxis], p.H = D * H, p.W = t.viewDims[dAxis + 2];
  p.sN = unbatched ? 0 : t.strides[0], p.sC = t.strides[cAxis], p.sH = t.strides[dAxis + 1], p.sW = t.strides[dAxis + 2];
  rowOffsets->resize(static_cast<size_t>(p.H));
  for (int64_t j = 0; j < p.H; ++j) {
    const int64_t row = order.empty() ? j : order[j];
    (*rowOffsets)[j] = (row / H) * sD + (row % H) * p.sH;
  }
  p.rowOffsets = rowOffsets->data();
  return p;
}

PlaneTensor planeTensorChw(const aclTensor& t) {
  PlaneTensor p = basic(t);
  p.N = 1, p.C = t.viewDims[0], p.H = t.viewDims[1], p.W = t.viewDims[2];
  p.sN = 0, p.sC = t.strides[0], p.sH = t.strides[1], p.sW = t.strides[2];
  return p;
}

PlaneTensor planeTensorNcl(const aclTensor& t) {
  PlaneTensor p = basic(t);
  p.N = t.viewDims[0], p.C = t.viewDims[1], p.H = 1, p.W = t.viewDims[2];
  p.sN = t.strides[0], p.sC = t.strides[1], p.sH = 0, p.sW = t.strides[2];
  return p;
}

void loadRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, float* dst) {
  const std::byte* row = t.address(plane, h, w0);
  const int64_t s = t.sW;
  switch (t.dtype) {
    case ACL_FLOAT16:
      if (s == 1) {
        halfToFloat(reinterpret_cast<const uint16_t*>(row), dst, count);
      } else {
        for (int64_t i = 0; i < count; ++i) dst[i] = halfBitsToFloat(reinterpret_cast<const uint16_t*>(row)[i * s]);
      }
      return;
    case ACL_BF16:
      if (s == 1) {
        bf16ToFloat(reinterpret_cast<const uint16_t*>(row), dst, count);
      } else {
        for (int64_t i = 0; i < count; ++i) dst[i] = bf16BitsToFloat(reinterpret_cast<const uint16_t*>(row)[i * s]);
      }
      return;
    case ACL_UINT8:  // the upsample forwards' copies: every byte value is exact in fp32
      for (int64_t i = 0; i < count; ++i) dst[i] = static_cast<float>(reinterpret_cast<const uint8_t*>(row)[i * s]);
      return;
    default:
      if (s == 1) {
        std::memcpy(dst, row, count * sizeof(float));
      } else {
        for (int64_t i = 0; i < count; ++i) dst[i] = reinterpret_cast<const float*>(row)[i * s];
      }
      return;
  }
}

void storeRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const float* src) {
  std::byte* row = t.address(plane, h, w0);
  const int64_t s = t.sW;
  switch (t.dtype) {
    case ACL_FLOAT16:
      if (s == 1) {
        floatToHalf(src, reinterpret_cast<uint16_t*>(row), count);
      } else {
        for (int64_t i = 0; i < count; ++i) reinterpret_cast<uint16_t*>(row)[i * s] = floatToHalfBits(src[i]);
      }
      return;
    case ACL_BF16:
      if (s == 1) {
        floatToBf16(src, reinterpret_cast<uint16_t*>(row), count);
      } else {
        for (int64_t i = 0; i < count; ++i) reinterpret_cast<uint16_t*>(row)[i * s] = floatToBf16Bits(src[i]);
      }
      return;
    case ACL_UINT8:  // values loaded from UINT8 (0..255), stored back unchanged
      for (int64_t i = 0; i < count; ++i) reinterpret_cast<uint8_t*>(row)[i * s] = static_cast<uint8_t>(src[i]);
      return;
    default:
      if (s == 1) {
        std::memcpy(row, src, count * sizeof(float));
      } else {
        for (int64_t i = 0; i < count; ++i) reinterpret_cast<float*>(row)[i * s] = src[i];
      }
      return;
  }
}

void loadRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, double* dst) {
  const auto* row = reinterpret_cast<const double*>(t.address(plane, h, w0));
  if (t.sW == 1) {
    std::memcpy(dst, row, count * sizeof(double));
  } else {
    for (int64_t i = 0; i < count; ++i) dst[i] = row[i * t.sW];
  }
}

void storeRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const double* src) {
  auto* row = reinterpret_cast<double*>(t.address(plane, h, w0));
  if (t.sW == 1) {
    std::memcpy(row, src, count * sizeof(double));
  } else {
    for (int64_t i = 0; i < count; ++i) row[i * t.sW] = src[i];
  }
}

void zeroRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count) {
  std::byte* row = t.address(plane, h, w0);
  if (t.sW == 1) {
    std::memset(row, 0, count * t.elementSize);
    return;
  }
  for (int64_t i = 0; i < count; ++i) std::memset(row + i * t.sW * static_cast<int64_t>(t.elementSize), 0, t.elementSize);
}

void loadIndexRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, int64_t* dst) {
  const std::byte* row = t.address(plane, h, w0);
  if (t.dtype == ACL_INT32) {
    for (int64_t i = 0; i < count; ++i) dst[i] = reinterpret_cast<const int32_t*>(row)[i * t.sW];
  } else {
    for (int64_t i = 0; i < count; ++i) dst[i] = reinterpret_cast<const int64_t*>(row)[i * t.sW];
  }
}


float roundToDtype(aclDataType dtype, float value) {
  if (dtype == ACL_FLOAT16) return halfBitsToFloat(floatToHalfBits(value));
  if (dtype == ACL_BF16) return bf16BitsToFloat(floatToBf16Bits(value));
  return value;
}

float loadCell(const std::byte* cell, aclDataType storage) {
  if (storage == ACL_FLOAT) return *reinterpret_cast<const float*>(cell);
  const uint16_t bits = *reinterpret_cast<const uint16_t*>(cell);
  return storage == ACL_FLOAT16 ? halfBitsToFloat(bits) : bf16BitsToFloat(bits);
}

void storeCell(std::byte* cell, aclDataType storage, float value) {
  if (storage == ACL_FLOAT) {
    *reinterpret_cast<float*>(cell) = value;
    return;
  }
  *reinterpret_cast<uint16_t*>(cell) = storage == ACL_FLOAT16 ? floatToHalfBits(value) : floatToBf16Bits(value);
}

float atomicAddCell(std::byte* cell, aclDataType storage, aclDataType rounding, float value) {
  if (storage == ACL_FLOAT) {
    auto* f = reinterpret_cast<float*>(cell);
    if (rounding == ACL_FLOAT) return atomicAddF32(f, value) + value;
    const float before = atomicUpdate(f, [&](float sum) { return roundToDtype(rounding, sum + value); });
    return roundToDtype(rounding, before + value);
  }
  const bool half = storage == ACL_FLOAT16;
  auto sum = [&](uint16_t bits) {
    const float s = (half ? halfBitsToFloat(bits) : bf16BitsToFloat(bits)) + value;
    return half ? floatToHalfBits(s) : floatToBf16Bits(s);
  };
  const uint16_t after = sum(atomicUpdate(reinterpret_cast<uint16_t*>(cell), sum));
  return half ? halfBitsToFloat(after) : bf16BitsToFloat(after);
}

}  // namespace gradlab::ops
