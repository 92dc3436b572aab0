// The adaptive max pool forward's vector kernel: kGroupRows output rows at once, one per SIMD lane.
//
// A step covers a group of output rows (any planes, one per lane) and a chunk of input columns. Pass 1
// reduces every input column over each lane's window rows, top-down (a later row wins only when strictly
// larger; a 3-D window's rows slice after slice), then transposes the column winners so that one vector holds one column for all lanes. Pass 2
// reduces every window over its columns, lanes side by side, comparing (value, row-major index): the larger
// value wins, equal values keep the smaller index, which is the SPEC's rule for NaN-free windows. Pass 3
// transposes the window winners back into one row of outputs per lane.
//
// NaN follows other rules (a NaN wins and the last one is kept). The kernel never decides NaN windows:
// it reports that a NaN was seen and the caller computes that group again with the exact scalar kernel.
//
// Back-ends, picked once for the CPU: AVX-512 (16 columns at once, the windows reduced along each lane's row
// with no transposes), AVX2 + F16C (8 lanes), SSE2 (the x86-64 baseline, 4 lanes: a group is two halves),
// none elsewhere (the scalar kernel does all the work). All give the same bits.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gradlab::ops::adaptive::simd {

inline constexpr int kGroupRows = 8;  // output rows per group (lanes), whatever the back-end's width
inline constexpr int kMinCols = 8;    // a step reads at least this many input columns per row
inline constexpr int kWinCols = 4;    // windows up to this wide take a branch-free path

// How the input rows hold their cells: fp32, or fp16 / bf16 bits widened in registers (exactly).
enum class RowType : uint8_t { kF32, kF16, kBF16 };

// The AVX-512 kernel's blocks of windows (forward_rows_avx512.cpp): up to 16 consecutive windows of a step whose
// columns lie in 32 consecutive column winners. They depend on the step's columns alone, so every group that
// takes the same chunk of columns shares them: worked out by its first step, kept here by the caller.
// A block of at most 8 (4) windows within 16 (8) columns is reduced for 2 (4) lanes at once: `lanes`.
struct WindowBlock {
  int32_t out;     // the first window's output column in the step
  int32_t count;   // windows, 1..16
  int32_t base;    // the first of the block's column winners (chunk columns from the step's first)
  int32_t widest;  // columns of the widest window
  uint16_t lo;     // which of the 32 columns the chunk has
  uint16_t hi;
  int32_t lanes;   // lanes one vector holds: 1, 2 or 4
};
struct ChunkBlocks {
  static constexpr int kMost = 32;  // a chunk with more blocks works them out at every step
  int count = -1;                   // -1: not worked out yet; kMost + 1: too many to keep
  WindowBlock block[kMost];
};

// One step. Lanes at or past `lanes` repeat lane 0 (their results are not stored).
struct GroupStep {
  int lanes = 0;
  RowType type = RowType::kF32;
  const std::byte* rows[kGroupRows] = {};  // lane j's first window row, at the chunk's first input column
  int64_t rowBytes = 0;                    // between consecutive input rows
  int32_t height[kGroupRows] = {};         // window rows of lane j (>= 1), in each of its slices
  // A 3-D call's windows read in place: lane j's window has slices[j] slices (0 or 1: one), each sliceBytes
  // after the one before, its cells' indices sliceIndex (H * W) apart.
  int32_t slices[kGroupRows] = {};
  int64_t sliceBytes = 0;
  int32_t sliceIndex = 0;
  int32_t firstIndex[kGroupRows] = {};     // lane j's first row * W + the chunk's first column
  int32_t W = 0;                           // index step from one input row to the next
  int32_t firstCol = 0;                    // the chunk's first input column
  int32_t cols = 0;                        // input columns of the chunk (>= kMinCols)
  const int32_t* winStart = nullptr;       // per output column of the step: its window's input columns
  const int32_t* winEnd = nullptr;         // [winStart, winEnd), within [firstCol, firstCol + cols]
  // Per output column, kWinCols entries: min(winStart + k, winEnd - 1) * kGroupRows for k < kWinCols
  // (where window k of a narrow window repeats its last column, which changes nothing).
  const int32_t* winCols = nullptr;
  int32_t outs = 0;                        // output columns of the step
  int32_t widest = 0;                      // columns of the step's widest window
  ChunkBlocks* blocks = nullptr;           // the chunk's blocks, kept between groups (nullptr: none kept)
  // UB: each lane's column winners (kGroupRows rows of vertStride cells), the same transposed (cols x
  // kGroupRows: column c of lane j at [c * kGroupRows + j]), the outputs (kGroupRows rows of outStride
  // cells), a scratch of kGroupRows cells.
  float* vertValue = nullptr;
  int32_t* vertIndex = nullptr;
  int32_t vertStride = 0;
  float* colValue = nullptr;
  int32_t* colIndex = nullptr;
  float* outValue = nullptr;
  std::byte* outIndex = nullptr;  // int32, or int64 when wideIndex
  bool wideIndex = false;
  int32_t outStride = 0;
  // Input lines that a later group reads, prefetched while this step computes: up to two runs of whole lines,
  // spread over the step's lanes and window blocks so that only a few misses are in flight at a time.
  const std::byte* prefetchAt[2] = {};
  int32_t prefetchLines[2] = {};
  float* scratchValue = nullptr;     // kGroupRows floats
  std::byte* scratchIndex = nullptr;  // kGroupRows int64
};

// Runs one step; false when a NaN was among the cells (the outputs are then meaningless).
using GroupKernel = bool (*)(const GroupStep&);

struct Backend {
  const char* name;
  GroupKernel run;
};

// The back-end this CPU runs (nullptr: none, use the scalar kernel). Tests may pin another one.
const Backend* activeBackend();
// Every back-end this CPU can run, widest first; for the tests.
const Backend* const* availableBackends(int* count);
// Tests: run `backend` (or the scalar kernel for nullptr) until resetBackend().
void pinBackend(const Backend* backend);
void resetBackend();

}  // namespace gradlab::ops::adaptive::simd
