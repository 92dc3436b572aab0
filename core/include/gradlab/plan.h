// The host-side tiling plan of one operator call: which core runs which tile, over which cells.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/profile.h"

struct aclOpExecutor;

namespace gradlab {

enum class OpKind {
  kUpsampleNearestExact1dBackward,
  kUpsampleNearestExact2dBackward,
  kAdaptiveMaxPool2dBackward,
  kUpsampleNearestExact1d,
  kUpsampleNearestExact2d,
  kAdaptiveMaxPool2d,
};
const char* opName(OpKind op);  // "UpsampleNearestExact2dBackward"

// A half-open block of cells of a tensor seen as planes x rows x cols (plane = n*C + c; 1-D ops have
// one row; 3-D adaptive input has N = 1).
struct Box {
  int64_t plane0 = 0, plane1 = 0;
  int64_t row0 = 0, row1 = 0;
  int64_t col0 = 0, col1 = 0;
  int64_t cells() const { return (plane1 - plane0) * (row1 - row0) * (col1 - col0); }
};

struct Tile {
  int32_t id = 0;     // index in Plan::tiles
  int32_t core = 0;   // vector core that runs it
  int32_t order = 0;  // position among that core's tiles
  Box src;            // cells read from the input tensor (gradOutput of a backward op, self of a forward op)
  Box dst;            // cells of the output this tile writes or adds into
  bool atomic = false;        // adds into GM with atomic adds (cells shared with other cores)
  uint64_t ubBytes = 0;       // peak unified-buffer use, never above the profile's ubBytes
  uint64_t bytesIn = 0;       // GM -> UB (MTE2)
  uint64_t bytesOut = 0;      // UB -> GM (MTE3)
  uint64_t vectorElems = 0;   // elements the vector unit touches
  double estimatedUs = 0.0;   // cost model: see estimateTileUs
};

struct Plan {
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
  DeviceProfile profile;
  bool deterministic = false;
  aclDataType dtype = ACL_FLOAT;
  std::vector<int64_t> srcShape;  // logical shape of the tensor tiles read (src boxes)
  std::vector<int64_t> dstShape;  // logical shape of the output (dst boxes)
  int64_t planes = 0;             // N*C
  uint64_t workspaceBytes = 0;
  int32_t coresUsed = 0;
  std::vector<Tile> tiles;        // sorted by (core, order)
  std::string strategy;           // one line: how the work was split and why

  std::vector<double> coreLoadUs() const;  // summed estimate per core, size coresUsed
  uint64_t trafficBytes() const;           // bytesIn + bytesOut over every tile
  double imbalance() const;                // max core load / mean core load (1 = perfect)
};

// Documented cost model: (bytesIn + bytesOut) at the core's MTE bandwidth plus vector work at
// vectorElemsPerNs; a tile's copy-in, compute and copy-out run one after another.
double estimateTileUs(const DeviceProfile& profile, uint64_t bytesIn, uint64_t bytesOut, uint64_t vectorElems);

// The plan an executor from any aclnn*GetWorkspaceSize will run; nullptr for an unknown executor.
const Plan* executorPlan(const aclOpExecutor* executor);

}  // namespace gradlab
