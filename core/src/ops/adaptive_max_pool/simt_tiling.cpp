// CANN's AdaptiveMaxPool3DGrad on the Ascend 950 (hicann/ops-nn pooling/adaptive_max_pool3d_grad:
// adaptive_max_pool3d_grad_simt_tiling.cpp and op_kernel/arch35/adaptive_max_pool3d_grad_simt.h), planned on the
// cores its tiling launches.
#include <algorithm>

#include "ops/adaptive_max_pool/tiling.h"
#include "ops/common/tile_runner.h"
#include "runtime/prose.h"
#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {
namespace {

}  // namespace

BackwardTiling planSimtPool(OpKind op, const Extents& call, aclDataType dtype, aclDataType indexType, bool gradInputDense,
                            const DeviceProfile& profile, Accumulation, bool deterministic) {
  const bool overlap = windowsOverlap(call.in, call.out);
  const bool ordered = deterministic && overlap;  // CANN's deterministicFlag
  const int64_t planes = call.planes(), cells = call.cells(Side::kOut);
  // PostTiling's block dim.
  const int64_t blocks = ordered ? (planes + kSimtPoolThreads - 1) / kSimtPoolThreads : std::max<int64_t>(cells, 1);
  const int32_t blockNum = static_cast<int32_t>(std::clamp<int64_t>(blocks, 1, profile.vectorCores));
  DeviceProfile launched = profile;
  launched.vectorCores = blockNum;
  // Its adds are in the dtype: a FLOAT16 / BF16 sum rounds after each one.
  const Accumulation inDtype = dtype == ACL_FLOAT ? Accumulation::kFp32 : Accumulation::kDtype;
  // Deterministic mode plans plane owners: with overlap that is CANN's ordered loop; without, every cell takes at
  // most one add, so CANN's split over cells gives the same bits.
  BackwardTiling t = planBackward(op, call, dtype, indexType, gradInputDense, deterministic, launched, inDtype);
  Plan& plan = t.plan;
  plan.profile = profile;
  // An empty gradOutput or gradInput: CANN's op_api answers it before any kernel, with no workspace.
  if (t.mode != BackwardMode::kOwner && t.mode != BackwardMode::kAtomic) return t;
  plan.workspaceBytes = std::max<uint64_t>(plan.workspaceBytes, profile.workspaceBytes);  // CANN's system workspace
  plan.simtThreads = kSimtPoolThreads;
  const std::string how =
      ordered ? rt::planProse("deterministic mode and overlapping windows: one thread per plane ({0} planes) walks its "
                              "gradOutput in order, {1} block(s) of {2} threads",
                              planes, blockNum, kSimtPoolThreads)
      : overlap ? rt::planProse("overlapping windows: one thread per gradOutput cell ({0} cells) adds its value at its "
                                "index with an atomic add, {1} block(s) of {2} threads",
                                cells, blockNum, kSimtPoolThreads)
                : rt::planProse("windows that do not overlap: one thread per gradOutput cell ({0} cells) adds its value "
                                "at its index plainly (no cell takes two), {1} block(s) of {2} threads",
                                cells, blockNum, kSimtPoolThreads);
  plan.strategy = rt::planProse(
      "simt: CANN's arch35 AdaptiveMaxPool3DGrad (the SIMT kernel, {0} indices; CANN's op_api casts INT64 indices to "
      "INT32); {1}; every thread first zeroes its share of gradInput; the adds are in {2}{3}; gradlab plans it as {4} "
      "on those {5} core(s) and checks every index, which CANN's kernel does not",
      indexType == ACL_INT64 ? "INT64" : "INT32", how, rt::dtypeName(dtype),
      dtype == ACL_FLOAT ? std::string() : rt::planProse(", every sum rounded after its add"),
      deterministic ? rt::planProse("plane owners") : rt::planProse("gradOutput rows split evenly"), blockNum);
  plan.coreChoice = ordered ? rt::planProse("CANN launches ceil({0} planes / {1} threads) = {2} block(s) of the {3} vector cores",
                                            planes, kSimtPoolThreads, blockNum, profile.vectorCores)
                            : rt::planProse("CANN launches min({0} gradOutput cells, {1} vector cores) = {2} block(s)",
                                            cells, profile.vectorCores, blockNum);
  return t;
}

}  // namespace gradlab::ops::adaptive
