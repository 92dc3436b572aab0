#include "ops/adaptive_max_pool/strategies.h"

namespace gradlab::ops::adaptive {
namespace {

constexpr BackwardEngine kScatterEngine{
    {}, [](OpKind op, const Extents& s, aclDataType dtype, aclDataType indexType, bool dense, const DeviceProfile& profile,
           Accumulation accumulate, bool) { return planBackward(op, s, dtype, indexType, dense, false, profile, accumulate); }};
constexpr BackwardEngine kOwnerEngine{
    {}, [](OpKind op, const Extents& s, aclDataType dtype, aclDataType indexType, bool dense, const DeviceProfile& profile,
           Accumulation accumulate, bool) { return planBackward(op, s, dtype, indexType, dense, true, profile, accumulate); }};
constexpr BackwardEngine kLanesEngine{
    {}, [](OpKind op, const Extents& s, aclDataType dtype, aclDataType indexType, bool dense, const DeviceProfile& profile,
           Accumulation accumulate, bool) { return planLanes(op, s, dtype, indexType, dense, profile, accumulate); }};
constexpr BackwardEngine kSimtEngine{{}, &planSimtPool};

const char* lanesCannotRun(const StrategyCall& call) {
  if (call.op && opInfo(*call.op).spatialRank == 3) {
    return "its tiles model CANN's kernel on a 2-D call, one window box per output row; a 3-D call's windows span "
           "slices, which it does not model";
  }
  return nullptr;
}

const char* simtCannotRun(const StrategyCall& call) {
  if (!call.profile->hasSimt()) return "the device has no SIMT threads (the Ascend 950's vector cores do: --device ascend950)";
  if (call.dtype != ACL_FLOAT && call.dtype != ACL_FLOAT16 && call.dtype != ACL_BF16) {
    return "CANN's SIMT kernel takes FLOAT, FLOAT16 and BF16";
  }
  return nullptr;
}

}  // namespace

const StrategyInfo kBackwardStrategies[4] = {
    {.name = "scatter",
     .title = "vector scatter",
     .how = "gradOutput's rows (planes x Ho) are split evenly over the vector cores; a plane held by one core is summed "
      "plainly, a plane whose rows are split between cores takes fp32 atomic adds from each",
     .order = "row-major within each core; where cores share a plane, their atomic adds land in the order the cores reach "
      "them (the atomic schedule)",
     .numerics = "bit-exact where no plane is shared; a shared cell is within the summation bound of the reference",
     .atomic = true,
     .deterministicTwin = "owner",
     .engine = &kScatterEngine},
    {.name = "owner",
     .title = "vector plane owners",
     .how = "every gradInput plane has one owner vector core, which walks the plane's gradOutput and indices in row-major "
      "order and adds each value into its cell",
     .order = "row-major, as the reference",
     .numerics = "bit-exact with the reference (fp32); FLOAT16/BF16 are the fp32 sums rounded once",
     .planeOwners = true,
     .engine = &kOwnerEngine},
    {.name = "lanes",
     .title = "plane lanes (CANN's A2 kernel)",
     .how = "planes go to the vector cores in groups of 64, one plane per vector lane (CANN transposes them so); each "
      "gradOutput cell writes its whole window into gradInput, its value at the argmax and zeros elsewhere: with "
      "atomic adds where windows overlap (into an fp32 workspace for FLOAT16/BF16, rounded once at the end), plain "
      "copies where they do not (CANN then runs MaxPool3DGradWithArgmax)",
     .order = "row-major: a plane belongs to one core, whose window adds land in gradOutput's row-major order; the zeros "
      "add nothing",
     .numerics = "bit-exact with the reference (fp32); FLOAT16/BF16 are the fp32 sums rounded once",
     .planeOwners = true,
     .wholeWindows = true,
     .needs = "a 2-D call",
     .cannotRun = &lanesCannotRun,
     .engine = &kLanesEngine},
    {.name = "simt",
     .title = "SIMT scatter (CANN's 950 kernel)",
     .how = "CANN's arch35 AdaptiveMaxPool3DGrad: every thread zeroes its share of gradInput, then each gradOutput cell's "
      "thread adds its value at its index, in the tensors' own dtype: with atomic adds where windows overlap; in "
      "deterministic mode with overlap, one thread per plane walks the plane in order instead (few threads, few cores)",
     .order = "in the dtype, every add rounded (FLOAT16/BF16 sums are not kept in fp32): row-major where one thread or "
      "one core holds a plane (deterministic mode); where windows overlap in default mode, the atomic adds land as the "
      "cores reach them",
     .numerics = "fp32: bit-exact in deterministic mode, else within the summation bound; FLOAT16/BF16: the sums rounded "
      "to the dtype after every add (as accumulate=dtype), so bit-exact with that reference in deterministic mode and "
      "within its bound, u = 2^-11 (FLOAT16) or 2^-8 (BF16) per add, otherwise",
     .atomic = true,
     .needs = "a device with SIMT threads (ascend950) and FLOAT, FLOAT16 or BF16",
     .cannotRun = &simtCannotRun,
     .engine = &kSimtEngine},
};

const StrategyInfo kForwardStrategies[1] = {
    {.name = "separable",
     .title = "separable window max",
     .how = "planes and output rows are split over the vector cores; each window's max is taken down its columns first, "
      "then across (CANN's AdaptiveMaxPool3d kernel takes W first, then H, 64 planes per vector lane)",
     .order = "no sums: a max, ties to the first cell in row-major order, a NaN wins and the last NaN's index is kept",
     .numerics = "bit-exact in every dtype"},
};

}  // namespace gradlab::ops::adaptive
