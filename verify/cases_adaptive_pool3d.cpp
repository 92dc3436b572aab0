// The 3-D adaptive max pool pair against the independent reference (reference_adaptive_pool.h): random shapes
// with overlapping windows, outputs larger than inputs, every dtype, layout and mode, unbatched calls, small UBs
// and few cores, traces, and an index outside its plane. Each run goes through the runner (the public aclnn API);
// runAndJudge holds fp32 deterministic results to the reference's bits and the rest to its stated bound.
#include <random>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/judge.h"
#include "verify/run_case.h"

namespace gradlab::verify::adaptive {
namespace {

constexpr OpKind kBackward3d = OpKind::kAdaptiveMaxPool3dBackward, kForward3d = OpKind::kAdaptiveMaxPool3d;

RunRequest pool3d(OpKind op, const Extents& s, aclDataType dtype, bool deterministic, Layout layout, uint64_t seed) {
  RunRequest r = problem(op, s, dtype, deterministic, layout);
  r.seed = seed;
  return r;
}

// Random shapes: every axis independently pooled down, kept, or spread up (O > I), N, C small.
std::vector<Case> randomCases(OpKind op, int count, uint64_t seed) {
  std::vector<Case> v;
  std::mt19937_64 rng(seed);
  auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
  const Layout layouts[] = {Layout::kContiguous, Layout::kSliced, Layout::kChannelsLast, Layout::kTransposed};
  for (int i = 0; i < count; ++i) {
    Extents s;
    s.unbatched = i % 5 == 4;
    s.N = s.unbatched ? 1 : pick(1, 2);
    s.C = pick(1, 3);
    for (int axis = kD; axis <= kW; ++axis) {
      s.in[axis] = pick(1, 9);
      s.out[axis] = pick(1, s.in[axis] + 3);
    }
    const bool deterministic = (i / 2) % 2 == 0;
    RunRequest r = pool3d(op, s, dtypes[i % 4], deterministic, layouts[i % 4], seed * 100 + static_cast<uint64_t>(i));
    const std::string name = snakeName(op) + "_random_" + std::to_string(i) + "_" + dtypeText(r.dtype) +
                             (deterministic ? "_det" : "_default");
    v.push_back(referenceCase(name, "reference", r, i % 7 == 0));
  }
  return v;
}

}  // namespace

std::vector<Case> depthCases() {
  std::vector<Case> v = randomCases(kBackward3d, 24, 31);
  std::vector<Case> forward = randomCases(kForward3d, 16, 37);
  v.insert(v.end(), forward.begin(), forward.end());
  const Extents big{.N = 2, .C = 5, .in = {7, 9, 11}, .out = {3, 4, 5}};
  for (bool deterministic : {true, false}) {
    const std::string mode = deterministic ? "_det" : "_default";
    // Many tiles over few cores and a small UB: planes split between cores (default mode) and row pieces.
    RunRequest tiny = onProfile(pool3d(kBackward3d, big, ACL_FLOAT16, deterministic, Layout::kSliced, 5), "atlas-a2:cores=3,ub=1k");
    v.push_back(referenceCase("adaptive_max_pool3d_backward_tiny_ub_three_cores" + mode, "plan", tiny));
    RunRequest classroom = onProfile(pool3d(kForward3d, big, ACL_BF16, deterministic, Layout::kTransposed, 6), "classroom");
    v.push_back(referenceCase("adaptive_max_pool3d_classroom" + mode, "plan", classroom));
  }
  // Integer values: ties everywhere, within a slice and across slices (the first in (d, h, w) order wins).
  RunRequest ties = pool3d(kForward3d, Extents{.N = 1, .C = 2, .in = {5, 4, 6}, .out = {3, 3, 4}}, ACL_FLOAT, true,
                           Layout::kContiguous, 8);
  ties.valueSource = ValueSource::kSmallIntegers;
  v.push_back(referenceCase("adaptive_max_pool3d_ties_across_slices", "reference", ties, true));
  // An index outside its D x H x W plane fails the launch and leaves NaN in gradInput.
  v.push_back({"adaptive_max_pool3d_backward_index_outside_volume", kBackward3d, "runtime", [] {
                 RunRequest r = pool3d(kBackward3d, Extents{.N = 1, .C = 1, .in = {2, 2, 2}, .out = {1, 1, 2}}, ACL_FLOAT,
                                       true, Layout::kContiguous, 9);
                 r.indices = {3, 8};
                 const RunResult result = runCase(r);
                 const bool ok = result.status == ACL_ERROR_RT_AICORE_EXCEPTION &&
                                 result.message.find("indices[0, 0, 0, 0, 1] = 8 is outside the 2x2x2 plane [0, 8)") !=
                                     std::string::npos;
                 return CaseResult{ok, std::to_string(result.status) + ": " + result.message};
               }});
  return v;
}

}  // namespace gradlab::verify::adaptive
