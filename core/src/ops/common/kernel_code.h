// The steps kernels record (TraceEvent::step, CellMove::step) and the pieces of the listings that show them
// (gradlab/kernel_code.h). A step names a line's job, not its position: each operator folder's
// kernel_code.cpp writes its listings with these ids on their lines, and its kernels pass the same ids to
// CoreRecorder, so a listing can be reworded without touching a kernel. Every step a kernel records for a
// phase is on a line of that phase's listing (tests/kernel_code_test.cpp runs every operator to check it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/kernel_code.h"

namespace gradlab::ops::code {

enum Step : int16_t {
  kCopyIn,      // MTE2: DataCopy GM -> UB, the tile's inputs
  kCompute,     // the vector unit's work on the staged data
  kCopyOut,     // MTE3: DataCopy UB -> GM, the tile's results
  kZero,        // Duplicate(0) and DataCopy: cells in GM start at zero
  kInitGlobal,  // InitGlobalMemory on block 0 (the lanes strategy)
  kAdd,         // a value added into its cell's sum by the core that owns the cell
  kAtomicAdd,   // SetAtomicAdd, DataCopy, SetAtomicNone: adds into cells other cores share
  kZeroSums,    // a plane's sums start at zero (adaptive pooling's owner)
  kStorePlane,  // a plane's sums out to gradInput (adaptive pooling's owner)
  kGather,      // a forward's output cell takes its source cell
  kRepeatRow,   // an upsample forward's row with the same source row as the row above
  kWindowMax,   // adaptive pooling forward: a window's max over its column winners
  kL1,          // cube MTE2: DataCopy GM -> L1
  kL0,          // cube MTE1: LoadData L1 -> L0A / L0B
  kMmad,        // cube: Mmad into L0C
  kFixpipe,     // cube FIXPIPE: L0C -> GM
  kSimtLoad,    // a SIMT thread loads one gradOutput value from GM and adds it to its fp32 register sum
  kSimtStore,   // a SIMT thread stores its cell, rounded to the output dtype once
};

CodeLine line(int32_t indent, std::string text, int16_t step = -1, std::string note = {});
KernelListing listing(std::string name, std::string core, std::string what, std::vector<CodeLine> lines);

// The Ascend C type of a dtype's values: "float", "half", "bfloat16_t", "double", "uint8_t".
const char* typeName(aclDataType dtype);

// Kernels more than one operator runs (all on vector cores):
// zeroes `target` a row (or plane) range at a time, before the adds.
KernelListing zeroListing(std::string name, const std::string& target, std::string note, std::string what);
// copies a range in from `from` (values `fromType`), converts it in UB (Cast, or a plain copy for the same
// type) and copies it out to `to` (`toType`): the cube's cast to fp32 and every fp32 workspace's rounding.
KernelListing convertListing(std::string name, const std::string& from, aclDataType fromType, const std::string& to,
                             aclDataType toType, std::string what);

}  // namespace gradlab::ops::code

// Each operator folder's listings (its kernel_code.cpp).
namespace gradlab::ops::nearest {
KernelListing kernelListing(const Plan& plan, int32_t phase);
}
namespace gradlab::ops::adaptive {
KernelListing kernelListing(const Plan& plan, int32_t phase);
}
