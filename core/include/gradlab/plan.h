// The host-side tiling plan of one operator call: which core runs which tile, over which cells.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/ops.h"
#include "gradlab/accumulation.h"
#include "gradlab/profile.h"
#include "gradlab/recycled_allocator.h"
#include "gradlab/schedule.h"
#include "gradlab/strategy.h"
#include "gradlab/export.h"

struct aclOpExecutor;

GRADLAB_API_BEGIN
namespace gradlab {

// A half-open block of cells of a tensor seen as planes x rows x cols (plane = n*C + c; 1-D ops have
// one row; 3-D adaptive input has N = 1).
struct Box {
  int64_t plane0 = 0, plane1 = 0;
  int64_t row0 = 0, row1 = 0;
  int64_t col0 = 0, col1 = 0;
  int64_t cells() const { return (plane1 - plane0) * (row1 - row0) * (col1 - col0); }
};

// A launch runs its plan's phases one after another, with a barrier between them (as separate kernel
// launches would have): e.g. zero the cells cores will share, compute, then round an fp32 workspace.
enum class PhaseKind : uint8_t {
  kCheck,    // reads inputs to validate them (adaptive backward: every index inside its plane); may fail the launch
  kZero,     // zeroes the cells that several cores will add into
  kCompute,  // the operator's work
  kRound,    // rounds fp32 sums from a workspace into the output's dtype
  kCast,     // widens a FLOAT16/BF16 input into an fp32 buffer (a separate Cast kernel on CANN)
  kSelect,   // builds 0/1 selection matrices in GM for the cube
  kMatmul,   // cube cores multiply (MTE2 -> L1, MTE1 -> L0A/L0B, cube -> L0C, FixPipe -> GM)
};
const char* phaseKindName(PhaseKind kind);  // "check", "zero", "compute", "round", "cast", "select", "matmul"

// A tensor a plan keeps in its workspace besides the operator's own (the cube strategy's intermediate
// product, fp32 copies of FLOAT16/BF16 tensors, selection matrices). Tiles' boxes may refer to one.
struct PlanBuffer {
  enum class Mirror : uint8_t { kNone, kSrc, kDst };
  std::string name;             // "T = gradOutput x A_W"
  std::string what;             // one line: why it exists
  std::vector<int64_t> shape;   // logical shape; boxes see it as planes x rows x cols like the tensors
  aclDataType dtype = ACL_FLOAT;
  Mirror mirror = Mirror::kNone;  // an fp32 copy of the plan's src or dst tensor (its cells are that tensor's)
};

// What a matmul phase's 0/1 selection matrix maps: gradOutput columns onto gradInput columns (the cube
// strategy's W pass, T = gradOutput x A_W) or rows onto rows (the H pass, gradInput = A_H^T x T).
enum class SelectAxis : uint8_t { kNone, kColumns, kRows };

struct PlanPhase {
  PhaseKind kind = PhaseKind::kCompute;
  std::string what;  // one line, e.g. "zero the 2 gradInput rows shared between cores"
  int32_t cores = 0; // lanes with tiles in this phase: they share the HBM while it runs (set by the planner)
  SelectAxis selects = SelectAxis::kNone;  // matmul phases
};

struct Tile {
  int32_t id = 0;     // index in Plan::tiles
  int32_t phase = 0;  // index in Plan::phases
  int32_t core = 0;   // the plan's core lane that runs it (Plan::coreKind / coreName: which core that is)
  int32_t order = 0;  // position among that core's tiles of its phase
  Box src;            // cells read from the input tensor (gradOutput of a backward op, self of a forward op)
  Box dst;            // cells of the output this tile writes or adds into
  int32_t srcBuffer = -1;  // >= 0: src refers to Plan::buffers[srcBuffer] instead of the input tensor
  int32_t dstBuffer = -1;  // >= 0: dst refers to Plan::buffers[dstBuffer] instead of the output
  bool atomic = false;        // adds into GM with atomic adds (cells shared with other cores)
  uint64_t ubBytes = 0;       // peak unified-buffer use, never above the profile's ubBytes
  int32_t ubUse = -1;         // what fills those bytes, in words: Plan::ubUses[ubUse] (-1: not described)
  uint64_t bytesIn = 0;       // GM -> UB (MTE2)
  uint64_t bytesOut = 0;      // UB -> GM (MTE3)
  uint64_t vectorElems = 0;   // elements the vector unit touches
  // Cube tiles (a cube lane): bytesIn is GM -> L1 (MTE2), bytesOut L0C -> GM (FixPipe).
  uint64_t l0Bytes = 0;       // L1 -> L0A/L0B (MTE1)
  uint64_t cubeMacs = 0;      // multiply-adds the cube runs, whole fractals counted
  bool cubeFp32 = false;      // FLOAT operands (a quarter of the FLOAT16 rate)
  uint64_t l1Bytes = 0, l0aBytes = 0, l0bBytes = 0, l0cBytes = 0;  // peak use of each cube buffer
  double estimatedUs = 0.0;   // cost model: see tileCost
};

// A plan's tiles: a vector whose large blocks are kept for the next plan (gradlab/recycled_allocator.h).
using TileList = std::vector<Tile, RecycledAllocator<Tile>>;

struct Plan {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  DeviceProfile profile;
  bool deterministic = false;
  AtomicSchedule schedule;        // orders the atomic adds of default mode; host in deterministic mode
  Accumulation accumulate = Accumulation::kFp32;  // FLOAT16/BF16 backward sums (gradlab/accumulation.h); else fp32
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> srcShape;  // logical shape of the tensor tiles read (src boxes)
  std::vector<int64_t> dstShape;  // logical shape of the output (dst boxes)
  int64_t planes = 0;             // N*C
  uint64_t workspaceBytes = 0;
  int32_t coresUsed = 0;
  std::vector<PlanPhase> phases;  // in launch order
  TileList tiles;                 // sorted by (phase, core, order)
  std::string strategy;           // one line: how the work was split and why
  std::string coreChoice;         // why coresUsed cores: e.g. "3 gradOutput rows over 4 cores: only 3 get work, ..."
  std::vector<std::string> ubUses;  // distinct texts of the tiles' UB use, e.g. "fp32 sums of 30x64 ... + ..."
  // Strategies (gradlab/strategy.h): the one that ran, the one CANN would pick for this call and why, and why
  // the one that ran is not the one asked for ("" when it is).
  std::string strategyName;
  std::string cannStrategy;
  std::string cannWhy;
  std::string strategyNote;
  // Core lanes: tiles' `core` numbers lanes 0 .. coresUsed - 1. Lanes [0, cubeLanes) are cube cores AIC 0,
  // 1, ...; the rest are vector cores AIV (lane - cubeLanes). Plans without cube work have cubeLanes = 0.
  int32_t cubeLanes = 0;
  std::vector<PlanBuffer> buffers;
  // The buffer the trace's two-hop moves pass through (CellMove::hop), or -1.
  int32_t intermediate = -1;
  // SIMT plans (the Ascend 950's kernels, DeviceProfile::simtThreads): the threads each core launches (0 for
  // vector and cube plans). A SIMT tile is the run of output cells one core's threads take, one cell a
  // thread at a time; it stages nothing in the UB.
  int32_t simtThreads = 0;
  // Where the strategy chooses its kernel or schedule by the call's sizes (CANN's arch35 tiling: schedule 0 a
  // copy, 1 a thread per (h, w), ...): each branch it chooses among in a few words, and the one this call took
  // (an index into branches). Empty and -1 for a strategy that always runs one way.
  std::vector<std::string> branches;
  int32_t branch = -1;
  std::vector<std::string> branchHints;  // two steps towards the choice with this call's numbers, never the choice
  // A 3-D call's out side (gradOut of a backward, out of a forward) as the nearest engine visits it: its boxes'
  // row j is the (d, h) row outRowOrder[j] = d * H + h (planeDims: a 5-D plane's rows are its (D, H) rows).
  // Empty: box rows are the tensor's rows.
  std::vector<int64_t> outRowOrder;

  // What fills `tile`'s UB, in words ("" when not described).
  const std::string& ubUseText(const Tile& tile) const;

  std::vector<double> coreLoadUs() const;  // summed estimate per core over every phase, size coresUsed
  // The cores some tile runs on: coresUsed counts lanes up to the last one used, and a cube plan's idle second
  // cube core lies below its first vector core (npu-strategies 4 said "3 cores used" of AIC 0 and AIV 0).
  int32_t coresWithWork() const;
  uint64_t trafficBytes() const;           // bytesIn + bytesOut over every tile
  double imbalance() const;                // max core load / mean core load (1 = perfect)
  // The tiles of phase `phase`: [first, second) of `tiles`.
  std::pair<size_t, size_t> phaseTiles(int32_t phase) const;
  // The strategy that ran, as the catalog describes it (nullptr when the plan names none of its operator's).
  const StrategyInfo* strategyInfo() const;
  CoreKind coreKind(int32_t lane) const { return lane < cubeLanes ? CoreKind::kCube : CoreKind::kVector; }
  int32_t coreId(int32_t lane) const { return lane < cubeLanes ? lane : lane - cubeLanes; }  // within its kind
  std::string coreName(int32_t lane) const;  // "AIV 3", "AIC 0"
  int32_t coresWorking(CoreKind kind) const;  // distinct lanes of that kind with at least one tile
  // The shape of a tile's src / dst box's tensor: srcShape / dstShape, or its buffer's.
  const std::vector<int64_t>& srcShapeOf(const Tile& tile) const;
  const std::vector<int64_t>& dstShapeOf(const Tile& tile) const;
};

// The clock (modelled device time; docs/device-model.md). A copy engine moves GM<->UB at
// mteBandwidthGBps, except that the active cores share the chip's gmBandwidthGBps (and a core's copy-in
// and copy-out engines split its share while both run); an atomic add costs atomicAddCost times a plain
// copy-out; the vector unit handles vectorElemsPerNs fp32 elements per ns. tileCost gives each stage
// working alone.
// A cube tile's copy-in is MTE2 into L1, its compute the cube's, its copy-out FixPipe's, and it adds
// MTE1's loads into L0A/L0B at mte1BandwidthGBps; the cube runs cubeMacsPerNs (a quarter for FLOAT).
struct TileCost {
  double copyInUs = 0.0, computeUs = 0.0, copyOutUs = 0.0;
  double loadL0Us = 0.0;  // cube tiles: MTE1
  double totalUs() const { return copyInUs + loadL0Us + computeUs + copyOutUs; }
};
TileCost tileCost(const DeviceProfile& profile, int32_t activeCores, uint64_t bytesIn, uint64_t bytesOut,
                  uint64_t vectorElems, bool atomic);
TileCost tileCost(const Plan& plan, const Tile& tile);

// Double buffering as on Ascend C: a tile that needs at most half the UB leaves room for the next one,
// so a core copies tile i+1 in while it computes tile i, and copies tile i out while it computes tile
// i+1. A tile that needs more than half runs its copy-in, compute and copy-out alone. A cube tile is
// double-buffered when it needs at most half of each of L1, L0A, L0B and L0C.
bool doubleBuffered(const Plan& plan, const Tile& tile);
// Which of the two buffers (ping 0, pong 1) a double-buffered tile uses: its order's parity; -1 otherwise.
int bufferOf(const Plan& plan, const Tile& tile);

// The modelled device time of a whole call: the launch overhead, then the phases one after another (a
// barrier between them), each as long as its last core to finish (planEvents).
struct ModelledTime {
  double launchUs = 0.0;            // the profile's launchOverheadUs
  double kernelUs = 0.0;            // the phases
  double copyUs = 0.0;              // of kernelUs: time the last core of each phase had a copy engine at work
  uint64_t bytes = 0;               // GM traffic of every tile
  double totalUs() const { return launchUs + kernelUs; }
  double bandwidthBound() const { return kernelUs > 0.0 ? copyUs / kernelUs : 0.0; }  // 0..1
  double effectiveGBps() const { return totalUs() > 0.0 ? static_cast<double>(bytes) / totalUs() / 1e3 : 0.0; }
};
ModelledTime modelledTime(const Plan& plan);

// The plan an executor from any aclnn*GetWorkspaceSize will run, with its prose (planned again, described,
// the first time it is asked for: GetWorkspaceSize itself writes none); nullptr for an unknown executor.
const Plan* executorPlan(const aclOpExecutor* executor);

}  // namespace gradlab
GRADLAB_API_END
