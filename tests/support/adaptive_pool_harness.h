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
#include "gradlab/trace.h"
#include "support/cases.h"
#include "support/device_tensor.h"

namespace gradlab::adaptive_cases {

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

Outcome backward(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* indices, aclTensor* gradInput,
                 std::shared_ptr<Trace> trace = nullptr);
Outcome forward(const aclTensor* self, const std::vector<int64_t>& outputSize, aclTensor* out, aclTensor* indices,
                std::shared_ptr<Trace> trace = nullptr);

// ACL_OPT_DETERMINISTIC for a scope (restores the caller's value).
class DeterministicScope {
 public:
  explicit DeterministicScope(bool on);
  ~DeterministicScope();
  DeterministicScope(const DeterministicScope&) = delete;
  DeterministicScope& operator=(const DeterministicScope&) = delete;

 private:
  int64_t saved_ = 0;
};

// The active device profile for a scope (nullopt keeps the current one).
class ProfileScope {
 public:
  explicit ProfileScope(const std::optional<DeviceProfile>& profile);
  ~ProfileScope();
  ProfileScope(const ProfileScope&) = delete;
  ProfileScope& operator=(const ProfileScope&) = delete;

 private:
  DeviceProfile saved_;
};

DeviceProfile namedProfile(const std::string& spec);  // "classroom", "atlas-a2:cores=3,ub=2k", ...

// How a test tensor sits in memory; values and logical shape are the same for all.
enum class Layout {
  kContiguous,
  kPadded,        // every dim padded and an offset: a slice of a bigger storage
  kTransposedHW,  // H is the fastest axis (a transposed view)
  kChannelsLast,  // C fastest, then W, H, N
};
const char* layoutName(Layout layout);

struct View {
  std::vector<int64_t> strides;
  int64_t offset = 0;
  int64_t storageElems = 0;
};
View viewFor(const std::vector<int64_t>& shape, Layout layout);

// A device tensor of `shape` in `layout` holding `values` (row-major); storage outside the view holds `fill`.
testing::DeviceTensor makeTensor(const std::vector<int64_t>& shape, Layout layout, aclDataType dtype,
                                 const std::vector<float>& values, float fill = -777.0f);
testing::DeviceTensor makeIndexTensor(const std::vector<int64_t>& shape, Layout layout, aclDataType dtype,
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
// |got - want| <= ulp(dtype, want) + rel * scale per cell; "" or the worst offender.
std::string compareTolerance(const std::vector<float>& got, const std::vector<double>& want,
                             const std::vector<double>& scale, aclDataType dtype, double rel, const char* what);

// Plan invariants: tiles inside the tensors, src boxes cover gradOutput (or out for the forward, dst)
// exactly once, UB footprint within the profile, deterministic => one owner core per gradInput cell,
// default => atomic exactly where a plane is shared. "" or the first violation.
std::string verifyBackwardPlan(const Plan& plan, int64_t planes, int64_t H, int64_t W, int64_t Ho, int64_t Wo);
std::string verifyForwardPlan(const Plan& plan, int64_t planes, int64_t H, int64_t W, int64_t Ho, int64_t Wo);

// Replays a trace's moves (per destination, in orderAtDst order) into a fresh fp32 buffer of `cells`
// cells; checks every sumAfter on the way. "" or the first inconsistency; result in *replayed.
std::string replayMoves(const Trace& trace, int64_t cells, std::vector<float>* replayed);

std::string shapeText(const std::vector<int64_t>& shape);  // "2x3x5x7"
const char* dtypeText(aclDataType dtype);

// Parts of cases::adaptivePoolCases(), one file each.
std::vector<cases::Case> checkCases();   // adaptive_pool_check_cases.cpp: every SPEC check, group "checks"
std::vector<cases::Case> goldenCases();  // adaptive_pool_golden.cpp: PyTorch vectors, group "golden"

}  // namespace gradlab::adaptive_cases
