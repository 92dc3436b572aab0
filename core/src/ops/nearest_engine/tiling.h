// Host-side tiling of the nearest upsample ops (nearest-exact and legacy nearest: only their axis maps differ): which emulated core owns which block of rows
// and columns, sized so every tile's unified-buffer footprint fits the device profile.
//
// Backward, deterministic (ACL_OPT_DETERMINISTIC=1): gather. Work units are gradInput rows
// (plane, column block, row); each has exactly one owner core, which sums its gradOutput rows (a
// contiguous range, src() being monotone) in increasing order into an fp32 accumulator in UB and
// stores once. Units are balanced over the cores by cost (cells read + written).
// Backward, default: scatter. gradOutput rows are split evenly over the cores; a gradInput row whose
// gradOutput rows all fall to one core is still summed in UB and stored; a row whose gradOutput rows
// are split between cores is "shared": a first pass zeroes it (in `out` for fp32, in an fp32
// workspace row for fp16/bf16), the cores add into it atomically, and for fp16/bf16 a last pass
// rounds the workspace rows into `out`.
// Forward: each core owns a range of output rows and gathers them from the staged input rows.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "ops/nearest_engine/axis_map.h"

namespace gradlab::ops::nearest {

inline constexpr uint64_t kF32 = sizeof(float);  // bytes of an fp32 value: UB and workspace sums

// A block of columns of the tile's output side and the columns of the input side it reads.
// Backward: dst = gradInput columns, src = the gradOutput columns that map into them.
// Forward: dst = out columns, src = the self columns they copy from.
struct ColumnBlock {
  int64_t dst0 = 0, dst1 = 0;
  int64_t src0 = 0, src1 = 0;
  int64_t stage = 0;  // src columns staged in UB at once (the whole span, or a chunk of a huge span)
  int64_t width() const { return dst1 - dst0; }
  int64_t span() const { return src1 - src0; }
};

struct UpsamplePlan {
  Plan plan;                        // phases: zero shared rows (if any), compute, round the workspace (if any)
  std::vector<ColumnBlock> blocks;  // sorted by dst0
  std::vector<int64_t> sharedRows;  // default mode: sorted plane * inH + row of gradInput rows combined atomically
  const ColumnBlock& blockAt(int64_t dst0) const;
};

// UB layout of a tile: the accumulator / output block first, the staged source row after it. Values sit
// in UB as fp32 (FLOAT, FLOAT16, BF16, UINT8: all exact in fp32) or fp64 (DOUBLE).
uint64_t alignUb(uint64_t bytes);
uint64_t ubValueBytes(aclDataType dtype);
const char* ubValueName(aclDataType dtype);  // "fp32" or "fp64"
bool halfType(aclDataType dtype);            // FLOAT16 or BF16: the dtypes with an accumulation choice
uint64_t accumulatorBytes(const Tile& tile, aclDataType dtype);

// `planes` = N*C; rows/cols map gradOutput (out side) onto gradInput (in side). `accumulate` applies to
// FLOAT16 / BF16 (gradlab/accumulation.h): dtype needs no workspace and no round phase.
// gather: the gather strategy (one owner per gradInput row); false: scatter.
UpsamplePlan planBackward(OpKind op, int64_t planes, const AxisMap& rows, const AxisMap& cols, aclDataType dtype,
                          bool gather, const DeviceProfile& profile, std::vector<int64_t> srcShape,
                          std::vector<int64_t> dstShape, Accumulation accumulate = Accumulation::kFp32);
// rows/cols map out (Ho, Wo) onto self (Hi, Wi).
UpsamplePlan planForward(OpKind op, int64_t planes, const AxisMap& rows, const AxisMap& cols, aclDataType dtype,
                         const DeviceProfile& profile, std::vector<int64_t> srcShape, std::vector<int64_t> dstShape);
// The empty 2-D backward: zero `out` (dims as given; planes x rows x cols when 4-D, one tile otherwise).
UpsamplePlan planZeroOut(OpKind op, const std::vector<int64_t>& srcShape, const std::vector<int64_t>& outDims, aclDataType dtype,
                         bool deterministic, const DeviceProfile& profile);
// A call with nothing to do (the 2-D forward's empty self or out, as CANN answers it): no tiles.
UpsamplePlan planNothing(OpKind op, const std::vector<int64_t>& srcShape, const std::vector<int64_t>& dstShape,
                         aclDataType dtype, const DeviceProfile& profile, const char* why);

// Bytes of the fp32 workspace a default-mode fp16/bf16 backward needs for its shared rows (0 otherwise).
uint64_t sharedWorkspaceBytes(const UpsamplePlan& plan, int64_t inW, aclDataType dtype);

}  // namespace gradlab::ops::nearest
