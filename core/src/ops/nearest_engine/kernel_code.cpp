// The listings of the nearest upsample kernels (kernel.cpp, cube_kernel.cpp): one per phase kind, with
// the steps (ops/common/kernel_code.h) the kernels record on their lines.
#include <algorithm>
#include <string>

#include "gradlab/ops.h"
#include "ops/common/kernel_code.h"
#include "ops/nearest_engine/tiling.h"
#include "runtime/prose.h"

namespace gradlab::ops::nearest {
namespace {

using namespace code;

bool hasPhase(const Plan& plan, PhaseKind kind) {
  return std::any_of(plan.phases.begin(), plan.phases.end(), [&](const PlanPhase& p) { return p.kind == kind; });
}

bool mirrors(const Plan& plan, PlanBuffer::Mirror mirror) {
  return std::any_of(plan.buffers.begin(), plan.buffers.end(), [&](const PlanBuffer& b) { return b.mirror == mirror; });
}

// A copy-in's note: `plain`, or `widened` ("..., widened from {0} to fp32.") for the value types the vector
// unit widens on their way in.
std::string copyInNote(const Plan& plan, const char* plain, const char* widened) {
  return plan.dtype == ACL_FLOAT || plan.dtype == ACL_DOUBLE ? rt::prose(plain) : rt::prose(widened, typeName(plan.dtype));
}

// backwardMainTile: the scatter and gather strategies' compute phase.
KernelListing sumRows(const Plan& plan) {
  const std::string v = plan.dtype == ACL_DOUBLE ? "double" : "float";
  return listing(
      "SumRows", "AIV", rt::prose("each core sums its gradOutput rows into the gradInput rows they land in"),
      {line(0, "__aicore__ void SumRows(Tile t) {"),
       line(1, "for (h = t.h0; h < t.h1; ++h) {"),
       line(2, "auto g = inQue.AllocTensor<" + v + ">();"),
       line(2, "DataCopy(g, gradOutGm[h * Wo + x0], n);", kCopyIn,
            copyInNote(plan, "MTE2 copies a piece of gradOutput row h into UB.",
                       "MTE2 copies a piece of gradOutput row h into UB, widened from {0} to fp32.")),
       line(2, "inQue.EnQue(g); g = inQue.DeQue<" + v + ">();", -1,
            rt::prose("The queue hands the piece from the copy-in pipe to the vector pipe.")),
       line(2, "r = srcH(h);   // its gradInput row"),
       line(2, "if (sharedRow[r]) {   // other cores too"),
       line(3, "SetAtomicAdd<float>();", kAtomicAdd,
            rt::prose("Row r also takes adds from another core: each value is added into GM atomically, in whatever "
                      "order the cores get there.")),
       line(3, "for (x = 0; x < n; ++x)", kAtomicAdd),
       line(4, "DataCopy(gradInGm[at(r, x)], g[x], 1);", kAtomicAdd),
       line(3, "SetAtomicNone();", kAtomicAdd),
       line(2, "} else {"),
       line(3, "for (x = 0; x < n; ++x)", kAdd),
       line(4, "acc[srcW(x0 + x)] += g[x];", kAdd,
            rt::prose("Only this core sums row r: each value is added into its gradInput cell's sum in UB, left to right.")),
       line(2, "}"),
       line(2, "inQue.FreeTensor(g);"),
       line(1, "}"),
       line(1, "DataCopy(gradInGm[t.rows], acc, len);", kCopyOut,
            rt::prose("MTE3 writes the rows only this core summed, once, from UB to GM.")),
       line(0, "}")});
}

// forwardTile: every output cell copies its source cell.
KernelListing gatherRows(const Plan& plan) {
  const std::string v = plan.dtype == ACL_DOUBLE ? "double" : "float";
  return listing(
      "GatherRows", "AIV", rt::prose("each core gathers its output rows from their source rows"),
      {line(0, "__aicore__ void GatherRows(Tile t) {"),
       line(1, "auto o = outQue.AllocTensor<" + v + ">();"),
       line(1, "for (r = t.r0; r < t.r1; ++r) {"),
       line(2, "h = srcH(r);"),
       line(2, "if (h == prevH) {   // same source row"),
       line(3, "DataCopy(o[r], o[r - 1], width);", kRepeatRow,
            rt::prose("Output row r has the same source row as the row above: it is copied within UB, nothing is read.")),
       line(3, "continue;"),
       line(2, "}"),
       line(2, "DataCopy(s, selfGm[h * Wi + x0], span);", kCopyIn,
            copyInNote(plan, "MTE2 copies the source row's columns into UB.",
                       "MTE2 copies the source row's columns into UB, widened from {0} to fp32.")),
       line(2, "Gather(o[r], s, srcWOffsets, 0, width);", kGather,
            rt::prose("Each output cell takes the source cell its column maps to: out[r][j] = self[h][srcW(j)].")),
       line(2, "prevH = h;"),
       line(1, "}"),
       line(1, "outQue.EnQue(o); o = outQue.DeQue<" + v + ">();"),
       line(1, "DataCopy(outGm[t.rows], o, cells);", kCopyOut, rt::prose("MTE3 writes the tile's output rows to GM.")),
       line(0, "}")});
}

// simt_kernel.cpp: CANN's arch35 NearestExact2dGradSimt (schedules 1-3) and NearestExact2dGradDataCopy (0).
KernelListing simtGather(const Plan& plan) {
  const std::string t = typeName(plan.dtype);
  return listing(
      "NearestExact2dGradSimt", "AIV",
      rt::prose("each SIMT thread sums the window of one gradInput cell: 2048 threads on every vector core"),
      {line(0, "__simt_vf__ void SimtCompute(...) {"),
       line(1, "for (idx = threadIdx.x; idx < blkProcessNum; idx += blockDim.x) {", -1,
            rt::prose("Each thread takes every 2048th cell of its core's run, starting at its own number.")),
       line(2, "(n, c, h, w) = cellOf(blkStartOffset + idx);   // UintDiv by magic numbers"),
       line(2, "h0 = min(ceilf(h * scaleH - 0.5f), Ho);  h1 = min(ceilf((h + 1) * scaleH - 0.5f), Ho);", -1,
            rt::prose("The window's rows, computed in fp32: not the inverse of PyTorch's floor((o + 0.5) x s), and for "
                      "a few sizes not the same rows.")),
       line(2, "w0 = min(ceilf(w * scaleW - 0.5f), Wo);  w1 = min(ceilf((w + 1) * scaleW - 0.5f), Wo);"),
       line(2, "float grad = 0;"),
       line(2, "for (y = h0; y < h1; ++y)", kSimtLoad),
       line(3, "for (x = w0; x < w1; ++x)", kSimtLoad),
       line(4, "grad += (float)gradOutGm[plane(n, c) + y * Wo + x];", kSimtLoad,
            rt::prose("The thread loads each gradOutput value of its window from GM (through the data cache) and "
                      "adds it to its fp32 register, rows top to bottom, each left to right.")),
       line(2, "gradInGm[plane(n, c) + h * Wi + w] = (" + t + ")grad;", kSimtStore,
            rt::prose("One store per cell, rounded once to the output's dtype: no atomic adds.")),
       line(1, "}"),
       line(0, "}")});
}

KernelListing simtCopy(const Plan& plan) {
  const std::string t = typeName(plan.dtype);
  return listing(
      "NearestExact2dGradDataCopy", "AIV", rt::prose("nothing to sum: gradOutput is copied into gradInput unchanged"),
      {line(0, "__aicore__ void Process() {"),
       line(1, "for (loop = 0; loop < totalLength; loop += ubFactor) {"),
       line(2, "DataCopyPad(x, gradOutGm[offset], {1, len * sizeof(" + t + ")});", kCopyIn,
            rt::prose("MTE2 copies a piece of gradOutput into UB, its bits as they are.")),
       line(2, "DataCopyPad(gradInGm[offset], x, {1, len * sizeof(" + t + ")});", kCopyOut,
            rt::prose("MTE3 writes the same bits to gradInput.")),
       line(1, "}"),
       line(0, "}")});
}

// cube_kernel.cpp's selectTile.
KernelListing buildSelect() {
  return listing(
      "BuildSelect", "AIV", rt::prose("the vector cores build the 0/1 selection matrices the cube multiplies by"),
      {line(0, "__aicore__ void BuildSelect(int64_t s) {"),
       line(1, "auto m = selQue.AllocTensor<float>();"),
       line(1, "Duplicate(m, 0.0f, rows * cols);", kCompute, rt::prose("The slide's matrix starts as zeros in UB.")),
       line(1, "for (k = 0; k < K; ++k)", kCompute),
       line(2, "m.SetValue(one(s, k), 1.0f);", kCompute,
            rt::prose("A 1 where gradOutput column k0 + k feeds a gradInput column of the slide (A_W), or where a "
                      "gradInput row gathers gradOutput row k0 + k (A_H^T).")),
       line(1, "selQue.EnQue(m); m = selQue.DeQue<float>();"),
       line(1, "DataCopy(selGm[s], m, rows * cols);", kCopyOut,
            rt::prose("MTE3 writes the matrix to the workspace, where the cube cores read it.")),
       line(1, "selQue.FreeTensor(m);"),
       line(0, "}")});
}

// cube_kernel.cpp's matmulWTile and matmulHTile: one block of the product, K in pieces of kc.
KernelListing matmul(const Plan& plan, bool w) {
  const bool mid = plan.intermediate >= 0;
  const std::string gradOut = mirrors(plan, PlanBuffer::Mirror::kSrc) ? "gradOut32Gm" : "gradOutGm";
  const std::string gradIn = mirrors(plan, PlanBuffer::Mirror::kDst) ? "gradIn32Gm" : "gradInGm";
  const std::string a = w ? gradOut : "selHGm", b = w ? "selWGm" : (mid ? "tGm" : gradOut);
  const std::string out = w && mid ? "tGm" : gradIn;
  const std::string name = w ? "MatmulW" : "MatmulH";
  // The selection matrix is the resident operand: B (A_W) in the W pass, A (A_H^T) in the H pass.
  const std::string resident = w ? "DataCopy(b1Local, " + b + "[slide], K * n);" : "DataCopy(a1Local, " + a + "[slide], m * K);";
  const std::string streamed = w ? "DataCopy(a1Local, " + a + "[blk], m*kc);" : "DataCopy(b1Local, " + b + "[blk], kc*n);";
  return listing(
      name, "AIC", w ? rt::prose("the cube multiplies gradOutput by A_W") : rt::prose("the cube multiplies A_H^T by T"),
      {line(0, "__aicore__ void " + name + "(Tile t) {"),
       line(1, "auto c1Local = co1Que.AllocTensor<float>();"),
       line(1, w ? "if (firstOfSlide)   // A_W stays in L1" : "if (firstOfSlide)   // A_H^T stays in L1"),
       line(2, resident, kL1,
            rt::prose("MTE2 brings the slide's selection matrix into L1 once for the core's blocks of the slide.")),
       line(1, "for (k0 = 0; k0 < K; k0 += kc) {"),
       line(2, streamed, kL1,
            w     ? rt::prose("MTE2 copies the block's gradOutput rows, a K window of columns, into L1.")
            : mid ? rt::prose("MTE2 copies the block's K window of T's rows into L1.")
                  : rt::prose("MTE2 copies the block's K window of gradOutput's rows into L1.")),
       line(2, w ? "LoadData(a2Local, a1Local, loadA);" : "LoadData(a2Local, a1Local[k0], loadA);", kL0,
            rt::prose("MTE1 loads the left operand from L1 into L0A.")),
       line(2, w ? "LoadData(b2Local, b1Local[k0], loadB);" : "LoadData(b2Local, b1Local, loadB);", kL0,
            rt::prose("MTE1 loads the right operand from L1 into L0B.")),
       line(2, "Mmad(c1Local, a2Local, b2Local, mnk);", kMmad,
            rt::prose("The cube multiplies: L0C += L0A x L0B in fp32, each product added in K order. A 0 entry adds "
                      "nothing, so each value lands in the cell its 1 selects.")),
       line(1, "}"),
       line(1, "Fixpipe(" + out + "[blk], c1Local, params);", kFixpipe,
            w && mid ? rt::prose("FIXPIPE writes the block of T from L0C to the workspace.")
                     : rt::prose("FIXPIPE writes the block of gradInput from L0C to GM.")),
       line(1, "co1Que.FreeTensor(c1Local);"),
       line(0, "}")});
}

}  // namespace

KernelListing kernelListing(const Plan& plan, int32_t phase) {
  const PlanPhase& p = plan.phases[static_cast<size_t>(phase)];
  const OpInfo& op = opInfo(plan.op);
  if (!op.backward) return gatherRows(plan);
  const bool cube = plan.cubeLanes > 0 || hasPhase(plan, PhaseKind::kMatmul);
  // CANN's 950 kernel (the strategy whose windows are CANN's): its SIMT gather, or its copy when nothing changes.
  const StrategyInfo* strategy = plan.strategyInfo();
  if (p.kind == PhaseKind::kCompute && strategy != nullptr && strategy->cannWindows) {
    return plan.simtThreads > 0 ? simtGather(plan) : simtCopy(plan);
  }
  switch (p.kind) {
    case PhaseKind::kZero:
      if (!hasPhase(plan, PhaseKind::kCompute) && !hasPhase(plan, PhaseKind::kMatmul)) {
        return zeroListing("ZeroGradInput", "gradInGm", rt::prose("gradOutput is empty: every gradInput cell is 0."),
                           rt::prose("gradOutput is empty: gradInput is zeroed"));
      }
    {
      const bool workspace = halfType(plan.dtype) && plan.accumulate == Accumulation::kFp32;  // kernel.cpp's viaWorkspace
      return zeroListing("ZeroSharedRows", workspace ? "sumGm" : "gradInGm",
                         workspace ? rt::prose("The rows several cores will add into start at 0: their fp32 workspace rows.")
                                   : rt::prose("The rows several cores will add into start at 0: gradInput's own cells."),
                         rt::prose("zero the gradInput rows shared between cores"));
    }
    case PhaseKind::kRound:
      return convertListing("RoundRows", cube ? "gradIn32Gm" : "sumGm", ACL_FLOAT, "gradInGm", plan.dtype,
                            rt::prose("round the fp32 sums into gradInput once"));
    case PhaseKind::kCast:
      return convertListing("CastIn", "gradOutGm", plan.dtype, "gradOut32Gm", ACL_FLOAT,
                            rt::prose("widen gradOutput to fp32 for the cube (CANN: a Cast kernel)"));
    case PhaseKind::kSelect: return buildSelect();
    case PhaseKind::kMatmul: return matmul(plan, p.selects != SelectAxis::kRows);
    default: return sumRows(plan);
  }
}

}  // namespace gradlab::ops::nearest
