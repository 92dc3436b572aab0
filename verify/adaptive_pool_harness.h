// Shared plumbing of the adaptive max pool cases: the two-phase call with workspace and trace, mode and
// profile scopes, strided test layouts, value comparisons and plan checks. Used by cases_adaptive_pool*.cpp
// and tests/adaptive*_test.cpp.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "gradlab/runner.h"
#include "gradlab/trace.h"
#include "verify/cases.h"
#include "verify/device_tensor.h"

namespace gradlab::verify::adaptive {

inline constexpr OpKind kBackwardOp = OpKind::kAdaptiveMaxPool2dBackward;
inline constexpr OpKind kForwardOp = OpKind::kAdaptiveMaxPool2d;

// What a two-phase call ended with: status 0, or the first failing stage and its code and message.
struct Outcome {
  int status = 0;
  std::string stage;  // "", "GetWorkspaceSize", "launch" or "synchronize"
  std::string message;
  uint64_t workspaceSize = 0;
  std::shared_ptr<const Plan> plan;  // copied from the executor before launch
  bool ok() const { return status == 0; }
  std::string describe() const;      // "161002 at GetWorkspaceSize: <message>"
};

// The mode and device a call plans with; they travel in the call's arguments (gradlab/ops.h OpArgs).
struct CallMode {
  bool deterministic = false;
  std::optional<DeviceProfile> profile;  // nullopt: the active profile
  std::optional<std::string> strategy;   // nullopt: GRADLAB_STRATEGY, else the default
};

// Calls through the catalog (the same checks and plans as the aclnn entry points). A trace is recorded when
// `trace` is set or traceEveryRun() is on.
Outcome backward(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, aclTensor* gradInput,
                 const CallMode& mode = {}, std::shared_ptr<Trace> trace = nullptr);
Outcome forward(const aclTensor* self, const std::vector<int64_t>& outputSize, aclTensor* out, aclTensor* indices,
                const CallMode& mode = {}, std::shared_ptr<Trace> trace = nullptr);

DeviceProfile namedProfile(const std::string& spec);  // "classroom", "atlas-a2:cores=3,ub=2k", ...

// How a test tensor sits in memory: the runner's layouts (gradlab/runner.h), with C as the channel dim.
using View = StorageView;
View viewFor(const std::vector<int64_t>& shape, Layout layout);

// A device tensor of `shape` in `layout` holding `values` (row-major); storage outside the view holds `fill`.
verify::DeviceTensor makeTensor(const std::vector<int64_t>& shape, Layout layout, aclDataType dtype,
                                 const std::vector<float>& values, float fill = -777.0f);
verify::DeviceTensor makeIndexTensor(const std::vector<int64_t>& shape, Layout layout, aclDataType dtype,
                                      const std::vector<int64_t>& values);

// Element offsets of the view's cells in the storage (to check that nothing else was written).
std::vector<bool> viewMask(const std::vector<int64_t>& shape, const View& view);
// "" when every storage cell outside the view kept its value.
std::string outsideUntouched(const std::vector<float>& before, const std::vector<float>& after,
                             const std::vector<int64_t>& shape, Layout layout);

std::vector<float> randomValues(size_t count, uint64_t seed, aclDataType dtype);  // [-1, 1), rounded to dtype
std::vector<int64_t> randomIndices(size_t count, int64_t bound, uint64_t seed);   // [0, bound)

// Bit-exact comparison (any two NaNs count as equal); "" or the first difference.
std::string compareExact(const std::vector<float>& got, const std::vector<float>& want, const char* what);
std::string compareIndices(const std::vector<int64_t>& got, const std::vector<int64_t>& want, const char* what);
// Within sumTolerance (gradlab/verify.h) of the exact sums per cell; "" or the first offender.
std::string compareTolerance(const std::vector<float>& got, const std::vector<double>& want,
                             const std::vector<double>& absSum, const std::vector<uint32_t>& terms, aclDataType dtype,
                             const char* what, Accumulation accumulate = Accumulation::kFp32);

// Plan invariants: tiles inside the tensors, src boxes cover gradOutput (or out for the forward, dst)
// exactly once, UB footprint within the profile, deterministic => one owner core per gradInput cell,
// default => atomic exactly where a plane is shared. "" or the first violation.
std::string verifyBackwardPlan(const Plan& plan, int64_t planes, int64_t H, int64_t W, int64_t Ho, int64_t Wo);
std::string verifyForwardPlan(const Plan& plan, int64_t planes, int64_t H, int64_t W, int64_t Ho, int64_t Wo);

// Replays a trace's moves (per destination, in orderAtDst order) into a fresh fp32 buffer of `cells`
// cells; checks every sumAfter on the way. "" or the first inconsistency; result in *replayed.
std::string replayMoves(const Trace& trace, int64_t cells, std::vector<float>* replayed);

// Part of verify::adaptivePoolCases(), in its own file.
std::vector<verify::Case> checkCases();   // adaptive_pool_check_cases.cpp: every SPEC check, group "checks"
std::vector<verify::Case> depthCases();   // cases_adaptive_pool3d.cpp: the 3-D pair against the reference

}  // namespace gradlab::verify::adaptive
