// Host-side tiling of the adaptive max pool ops: which core owns which planes / rows, how much of the
// unified buffer (UB) each tile stages, and what the kernels need to know beyond the plan.
#pragma once

#include <cstdint>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "ops/adaptive_max_pool/shape.h"
#include "ops/adaptive_max_pool/windows.h"

namespace gradlab::ops::adaptive {

inline uint64_t align64(uint64_t bytes) { return (bytes + 63) & ~uint64_t{63}; }

// The cells one plane of a tile box covers, as a run of row-major cells: boxes are whole rows of full
// width, or a piece of a single row, so the run is contiguous in (row, col) order.
struct PlaneRun {
  int64_t first = 0, count = 0;
};
inline PlaneRun planeRun(const Box& b, int64_t cols) {
  return {b.row0 * cols + b.col0, (b.row1 - b.row0 - 1) * cols + (b.col1 - b.col0)};
}

enum class BackwardMode {
  kNothing,   // gradInput is empty
  kZeroOnly,  // gradOutput is empty: gradInput is zeroed
  kOwner,     // deterministic: one core owns each gradInput plane and sums in row-major order
  kAtomic,    // default: gradOutput rows split evenly, shared planes combined with fp32 atomic adds
  kLanes,     // CANN's: groups of 64 planes (one per vector lane) per core, window regions added into zeroed sums
};

// Where a gradInput plane's fp32 sums live while its gradOutput cells are added in.
enum class Accumulator {
  kUb,         // in the core's UB (the plane fits beside a step): zeroed there, rounded into gradInput once
  kGradInput,  // in gradInput itself (FLOAT, dense planes)
  kWorkspace,  // in the fp32 workspace, rounded into gradInput once
};

// The plan's phases: zero the shared planes' accumulators (default mode), compute, round the shared planes
// from the workspace (default mode, fp16/bf16 or strided fp32). A compute tile is one UB step: a box of at
// most chunkCells gradOutput cells (whole planes, whole rows of one plane, or a piece of one row) that the
// kernel copies in and scatters into the planes' accumulators, checking each index as it adds it (one lying
// outside its plane is skipped and fails the launch when the phase ends). A plane with one core (every plane
// in deterministic mode) is zeroed at its first tile and, unless the accumulator is gradInput, rounded into
// gradInput at its last.
struct BackwardTiling {
  Plan plan;
  Extents call;   // the call's extents (a 3-D call's D, H and W)
  Extents shape;  // as the kernels see it (rowsOfPlanes): planes of rows x columns
  int spatialRank = 2;
  RowWindows rows;  // the input rows of each gradOutput row's windows
  BackwardMode mode = BackwardMode::kNothing;
  aclDataType indexType = ACL_INT64;
  Accumulator ownerAcc = Accumulator::kUb;         // planes with one core
  Accumulator sharedAcc = Accumulator::kGradInput;  // planes split between cores (atomic adds; never kUb)
  uint64_t accBytes = 0;   // UB bytes reserved at offset 0 for a kUb accumulator (one plane), else 0
  int64_t chunkCells = 0;  // most gradOutput cells a tile stages (values as fp32 + indices as int64)
  int64_t stageCells = 0;  // cells per step when an owner rounds a workspace plane into gradInput
  // Default mode: planes whose gradOutput rows are split between cores. Their accumulators are zeroed
  // by all cores in the zero phase and rounded in the round phase; every other plane has one core, which
  // zeroes and rounds it in its own first and last tile, exactly like an owner in deterministic mode.
  std::vector<int64_t> sharedPlanes;

  bool useWorkspace() const { return ownerAcc == Accumulator::kWorkspace || sharedAcc == Accumulator::kWorkspace; }
  // A plane's accumulator in the workspace: indexed by plane when owners use it, else by shared-plane slot.
  int64_t workspaceSlot(int64_t plane) const;

  // UB layout of a tile of `cells` cells after the accumulator: fp32 values, then int64 indices.
  static constexpr uint64_t kStagedBytesPerCell = sizeof(float) + sizeof(int64_t);
  static uint64_t indexOffset(int64_t cells) { return align64(static_cast<uint64_t>(cells) * sizeof(float)); }
  static uint64_t footprint(int64_t cells) { return indexOffset(cells) + static_cast<uint64_t>(cells) * sizeof(int64_t); }
};

// gradInputDense: gradInput is FLOAT and every plane is one dense run of H*W floats, disjoint from the others.
// `accumulate` applies to FLOAT16 / BF16 (gradlab/accumulation.h): dtype rounds every sum, in the same cells.
// owners: the owner strategy (one core per gradInput plane); false: scatter (gradOutput rows split evenly).
// `op`: the operator planned (its spatial rank says how `call` reads); `call`: its extents.
BackwardTiling planBackward(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                            bool owners, const DeviceProfile& profile,
                            Accumulation accumulate = Accumulation::kFp32);

// The lanes strategy, as CANN's AdaptiveMaxPool3DGrad (normal template) runs a 2-D call on Atlas A2: planes in
// groups of kLanePlanes, one per vector lane, dealt round-robin over the vector cores; a tile is one output
// row of a group (its Wo cells, or a piece when they do not fit the UB). Phases: vector
// core 0 zeroes every fp32 sum (CANN's InitGlobalMemory on block 0); compute: each gradOutput cell writes its
// window region (its value at the argmax, zeros elsewhere), with atomic adds where windows overlap (in % out
// != 0 on an axis) and plain copies where they do not, each index checked as it is read; round the workspace into gradInput once (FLOAT16/BF16
// or strided FLOAT: the sums live in an fp32 workspace; dense FLOAT: in gradInput itself).
inline constexpr int64_t kLanePlanes = 64;
BackwardTiling planLanes(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                         const DeviceProfile& profile, Accumulation accumulate = Accumulation::kFp32);

// CANN's AdaptiveMaxPool3DGrad on the Ascend 950 (its SIMT kernel, adaptive_max_pool3d_grad_simt.h), 2-D and 3-D:
// blocks of 512 threads, as many blocks as CANN's tiling launches: min(cores, ceil(planes / 512)) when deterministic
// mode meets overlapping windows (a thread per plane, adding in order), else min(cores, gradOutput's cells) (a
// thread per gradOutput cell; atomic adds where windows overlap). Its adds are in the tensors' dtype: FLOAT16 /
// BF16 sums round after every add (accumulate=dtype, whatever the call asked). gradlab plans it as the owner
// (ordered) or scatter plan on those cores, and keeps its index check.
inline constexpr int32_t kSimtPoolThreads = 512;
BackwardTiling planSimtPool(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                            const DeviceProfile& profile, Accumulation accumulate, bool deterministic);

// Every tile is a box of output cells (whole planes, bands of rows, or a piece of one row) with at most
// segmentCols cells per output row. For each output row the tile streams the window's input rows through
// UB in pieces of inputChunkCols columns, first reducing each column over the window rows, then each
// window over its columns; the row's running max and index stay in UB.
struct ForwardTiling {
  Plan plan;
  Extents call;   // the call's extents
  Extents shape;  // as the kernels see it (rowsOfPlanes)
  aclDataType indexType = ACL_INT64;
  RowWindows rows;             // the input rows of each output row's windows (a 3-D call's span slices)
  AxisWindows cols;            // the windows of each output column
  int64_t segmentCols = 0;     // most output cells of one row a tile holds in UB
  int64_t inputChunkCols = 0;  // input columns staged per step (a wide window is read in pieces)
  // UB layout: running max at 0, its indices (int64), then per input column the column max and its index
  // (int32: H*W <= INT32_MAX), and one staged input row piece. Values are fp32, or fp64 for DOUBLE.
  uint64_t valueBytes = 4;
  uint64_t indexOffset = 0, colMaxOffset = 0, colArgOffset = 0, rowOffset = 0;
  uint64_t footprint(int64_t cols) const { return rowOffset + static_cast<uint64_t>(cols) * valueBytes; }

  // The vector kernel (forward_simd.h), when the plan has one (groupCols > 0): the tile's output rows go
  // kGroupRows at a time, in steps of at most groupCols input columns and groupOuts output columns; a
  // group with a NaN is computed again by the scalar kernel above, in the same UB. UB layout from 0:
  // column winners (values, int32 indices: groupStepCols() x kGroupRows each) transposed, the same by row,
  // the group's outputs (values, int32 indices: kGroupRows x groupOuts each), a transpose scratch, and
  // when groupStageRows > 0 that many input rows of groupStepCols() fp32 cells (strided rows, or rows
  // narrower than kMinCols, are staged; dense FLOAT / FLOAT16 / BF16 rows are read where they lie).
  int64_t groupCols = 0, groupOuts = 0, groupStageRows = 0;
  uint64_t groupColIndexOffset = 0, groupVertValueOffset = 0, groupVertIndexOffset = 0, groupOutValueOffset = 0, groupOutIndexOffset = 0, groupScratchOffset = 0,
           groupStageOffset = 0, groupBytes = 0;
  std::vector<int32_t> colStart32, colEnd32;  // cols as int32, for the vector kernel
  // Per output row of a plane, for the vector kernel's lanes: its window's first and last input rows, its
  // slices and its rows in each slice (RowWindows divides the row number apart for each of these).
  struct RowSpan {
    int32_t first = 0, last = 0, slices = 0, rowsPerSlice = 0;
  };
  std::vector<RowSpan> rowSpans;
  std::vector<int32_t> winCols;               // GroupStep::winCols for every output column
  int64_t groupStepCols() const;              // columns a step's buffers hold: max(groupCols, kMinCols)
};

// selfRowsDense: self's rows are runs of consecutive cells (W stride 1), which the vector kernel reads in place.
// A 3-D call's windows span slices: the vector kernel takes their rows staged, each lane's in (d, h) order.
ForwardTiling planForward(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, const DeviceProfile& profile,
                          bool selfRowsDense = true);

}  // namespace gradlab::ops::adaptive
