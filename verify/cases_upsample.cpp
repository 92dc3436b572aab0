// The nearest upsample part of the case table: fixed cases from the seeds and from PyTorch's tests,
// random problems against the independent reference for every nearest upsample operator of the catalog,
// plans, traces, modes and the nearest-exact checks.
#include <random>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "gradlab/profile.h"
#include "i18n/translate.h"
#include "verify/cases.h"
#include "verify/judge.h"
#include "verify/reference_upsample.h"
#include "verify/run_case.h"

namespace gradlab::verify {
namespace {

using enum OpKind;

constexpr const char* kFp[] = {"fp32", "fp16", "bf16"};

// A 1-D call's sizes are L (W) alone: [N, C, inW] -> [N, C, outW].
Extents sizes(int64_t N, int64_t C, int64_t inH, int64_t inW, int64_t outH, int64_t outW, double scaleH = 0.0,
              double scaleW = 0.0) {
  return {.N = N, .C = C, .in = {1, inH, inW}, .out = {1, outH, outW}, .scales = {0.0, scaleH, scaleW}};
}

// Explicit values with an explicitly written expected output (independent of the reference code). `cann950`:
// what CANN's Ascend 950 kernel gives instead, where its windows differ (a run of the simt strategy).
Case expectedCase(std::string name, const char* group, RunRequest p, std::vector<float> expected,
                  std::vector<float> cann950 = {}) {
  const OpKind op = p.op;
  return {std::move(name), op, group, [p, expected, cann950] {
            uint64_t digest = 0;
            bool asCann = false;
            for (bool deterministic : {true, false}) {
              RunRequest q = p;
              q.deterministic = deterministic;
              const RunResult o = runCase(q);
              if (!o.ok()) return CaseResult{false, i18n::trf("{0} failed: {1}", o.stage, o.message)};
              const Cells<float>& got = o.output(opInfo(q.op).dst().name)->values;
              const StrategyInfo* ran = o.plan ? o.plan->strategyInfo() : nullptr;
              asCann = !cann950.empty() && ran != nullptr && ran->cannWindows;
              const std::vector<float>& want = asCann ? cann950 : expected;
              for (size_t i = 0; i < want.size(); ++i) {
                if (got[i] != want[i]) {
                  return CaseResult{false, describe(q) + ": " +
                                               i18n::trf("cell {0} = {1}, expected {2}", i, std::to_string(got[i]),
                                                         std::to_string(want[i]))};
                }
              }
              digest = digest * 31 + digestOf(o);
            }
            return CaseResult{true,
                              describe(p) + ": " +
                                  (asCann ? i18n::tr("equals CANN's 950 kernel's values in both modes (its fp32 windows "
                                                     "differ from PyTorch's map here)")
                                          : i18n::tr("equals the expected values in both modes")),
                              digest};
          }};
}

std::vector<float> iota(int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return v;
}

// The seed 000 sample: gradOutput 1x1x4x2 = 0..7, scales 2.0 (s = 0.5: rows 0,0,1,1 and columns 0,0)
// into gradInput 1x1x8x4.
Case seedSample() {
  RunRequest p = problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 8, 4, 4, 2, 2.0, 2.0));
  p.values = iota(8);
  std::vector<float> expected(32, 0.0f);
  expected[0] = 0 + 1 + 2 + 3;
  expected[4] = 4 + 5 + 6 + 7;
  return expectedCase("seed000_sample_4x2_to_8x4_scales_2", "seed", p, expected);
}

// The SPEC's float32 rounding example: in=2, out=41, o=20 maps to 0 (exact arithmetic would say 1). CANN's 950
// kernel sums gradInput cell 0 over [0, ceil(1 x 20.5f - 0.5f)) = [0, 20): o = 20 goes to cell 1 there.
std::vector<Case> roundingCases() {
  std::vector<Case> v;
  RunRequest back1 = problem(kUpsampleNearestExact1dBackward, sizes(1, 1, 1, 2, 1, 41));
  back1.values = std::vector<float>(41, 1.0f);
  v.push_back(expectedCase("float32_rounding_1d_backward_41_to_2", "rounding", back1, {21.0f, 20.0f}, {20.0f, 21.0f}));
  RunRequest back2 = problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 2, 1, 41, 1));
  back2.values = std::vector<float>(41, 1.0f);
  v.push_back(expectedCase("float32_rounding_2d_backward_41x1_to_2x1", "rounding", back2, {21.0f, 20.0f}, {20.0f, 21.0f}));
  RunRequest fwd = problem(kUpsampleNearestExact1d, sizes(1, 1, 1, 2, 1, 41));
  fwd.values = {10.0f, 20.0f};
  std::vector<float> expected(41, 20.0f);
  for (int o = 0; o <= 20; ++o) expected[o] = 10.0f;
  v.push_back(expectedCase("float32_rounding_1d_forward_2_to_41", "rounding", fwd, expected));
  return v;
}

// PyTorch's test_upsamplingNearestExact1d_correctness: isize -> osize with arange input, expected
// i = int((o + 0.5) * isize / osize) as scikit-image computes it.
std::vector<Case> pytorchOneD() {
  std::vector<Case> v;
  for (auto [isize, osize] : {std::pair<int64_t, int64_t>{20, 11}, {10, 15}}) {
    std::vector<float> forward(osize), backward(isize, 0.0f);
    for (int64_t o = 0; o < osize; ++o) {
      const int64_t i = static_cast<int64_t>((o + 0.5) * (1.0 * isize / osize));
      forward[o] = static_cast<float>(i);
      backward[i] += static_cast<float>(o);
    }
    const std::string tag = std::to_string(isize) + "_to_" + std::to_string(osize);
    RunRequest f = problem(kUpsampleNearestExact1d, sizes(1, 1, 1, isize, 1, osize));
    f.values = iota(isize);
    v.push_back(expectedCase("pytorch_1d_forward_" + tag, "pytorch", f, forward));
    RunRequest b = problem(kUpsampleNearestExact1dBackward, sizes(1, 1, 1, isize, 1, osize));
    b.values = iota(osize);
    v.push_back(expectedCase("pytorch_1d_backward_" + tag, "pytorch", b, backward));
  }
  return v;
}

// One axis of a random problem: (in, out, scale) following one of the scale conventions.
struct Axis {
  int64_t in, out;
  double scale;
  const char* kind;
};

Axis randomAxis(std::mt19937_64& rng, int kind, int64_t maxIn) {
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  switch (kind % 6) {
    case 0: {  // sizes only
      const int64_t in = pick(1, maxIn);
      return {in, pick(1, 3 * in + 2), 0.0, "sizes"};
    }
    case 1: {  // exact integer upsample (gradOutput k times larger)
      const int64_t in = pick(1, maxIn), k = pick(1, 4);
      return {in, k * in, static_cast<double>(k), "exact"};
    }
    case 2: {  // exact downsample (gradOutput k times smaller)
      const int64_t out = pick(1, std::max<int64_t>(1, maxIn / 2)), k = pick(2, 3);
      return {k * out, out, 1.0 / static_cast<double>(k), "exact-down"};
    }
    case 3: {  // a scale that disagrees with the sizes
      const int64_t in = pick(1, maxIn);
      return {in, pick(1, 3 * in + 1), std::uniform_real_distribution<double>(0.3, 4.0)(rng), "disagree"};
    }
    case 4: {
      const int64_t in = pick(1, maxIn);
      return {in, std::max<int64_t>(1, static_cast<int64_t>(in * 1.7)), 1.7, "1.7"};
    }
    default: {
      const int64_t in = pick(2, maxIn + 1);
      return {in, std::max<int64_t>(1, static_cast<int64_t>(in * 0.6)), 0.6, "0.6"};
    }
  }
}

// CANN's 3-D forward refuses three positive scales that disagree with outputSize: such a problem's sizes are
// made floor(in * scale) (and where that is 0, the scale is dropped, so the sizes rule every axis).
void agreeWithScales(Extents* s) {
  if (!(s->scales[kD] > 0.0 && s->scales[kH] > 0.0 && s->scales[kW] > 0.0)) return;
  for (int axis = 0; axis < kMaxSpatialRank; ++axis) {
    const auto out = static_cast<int64_t>(static_cast<double>(s->in[axis]) * s->scales[axis]);
    if (out < 1) s->scales[axis] = 0.0;
    else s->out[axis] = out;
  }
}

std::vector<Case> randomCases(OpKind op, int count, uint64_t seed, int64_t maxIn) {
  std::vector<Case> v;
  std::mt19937_64 rng(seed);
  const OpInfo& info = opInfo(op);
  const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  const Layout layouts[] = {Layout::kContiguous, Layout::kSliced, Layout::kChannelsLast, Layout::kTransposed};
  for (int i = 0; i < count; ++i) {
    const Axis w = randomAxis(rng, i, maxIn);
    const Axis h = info.spatialRank == 1 ? Axis{1, 1, 0.0, ""} : randomAxis(rng, i / 6 + i, maxIn);
    const Axis d = info.spatialRank == 3 ? randomAxis(rng, i / 4 + 2 * i, maxIn) : Axis{1, 1, 0.0, ""};
    Extents s;
    s.N = std::uniform_int_distribution<int64_t>(1, 2)(rng);
    s.C = std::uniform_int_distribution<int64_t>(1, 3)(rng);
    // The backward op's "in" side is gradInput; the forward op's is self: both use the same axes.
    s.in[kD] = d.in, s.out[kD] = d.out, s.scales[kD] = d.scale;
    s.in[kH] = h.in, s.out[kH] = h.out, s.scales[kH] = h.scale;
    s.in[kW] = w.in, s.out[kW] = w.out, s.scales[kW] = w.scale;
    if (info.spatialRank == 3 && !info.backward) agreeWithScales(&s);
    const int dtypeIndex = i % 5;
    RunRequest p = problem(op, s, dtypes[dtypeIndex], (i / 2) % 2 == 0, layouts[i % 4]);
    p.seed = seed * 1000 + static_cast<uint64_t>(i);
    const char* fp = kFp[dtypes[dtypeIndex] == ACL_FLOAT ? 0 : dtypes[dtypeIndex] == ACL_FLOAT16 ? 1 : 2];
    std::string n = fmt::format("{}_random_{:03}_{}_{}_{}", snakeName(op), i, fp, p.deterministic ? "det" : "default", w.kind);
    for (char& c : n) c = (c == '.' || c == '-') ? '_' : c;
    v.push_back(referenceCase(n, "reference", p));
  }
  return v;
}

// Bigger problems that spread over many cores and tiles, on the default and the classroom profile.
std::vector<Case> tilingCases() {
  std::vector<Case> v;
  for (bool det : {true, false}) {
    const char* mode = det ? "det" : "default";
    for (int d = 0; d < 3; ++d) {
      const aclDataType dtype = d == 0 ? ACL_FLOAT : d == 1 ? ACL_FLOAT16 : ACL_BF16;
      RunRequest p = problem(kUpsampleNearestExact2dBackward, sizes(2, 3, 20, 18, 40, 36, 0.0, 0.0), dtype, det);
      v.push_back(referenceCase(std::string("many_cores_2x_") + kFp[d] + "_" + mode, "tiling", p));
      RunRequest c = problem(kUpsampleNearestExact2dBackward, sizes(2, 3, 21, 30, 50, 61, 0.0, 0.0), dtype, det, Layout::kSliced);
      c = onProfile(c, "classroom");
      v.push_back(referenceCase(std::string("classroom_many_tiles_") + kFp[d] + "_" + mode, "tiling", c));
    }
    // Rows wider than the classroom UB: column blocks.
    RunRequest wide = problem(kUpsampleNearestExact2dBackward, sizes(1, 2, 3, 2500, 6, 5000, 0.0, 0.0), ACL_FLOAT, det);
    wide = onProfile(wide, "classroom");
    v.push_back(referenceCase(std::string("classroom_column_blocks_2x_") + mode, "tiling", wide));
    RunRequest wideOdd =
        problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 4, 1700, 7, 4099, 0.0, 0.0), ACL_FLOAT16, det, Layout::kTransposed);
    wideOdd = onProfile(wideOdd, "classroom");
    v.push_back(referenceCase(std::string("classroom_column_blocks_uneven_fp16_") + mode, "tiling", wideOdd));
    // A scale that disagrees with the sizes clamps most of gradOutput onto the last column: more
    // gradOutput columns land in one gradInput column than the UB holds, so they are staged in chunks.
    RunRequest clamp = problem(kUpsampleNearestExact1dBackward, sizes(1, 2, 1, 4, 1, 5000, 0.0, 1.0), ACL_FLOAT, det);
    clamp = onProfile(clamp, "classroom");
    v.push_back(referenceCase(std::string("classroom_clamped_span_chunks_") + mode, "tiling", clamp));
    RunRequest clampHalf = problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 3, 3, 2, 4500, 0.0, 1.0), ACL_BF16, det, Layout::kSliced);
    clampHalf = onProfile(clampHalf, "classroom");
    v.push_back(referenceCase(std::string("classroom_clamped_span_chunks_bf16_") + mode, "tiling", clampHalf));
    // The smallest UB a profile may have (1 KiB) and an odd core count.
    RunRequest tiny = problem(kUpsampleNearestExact2dBackward, sizes(2, 2, 9, 37, 20, 80, 0.0, 0.0), ACL_FLOAT16, det, Layout::kChannelsLast);
    tiny = onProfile(tiny, "atlas-a2:cores=3,ub=1k");
    v.push_back(referenceCase(std::string("tiny_ub_three_cores_fp16_") + mode, "tiling", tiny));
    RunRequest single = problem(kUpsampleNearestExact2dBackward, sizes(3, 2, 7, 9, 15, 20, 0.0, 0.0), ACL_FLOAT, det);
    single = onProfile(single, "atlas-a2:cores=1");
    v.push_back(referenceCase(std::string("single_core_") + mode, "tiling", single));
    RunRequest clamp2 = problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 5, 5, 40, 40, 0.5, 0.5), ACL_FLOAT, det);
    v.push_back(referenceCase(std::string("clamp_heavy_scale_0_5_") + mode, "tiling", clamp2));
    RunRequest planes = problem(kUpsampleNearestExact2dBackward, sizes(4, 16, 8, 8, 16, 16, 2.0, 2.0), ACL_FLOAT, det, Layout::kChannelsLast);
    v.push_back(referenceCase(std::string("many_planes_channels_last_") + mode, "tiling", planes));
    RunRequest oneD = problem(kUpsampleNearestExact1dBackward, sizes(3, 40, 1, 33, 1, 100, 0.0, 0.0), ACL_BF16, det);
    v.push_back(referenceCase(std::string("one_d_many_planes_bf16_") + mode, "tiling", oneD));
    RunRequest down = problem(kUpsampleNearestExact2dBackward, sizes(1, 2, 64, 64, 16, 16, 0.0, 0.0), ACL_FLOAT, det);
    v.push_back(referenceCase(std::string("gradinput_larger_sparse_rows_") + mode, "tiling", down));
  }
  RunRequest fwd = problem(kUpsampleNearestExact2d, sizes(2, 3, 17, 23, 40, 50, 0.0, 0.0), ACL_FLOAT16);
  fwd = onProfile(fwd, "classroom");
  v.push_back(referenceCase("classroom_forward_many_tiles_fp16", "tiling", fwd));
  RunRequest fwdWide = problem(kUpsampleNearestExact1d, sizes(1, 2, 1, 3000, 1, 7001, 0.0, 0.0), ACL_FLOAT, true, Layout::kSliced);
  fwdWide = onProfile(fwdWide, "classroom");
  v.push_back(referenceCase("classroom_forward_column_blocks", "tiling", fwdWide));
  RunRequest fwdTiny = problem(kUpsampleNearestExact2d, sizes(2, 3, 5, 33, 12, 70, 0.0, 0.0), ACL_BF16, true, Layout::kTransposed);
  fwdTiny = onProfile(fwdTiny, "atlas-a2:cores=5,ub=1k");
  v.push_back(referenceCase("tiny_ub_forward_bf16", "tiling", fwdTiny));
  RunRequest fwdDown = problem(kUpsampleNearestExact2d, sizes(1, 1, 30, 9000, 7, 5, 0.0, 0.0));
  fwdDown = onProfile(fwdDown, "classroom");
  v.push_back(referenceCase("classroom_forward_downsample_wide_span", "tiling", fwdDown));
  return v;
}

// Traced runs: the recorded moves must replay to the output.
std::vector<Case> traceCases() {
  std::vector<Case> v;
  for (bool det : {true, false}) {
    const char* mode = det ? "det" : "default";
    // 10 gradOutput rows over 48 cores: in default mode every gradInput row is shared (atomic adds).
    v.push_back(referenceCase(std::string("trace_backward_2d_shared_rows_") + mode, "trace",
                              problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 5, 3, 10, 6, 0.0, 0.0), ACL_FLOAT, det), true));
    v.push_back(referenceCase(std::string("trace_backward_2d_fp16_") + mode, "trace",
                              problem(kUpsampleNearestExact2dBackward, sizes(1, 2, 5, 7, 13, 11, 0.0, 0.0), ACL_FLOAT16, det), true));
    RunRequest classroom = problem(kUpsampleNearestExact2dBackward, sizes(2, 2, 9, 40, 20, 90, 0.0, 0.0), ACL_BF16, det, Layout::kSliced);
    classroom = onProfile(classroom, "classroom");
    v.push_back(referenceCase(std::string("trace_backward_classroom_bf16_") + mode, "trace", classroom, true));
    v.push_back(referenceCase(std::string("trace_backward_1d_") + mode, "trace",
                              problem(kUpsampleNearestExact1dBackward, sizes(2, 3, 1, 6, 1, 17, 0.0, 0.0), ACL_FLOAT, det), true));
  }
  // An empty self into an out with cells: success, nothing written (CANN's answer), no tiles, no moves.
  v.push_back(referenceCase("trace_forward_2d_empty_self_writes_nothing", "trace",
                            problem(kUpsampleNearestExact2d, sizes(3, 3, 0, 1, 3, 1, 0.0, 0.0), ACL_FLOAT16, false), true));
  v.push_back(referenceCase("trace_forward_2d", "trace", problem(kUpsampleNearestExact2d, sizes(1, 2, 3, 4, 7, 9, 0.0, 0.0)), true));
  v.push_back(referenceCase("trace_forward_1d_fp16", "trace",
                            problem(kUpsampleNearestExact1d, sizes(2, 1, 1, 5, 1, 12, 0.0, 0.0), ACL_FLOAT16), true));
  return v;
}

// Determinism and the default mode's workspace.
std::vector<Case> modeCases() {
  std::vector<Case> v;
  v.push_back({"deterministic_runs_bit_identical", kUpsampleNearestExact2dBackward, "modes", [] {
                 RunRequest p = problem(kUpsampleNearestExact2dBackward, sizes(2, 5, 30, 31, 77, 80, 0.0, 0.0));
                 const RunResult first = runCase(p);
                 for (int run = 0; run < 3; ++run) {
                   const RunResult again = runCase(p);
                   if (!again.ok() || digestOf(again) != digestOf(first)) {
                     return CaseResult{false, i18n::trf("deterministic run {0} differs from run 1", run + 2)};
                   }
                 }
                 return CaseResult{true, i18n::tr("4 deterministic runs are bit-identical"), digestOf(first)};
               }});
  v.push_back({"default_mode_fp16_uses_fp32_workspace", kUpsampleNearestExact2dBackward, "modes", [] {
                 RunRequest p = problem(kUpsampleNearestExact2dBackward, sizes(1, 1, 5, 3, 10, 6, 0.0, 0.0), ACL_FLOAT16, false);
                 p.strategy = "default";  // scatter, then gather: what this case is about, whatever GRADLAB_STRATEGY says
                 // Four cores share gradInput rows whatever GRADLAB_DEVICE says (on one core nothing is shared,
                 // and no workspace is needed).
                 DeviceProfile classroom;
                 std::string error;
                 if (!parseProfileSpec("classroom", &classroom, &error)) return CaseResult{false, error};
                 p.profile = classroom;
                 const RunResult half = runCase(p);
                 p.dtype = ACL_FLOAT;
                 const RunResult single = runCase(p);
                 p.deterministic = true;
                 p.dtype = ACL_FLOAT16;
                 const RunResult det = runCase(p);
                 if (half.workspaceBytes == 0) return CaseResult{false, i18n::tr("fp16 default mode asked for no workspace")};
                 if (single.workspaceBytes != 0 || det.workspaceBytes != 0) {
                   return CaseResult{false, i18n::tr("fp32 default or deterministic mode asked for a workspace")};
                 }
                 return CaseResult{true, i18n::trf("fp16 default mode workspace {0} bytes; fp32 and deterministic need none",
                                                   half.workspaceBytes)};
               }});
  return v;
}

// Random problems for every nearest upsample operator of the catalog: an operator added there is checked
// here against the reference of its index rule with no further edits.
std::vector<Case> catalogRandomCases() {
  std::vector<Case> all;
  for (const OpInfo& op : allOps()) {
    if (op.rule == IndexRule::kAdaptiveMax) continue;
    const bool twoD = op.spatialRank == 2, threeD = op.spatialRank == 3;
    const int count = op.backward ? (twoD ? 60 : 24) : (twoD ? 24 : 12);
    std::vector<Case> v = randomCases(op.kind, count, 11 + static_cast<uint64_t>(op.kind), threeD ? 6 : twoD ? 9 : 12);
    all.insert(all.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
  }
  return all;
}

}  // namespace

// The dtypes an operator takes beyond FLOAT, FLOAT16 and BF16 (its catalog list, CANN's on Atlas A2/A3):
// UINT8 and DOUBLE forwards are copies, DOUBLE backwards sum in fp64. Each runs against the reference up and
// down, in every layout, in both modes, traced, and in many tiles of the classroom profile.
std::vector<Case> catalogDtypeCases() {
  std::vector<Case> v;
  const Layout layouts[] = {Layout::kContiguous, Layout::kChannelsLast, Layout::kSliced, Layout::kTransposed};
  for (const OpInfo& op : allOps()) {
    if (op.rule == IndexRule::kAdaptiveMax) continue;  // the adaptive pool's DOUBLE cases are its own
    const bool twoD = op.spatialRank == 2;
    for (aclDataType dtype : op.dtypes) {
      if (dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16) continue;
      const std::string tag = std::string(dtypeText(dtype)) + "_" + snakeName(op.kind) + "_";
      const Extents up = twoD ? sizes(2, 3, 3, 5, 7, 11) : sizes(2, 3, 1, 5, 1, 11);
      const Extents down = twoD ? sizes(1, 2, 9, 13, 4, 5) : sizes(1, 2, 1, 13, 1, 5);
      uint64_t seed = 40;
      for (Layout layout : layouts) {
        std::string name = layoutName(layout);
        for (char& c : name) c = c == '-' ? '_' : c;
        // Backwards: gradInput is the "in" side, so `down` is the many-to-one direction.
        RunRequest a = problem(op.kind, up, dtype, true, layout);
        a.seed = seed++;
        v.push_back(referenceCase(tag + "up_" + name, "reference", a));
        RunRequest b = problem(op.kind, down, dtype, false, layout);
        b.seed = seed++;
        v.push_back(referenceCase(tag + "down_default_" + name, "reference", b));
      }
      if (op.scaleCount > 0) {
        const Extents scaled = twoD ? sizes(1, 1, 6, 6, 9, 14, 1.7, 2.3) : sizes(1, 1, 1, 6, 1, 14, 0.0, 2.3);
        v.push_back(referenceCase(tag + "scales", "reference", problem(op.kind, scaled, dtype)));
      }
      v.push_back(referenceCase(tag + "traced", "trace", problem(op.kind, down, dtype, false), true));
      const Extents many = twoD ? sizes(2, 3, 21, 30, 50, 61) : sizes(2, 3, 1, 300, 1, 7001);
      for (bool det : {true, false}) {
        RunRequest tiles = onProfile(problem(op.kind, many, dtype, det), "classroom");
        v.push_back(referenceCase(tag + "classroom_many_tiles_" + (det ? "det" : "default"), "tiling", tiles));
      }
    }
  }
  return v;
}

std::vector<Case> upsampleCases() {
  std::vector<Case> all;
  auto add = [&](std::vector<Case> v) {
    all.insert(all.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
  };
  all.push_back(seedSample());
  add(roundingCases());
  add(pytorchOneD());
  add(catalogRandomCases());
  add(tilingCases());
  add(traceCases());
  add(modeCases());
  add(catalogDtypeCases());
  add(upsample::checkCases());
  return all;
}

}  // namespace gradlab::verify
