// The listings of the adaptive max pool kernels (kernel.cpp): one per phase kind, with the steps
// (ops/common/kernel_code.h) the kernels record on their lines.
#include <algorithm>
#include <string>

#include "gradlab/ops.h"
#include "ops/adaptive_max_pool/windows.h"
#include "ops/common/kernel_code.h"
#include "runtime/prose.h"

namespace gradlab::ops::adaptive {
namespace {

using namespace code;

bool hasPhase(const Plan& plan, PhaseKind kind) {
  return std::any_of(plan.phases.begin(), plan.phases.end(), [&](const PlanPhase& p) { return p.kind == kind; });
}

// zeroLanesTile: CANN's block 0 zeroes every sum before the others start.
KernelListing initSums(const Plan& plan) {
  const bool workspace = hasPhase(plan, PhaseKind::kRound);
  return listing(
      "InitSums", "AIV", rt::prose("vector core 0 zeroes every plane's fp32 sums"),
      {line(0, "__aicore__ void InitSums() {"),
       line(1, "if (GetBlockIdx() == 0)   // core 0 alone"),
       line(2, std::string("InitGlobalMemory(") + (workspace ? "sumGm" : "gradInGm") + ", P * HW, 0.0f);", kInitGlobal,
            workspace ? rt::prose("Vector core 0 zeroes all the sums: the fp32 workspace.")
                      : rt::prose("Vector core 0 zeroes all the sums: gradInput itself.")),
       line(1, "SyncAll();   // the others wait for it", -1,
            rt::prose("Every other core waits at the barrier: on a large call this single-core phase is most of the time.")),
       line(0, "}"),
       line(0, "// CANN: Init() of its normal template")});
}

// scatterTile: the scatter and owner strategies' compute phase.
KernelListing scatterAdd() {
  return listing(
      "ScatterAdd", "AIV", rt::prose("copy in gradOutput and indices, add each value into its cell (an index outside its plane fails the launch)"),
      {line(0, "__aicore__ void ScatterAdd(Tile t) {"),
       line(1, "auto g = inQue.AllocTensor<float>();"),
       line(1, "DataCopyPad(g, gradOutGm[run], cp, pad);", kCopyIn, rt::prose("MTE2 copies a run of gradOutput cells into UB.")),
       line(1, "DataCopyPad(k, indicesGm[run], cp, pad);", kCopyIn, rt::prose("... and the same run of argmax indices.")),
       line(1, "inQue.EnQue(g); g = inQue.DeQue<float>();"),
       line(1, "if (firstTileOfPlane)"),
       line(2, "Duplicate(sum, 0.0f, H * W);", kZeroSums,
            rt::prose("The plane's sums start at 0: in UB when the plane fits there, else in GM (a copy-out).")),
       line(1, "for (i = 0; i < n; ++i) {"),
       line(2, "if (k[i] >= H * W) { Bad(i); continue; }", -1,
            rt::prose("An index outside [0, H * W) (compared unsigned: a negative one is huge) is never written: the earliest "
                      "such cell over all cores fails the launch when the phase ends, and every gradInput cell then holds NaN.")),
       line(2, "if (sharedPlane) {   // other cores too"),
       line(3, "SetAtomicAdd<float>();", kAtomicAdd,
            rt::prose("Another core also adds into this plane: the value is added into GM atomically, in whatever "
                      "order the cores get there.")),
       line(3, "DataCopy(sumGm[k[i]], g[i], 1);", kAtomicAdd),
       line(3, "SetAtomicNone();", kAtomicAdd),
       line(2, "} else {"),
       line(3, "sum[k[i]] += g[i];", kAdd,
            rt::prose("Only this core sums the plane: the value is added into the cell its index points at, in "
                      "row-major order.")),
       line(2, "}"),
       line(1, "}"),
       line(1, "if (lastTileOfPlane)"),
       line(2, "DataCopy(gradInGm[plane], sum, H * W);", kStorePlane,
            rt::prose("The plane is complete: its sums go out to gradInput once (rounded once for half and bf16).")),
       line(0, "}")});
}

// lanesTile: CANN's normal template of AdaptiveMaxPool3DGrad.
KernelListing calcBlock() {
  return listing(
      "CalcBlock", "AIV", rt::prose("64 planes per core, one per vector lane, an output row at a time"),
      {line(0, "__aicore__ void CalcBlock(Tile t) {"),
       line(1, "DataCopyPad(argUb, argmaxGm[blk], cp, pad);", kCopyIn,
            rt::prose("MTE2 copies one output row's indices of up to 64 planes into UB.")),
       line(1, "DataCopyPad(gradUb, gradGm[blk], cp, pad);", kCopyIn, rt::prose("... and the same gradOutput cells.")),
       line(1, "TransposeBase16M8(gradT, gradUb, 64, n);", kCompute,
            rt::prose("The transpose puts plane q in vector lane q: one instruction works on 64 planes at once.")),
       line(1, "KeepFirstBad(argT, H * W, n);", -1,
            rt::prose("An index outside [0, H * W) is never written: the earliest such cell over all cores fails the launch "
                      "when the phase ends, and every gradInput cell then holds NaN.")),
       line(1, "for (wo = 0; wo < n; ++wo) {"),
       line(2, "Compare(mask, kIdx, argT[64 * wo], EQ);", kCompute,
            rt::prose("Which cell of its window each plane's argmax is.")),
       line(2, "Select(y, mask, gradT[64 * wo], 0.0f);", kCompute,
            rt::prose("The window region: the value at the argmax, 0 everywhere else.")),
       line(2, "if (windowsOverlap) {"),
       line(3, "SetAtomicAdd<float>();", kAtomicAdd,
            rt::prose("Windows overlap (the sizes do not divide): the region is added into the sums atomically.")),
       line(3, "DataCopyPad(yGm[win(wo)], y, cpY);", kAtomicAdd),
       line(3, "SetAtomicNone();", kAtomicAdd),
       line(2, "} else {"),
       line(3, "DataCopyPad(yGm[win(wo)], y, cpY);", kCopyOut,
            rt::prose("Windows do not overlap: the region is copied out plainly (CANN: MaxPool3DGradWithArgmax).")),
       line(2, "}"),
       line(1, "}"),
       line(0, "}")});
}

// The 950's SIMT kernel (CANN's arch35 AdaptiveMaxPool3dGradKernelSimt, adaptive_max_pool3d_grad_simt.h): 512
// threads a block, one gradOutput cell a thread, or one plane a thread where deterministic mode meets overlapping
// windows. gradlab runs it as plane owners or as rows split evenly (simt_tiling.cpp): the same adds, in the same
// order where the order is fixed.
KernelListing simtGrad(bool ordered) {
  std::vector<CodeLine> lines = {
      line(0, "__simt_vf__ LAUNCH_BOUND(512) void AdaptiveMaxPool3dGradKernelSimt() {"),
      line(1, "start = GetBlockIdx() * 512 + GetThreadIdx();  stride = GetBlockNum() * 512;"),
      line(1, "InitOutputZeroSimt(xGradData);   // each thread zeroes its share first", kZeroSums,
           rt::prose("Every thread first zeroes its share of gradInput, then the block waits for all of them (__syncthreads).")),
  };
  const std::string note = rt::prose("The thread loads its argmax index and its gradOutput value straight from GM.");
  if (ordered) {
    for (CodeLine& l : std::vector<CodeLine>{
             line(1, "for (nc = start; nc < N * C; nc += stride)   // one thread per plane"),
             line(2, "for (o = 0; o < outDHW; ++o) {   // its gradOutput in order"),
             line(3, "maxIdx = argmaxData[nc * outDHW + o];", kCopyIn, note),
             line(3, "xGradData[plane(nc) + maxIdx] += gradData[nc * outDHW + o];", kAdd,
                  rt::prose("One thread adds its plane's values in gradOutput's order: the same bits every run. In "
                            "float16 and bfloat16 the sum rounds after every add.")),
             line(2, "}")})
      lines.push_back(std::move(l));
  } else {
    for (CodeLine& l : std::vector<CodeLine>{
             line(1, "for (i = start; i < N * C * outDHW; i += stride) {   // one thread per gradOutput cell"),
             line(2, "maxIdx = argmaxData[i];  gradVal = gradData[i];", kCopyIn, note),
             line(2, "if (isOverLap)   // some axis's sizes do not divide"),
             line(3, "asc_atomic_add(&xGradData[plane(i) + maxIdx], gradVal);", kAtomicAdd,
                  rt::prose("Windows overlap: two threads may add into one cell, so the add is atomic, in whatever order "
                            "the threads get there.")),
             line(2, "else"),
             line(3, "xGradData[plane(i) + maxIdx] += gradVal;", kAdd,
                  rt::prose("No two windows overlap: each cell takes at most one value, a plain add.")),
             line(1, "}")})
      lines.push_back(std::move(l));
  }
  lines.push_back(line(0, "}"));
  lines.push_back(line(0, "// gradlab sums a plane in UB and stores it once: the same adds", kStorePlane,
                       rt::prose("gradlab's kernel keeps an owned plane's sums in UB and stores them when the plane is done; "
                                 "CANN's threads add in GM. The adds and their order are the same.")));
  return listing("AdaptiveMaxPool3dGradKernelSimt", "AIV",
                 ordered ? rt::prose("one thread per plane adds its gradOutput in order at each argmax")
                         : rt::prose("one thread per gradOutput cell adds its value at its argmax"),
                 std::move(lines));
}

// forwardTile.
KernelListing windowMax() {
  return listing(
      "WindowMax", "AIV", rt::prose("scan each window in UB, write its max and index"),
      {line(0, "__aicore__ void WindowMax(Tile t) {"),
       line(1, "for (oh = t.oh0; oh < t.oh1; ++oh) {"),
       line(2, "Duplicate(best, -INFINITY, n);"),
       line(2, "for (c = c0; c < c1; c += B) {   // pieces"),
       line(3, "for (h = hs(oh); h < he(oh); ++h) {"),
       line(4, "DataCopy(row, selfGm[h, c], k);", kCopyIn, rt::prose("MTE2 copies a piece of each window row into UB.")),
       line(4, "Max(colMax, colMax, row, k);", kCompute,
            rt::prose("Down each column: the column's winner (a NaN wins, ties keep the upper cell).")),
       line(3, "}"),
       line(3, "WinMax(best, arg, colMax, win(ow));", kWindowMax,
            rt::prose("Across each window's columns: the window's max and the index of its cell.")),
       line(2, "}"),
       line(2, "DataCopy(outGm[oh, s0], best, n);", kCopyOut, rt::prose("MTE3 writes the row's maxima ...")),
       line(2, "DataCopy(indicesGm[oh, s0], arg, n);", kCopyOut, rt::prose("... and their indices.")),
       line(1, "}"),
       line(0, "}")});
}

}  // namespace

KernelListing kernelListing(const Plan& plan, int32_t phase) {
  const PlanPhase& p = plan.phases[static_cast<size_t>(phase)];
  if (!opInfo(plan.op).backward) return windowMax();
  const StrategyInfo* strategy = plan.strategyInfo();
  const bool lanes = strategy && strategy->wholeWindows;
  const bool workspace = hasPhase(plan, PhaseKind::kRound);
  if (plan.simtThreads > 0 && p.kind == PhaseKind::kCompute) {
    // CANN's deterministicFlag: deterministic mode with overlapping windows. The spatial sizes follow N and C:
    // gradInput's (dst) and gradOutput's (src).
    const std::span<const int64_t> in(plan.dstShape), out(plan.srcShape);
    const size_t spatial = std::min<size_t>(2, std::min(in.size(), out.size()));
    return simtGrad(plan.deterministic && windowsOverlap(in.subspan(spatial), out.subspan(spatial)));
  }
  switch (p.kind) {
    case PhaseKind::kZero:
      if (!hasPhase(plan, PhaseKind::kCompute)) {
        return zeroListing("ZeroGradInput", "gradInGm", rt::prose("gradOutput is empty: every gradInput cell is 0."),
                           rt::prose("zero gradInput (gradOutput is empty)"));
      }
      if (lanes) return initSums(plan);
      return zeroListing("ZeroSharedPlanes", workspace ? "sumGm" : "gradInGm",
                         workspace ? rt::prose("The planes several cores will add into start at 0: their fp32 workspace rows.")
                                   : rt::prose("The planes several cores will add into start at 0: gradInput's own cells."),
                         rt::prose("zero the sums of the planes shared between cores"));
    case PhaseKind::kRound:
      return convertListing("RoundPlanes", "sumGm", ACL_FLOAT, "gradInGm", plan.dtype,
                            rt::prose("round the fp32 sums into gradInput once"));
    default: return lanes ? calcBlock() : scatterAdd();
  }
}

}  // namespace gradlab::ops::adaptive
