// A tensor seen as N*C planes of H x W cells with arbitrary element strides, and row-wise moves
// between it and fp32 buffers (the kernels' view of GM <-> UB copies with the dtype cast).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "dtype/bits.h"

struct aclTensor;

namespace gradlab::ops {

struct PlaneTensor {
  std::byte* base = nullptr;  // address of element (0,0,0,0): data + offset * elementSize
  aclDataType dtype = ACL_FLOAT;
  size_t elementSize = 4;
  int64_t N = 1, C = 1, H = 1, W = 1;
  int64_t sN = 0, sC = 0, sH = 0, sW = 1;
  // Rows that are not evenly strided (a 3-D tensor's (D, H) rows seen as one axis): each row's element offset
  // within its plane. Null: row h is at h * sH.
  const int64_t* rowOffsets = nullptr;

  int64_t planes() const { return N * C; }
  int64_t cells() const { return N * C * H * W; }
  int64_t rowOffset(int64_t h) const { return rowOffsets ? rowOffsets[h] : h * sH; }
  int64_t elementOffset(int64_t plane, int64_t h, int64_t w) const {
    return (plane / C) * sN + (plane % C) * sC + rowOffset(h) + w * sW;
  }
  std::byte* address(int64_t plane, int64_t h, int64_t w) const {
    return base + elementOffset(plane, h, w) * static_cast<int64_t>(elementSize);
  }
};

// 4-D NCHW -> as is; 4-D NHWC (view dims N, H, W, C) -> its NCHW planes; 3-D (C,H,W) -> N = 1;
// 3-D NCL (1-D ops) -> H = 1.
PlaneTensor planeTensor4d(const aclTensor& t);
PlaneTensor planeTensorNhwc(const aclTensor& t);
PlaneTensor planeTensorChw(const aclTensor& t);
PlaneTensor planeTensorNcl(const aclTensor& t);
// An operator's [N, C, L] (spatialRank 1) or 4-D tensor, read by its format: NHWC views are (N, H, W, C).
PlaneTensor planeTensorOf(const aclTensor& t, int spatialRank);
// A 5-D tensor [N, C, D, H, W] (NDHWC views: (N, D, H, W, C)), or a 4-D one [C, D, H, W], as N*C planes of D*H rows. Row j of a plane is
// the (d, h) row d * H + h = order[j] (order empty: j itself); `rowOffsets` receives each row's offset and
// must outlive the result, which points into it.
PlaneTensor planeTensorDepthRows(const aclTensor& t, const std::vector<int64_t>& order, std::vector<int64_t>* rowOffsets);

// Reads `count` cells of one row starting at column w0 as fp32 (FLOAT, FLOAT16, BF16; UINT8 for the
// upsample forwards' copies).
void loadRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, float* dst);
// Writes `count` fp32 cells, rounding once (nearest even) for FLOAT16 / BF16; UINT8 takes values that
// came from UINT8.
void storeRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const float* src);
// The same for DOUBLE tensors (the adaptive pool forward compares them in fp64).
void loadRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, double* dst);
void storeRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const double* src);
// Writes zeros over `count` cells of one row.
void zeroRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count);

// Reads integer indices (INT32 or INT64 tensors) as int64.
void loadIndexRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, int64_t* dst);

// Atomic fp32 add into GM (used by the default, non-deterministic mode); returns the value before. Inline: a
// call per add was 7 % of the adaptive pool's default-mode time.
inline float atomicAddF32(float* cell, float value) { return atomicFetchAdd(cell, value); }
// The same in fp64, for DOUBLE tensors.
inline double atomicAddF64(double* cell, double value) { return atomicFetchAdd(cell, value); }

// `value` rounded (nearest even) to FLOAT16 / BF16 and widened back; FLOAT and others: unchanged.
float roundToDtype(aclDataType dtype, float value);
// One GM cell stored as `storage` (FLOAT, FLOAT16, BF16), read as / written from fp32 (written values round).
float loadCell(const std::byte* cell, aclDataType storage);
void storeCell(std::byte* cell, aclDataType storage, float value);
// Atomically replaces the cell with roundToDtype(rounding, cell + value): FLOAT/FLOAT is one fp32 atomic
// add; otherwise a compare-and-swap loop, which is what an atomic add in the narrower dtype computes.
// Returns the value after.
float atomicAddCell(std::byte* cell, aclDataType storage, aclDataType rounding, float value);

}  // namespace gradlab::ops
