// The operator catalog: every operator gradlab implements, described as data (names, the CANN kernel it
// runs, its forward/backward twin, tensor roles and shape rules), its index math as functions, and one
// generic way to call any of them. The runner, the CLI, the app, the fuzzer and the tests all read this
// instead of knowing the operators by heart.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "gradlab/accumulation.h"
#include "gradlab/extents.h"
#include "gradlab/profile.h"
#include "gradlab/schedule.h"
#include "gradlab/strategy.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// Every operator. Adding one without its catalog entry (core/src/ops/catalog/catalog.cpp) does not compile.
enum class OpKind : uint8_t {
  kUpsampleNearestExact1dBackward,
  kUpsampleNearestExact2dBackward,
  kAdaptiveMaxPool2dBackward,
  kUpsampleNearestExact1d,
  kUpsampleNearestExact2d,
  kAdaptiveMaxPool2d,
  kUpsampleNearest1dBackward,
  kUpsampleNearest2dBackward,
  kUpsampleNearest1d,
  kUpsampleNearest2d,
  kUpsampleNearestExact3dBackward,
  kUpsampleNearestExact3d,
  kAdaptiveMaxPool3dBackward,
  kAdaptiveMaxPool3d,
  kCount,  // not an operator: how many there are
};
inline constexpr size_t kOpCount = static_cast<size_t>(OpKind::kCount);

// How an output position finds its input position(s).
enum class IndexRule : uint8_t {
  kNearestExact,  // src(o) = min(floor((o + 0.5) * s), in - 1)
  kNearest,       // src(o) = min(floor(o * s), in - 1); o when out == in, o >> 1 when out == 2 * in
  kAdaptiveMax,   // the max over the window [floor(a * in / out), ceil((a + 1) * in / out)) of each axis
};

enum class RoleKind : uint8_t {
  kValues,         // read: floating-point values
  kIndices,        // read: integer indices into the other side's planes
  kShapeOnly,      // read for its shape only (the adaptive backward's self)
  kOutput,         // written: floating-point values
  kOutputIndices,  // written: integer indices
};

struct TensorRole {
  const char* name = "";      // what it is: "gradOutput", "self", "indices", "gradInput", "out"
  const char* argument = "";  // the aclnn parameter it is passed as (upsample backwards call gradInput "out")
  Side side = Side::kIn;
  RoleKind kind = RoleKind::kValues;
  bool written() const { return kind == RoleKind::kOutput || kind == RoleKind::kOutputIndices; }
  bool integer() const { return kind == RoleKind::kIndices || kind == RoleKind::kOutputIndices; }
};

// Every argument an aclnn GetWorkspaceSize of the catalog takes, for calling any operator generically.
struct OpArgs {
  std::array<aclTensor*, 4> tensors{};  // in the order of OpInfo::roles
  const aclIntArray* outputSize = nullptr;
  const aclIntArray* inputSize = nullptr;
  std::array<double, kMaxSpatialRank> scales{};  // OpInfo::scaleCount of them, in the aclnn order: {D, H, W}, {H, W} or {L}
  // The plan's device, mode, atomic schedule and accumulation travel with the call. Unset: the active
  // profile (GRADLAB_DEVICE, setActiveProfile), the current device's ACL_OPT_DETERMINISTIC,
  // GRADLAB_SCHEDULE and GRADLAB_ACCUMULATE, as for a direct aclnn call.
  std::optional<DeviceProfile> profile;
  std::optional<bool> deterministic;
  std::optional<AtomicSchedule> schedule;  // unset: GRADLAB_SCHEDULE, else host
  std::optional<Accumulation> accumulate;  // unset: GRADLAB_ACCUMULATE, else fp32
  // A strategy name of the operator, "cann" or "default" (gradlab/strategy.h); unset: GRADLAB_STRATEGY.
  std::optional<std::string> strategy;
};

struct KernelListing;  // gradlab/kernel_code.h
struct Plan;           // gradlab/plan.h

using GetWorkspaceSizeFn = aclnnStatus (*)(const OpArgs& args, uint64_t* workspaceSize, aclOpExecutor** executor);
using KernelListingFn = KernelListing (*)(const Plan& plan, int32_t phase);
using LaunchFn = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

struct OpInfo {
  OpKind kind = OpKind::kCount;
  const char* name = "";      // "UpsampleNearestExact2dBackward"; its API is "aclnn" + name
  const char* cliName = "";   // "upsample2d-backward"
  const char* title = "";     // "2-D nearest-exact upsample, backward"
  const char* header = "";    // "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
  const char* kernelOp = "";  // the CANN kernel op it runs, e.g. "UpsampleNearestExact2dGrad"
  OpKind twin = OpKind::kCount;  // the forward of a backward op, the backward of a forward op
  bool backward = false;
  int spatialRank = 2;        // 1: tensors [N, C, L]; 2: [N, C, H, W]; 3: [N, C, D, H, W]
  IndexRule rule = IndexRule::kNearestExact;
  int scaleCount = 0;         // double scale arguments
  bool takesOutputSize = false;  // outputSize: the output side's spatial sizes
  bool takesInputSize = false;   // inputSize: the input side's whole shape
  bool allowsUnbatched = false;  // 3-D (C, H, W) tensors as well as 4-D
  std::array<TensorRole, 4> roles{};
  int roleCount = 0;
  int srcRole = 0;  // the tensor the plan's src boxes and the trace's move sources refer to
  int dstRole = 0;  // the tensor the plan's dst boxes and the trace's move destinations refer to
  Extents example;  // a small call that shows what the operator does (the CLI's and the app's defaults)
  GetWorkspaceSizeFn getWorkspaceSize = nullptr;  // calls aclnn<name>GetWorkspaceSize with OpArgs
  LaunchFn launch = nullptr;                      // aclnn<name>
  KernelListingFn kernelListing = nullptr;        // its kernels as listings (gradlab::kernelListing asks it)
  // The dtypes of its value tensors, CANN's list for Atlas A2/A3 (the operator's check refuses the rest with
  // 161002).
  std::span<const aclDataType> dtypes{};
  // The dtypes its index tensors take, the first what tools make by default (CANN's list for Atlas A2/A3);
  // empty for operators without indices.
  std::span<const aclDataType> indexDtypes{};
  // Its strategies (gradlab/strategy.h), at least one; the operator's prepare function plans with the one a
  // call asks for.
  std::span<const StrategyInfo> strategies{};
  // What CANN's own kernel runs for a call (--strategy cann), as data of the operator, beside its strategies.
  CannChoiceFn cannChoice = nullptr;

  std::span<const TensorRole> tensorRoles() const { return {roles.data(), static_cast<size_t>(roleCount)}; }
  const TensorRole& src() const { return roles[srcRole]; }
  const TensorRole& dst() const { return roles[dstRole]; }
  // The role called `name`, or nullptr.
  const TensorRole* role(std::string_view roleName) const;
  int roleIndex(std::string_view roleName) const;  // -1 when absent
  bool hasIndices() const;                          // reads or writes an integer indices tensor
  aclDataType indexDtype() const;                   // the first of indexDtypes (INT64 without any): tools' default
  std::string aclnnName() const { return std::string("aclnn") + name; }
};

std::span<const OpInfo> allOps();
const OpInfo& opInfo(OpKind op);
const char* opName(OpKind op);  // "UpsampleNearestExact2dBackward"
// By CLI name, catalog name or aclnn name, ignoring case; nullptr when unknown.
const OpInfo* findOp(std::string_view name);
// "upsample1d-backward, upsample2d-backward, ..."
std::string cliNames();
// The catalog name in snake case, as PyTorch and the golden files spell it: "upsample_nearest_exact2d_backward".
std::string snakeName(OpKind op);

// The logical shape of a tensor on `side`: [N, C, L], [C, H, W] or [N, C, H, W] (unbatched only where the
// operator allows it).
std::vector<int64_t> sideShape(const OpInfo& op, Side side, const Extents& extents);
// The reverse: N, C and `side`'s spatial sizes from a tensor's shape (a 3-D tensor of a 2-D operator is
// unbatched). False when the rank does not fit the operator.
bool takeSideShape(const OpInfo& op, Side side, const std::vector<int64_t>& shape, Extents* extents);
// The aclFormat such a tensor carries: NCL for 1-D, ND for unbatched, NCHW otherwise.
aclFormat sideFormat(const OpInfo& op, bool unbatched);

// A shape seen as planes x rows x cols, as plan boxes and trace indices see it: [N, C, L] -> N*C x 1 x L;
// [C, H, W] -> C x H x W; [N, C, H, W] -> N*C x H x W; [N, C, D, H, W] -> N*C x D*H x W (the depth slices one under
// another, as the nearest engine tiles them).
struct PlaneDims {
  int64_t planes = 0, rows = 0, cols = 0;
  int64_t planeCells() const { return rows * cols; }
  int64_t cells() const { return planes * rows * cols; }
};
PlaneDims planeDims(const OpInfo& op, const std::vector<int64_t>& shape);

// ---- index math: the only implementation; the operators' kernels use it too ----------------------

// Step of one upsample axis: s = scale > 0 ? float(1 / scale) : float(in) / float(out), in float32.
float sourceStep(double scale, int64_t in, int64_t out);
// src(o) of an upsample rule (kNearestExact or kNearest) for an axis of `in` input and `out` output cells.
// Huge products (a scale near 0) saturate at in - 1.
int64_t sourceIndex(IndexRule rule, int64_t o, int64_t in, int64_t out, float s);
// How src(o) came about, for explanations: the float32 product and whether a shortcut applied.
struct SourceSteps {
  float s = 0.0f;
  float product = 0.0f;  // (o + 0.5) * s or o * s, rounded to float32 as the operator computes it
  int64_t index = 0;
  const char* shortcut = nullptr;  // kNearest: "out == in: src = o" or "out == 2·in: src = o >> 1"
};
SourceSteps sourceSteps(IndexRule rule, int64_t o, int64_t in, int64_t out, double scale);
const char* sourceFormula(IndexRule rule);  // "min(floor((o+0.5)·s), in−1)"

// CANN's Ascend 950 nearest-exact backward (UpsampleNearestExact2dGrad, arch35) does not invert src(o): its thread
// for gradInput position i sums gradOutput positions [cannEdge(i), cannEdge(i + 1)) of an axis of `in` gradInput and
// `out` gradOutput cells, cannEdge(i) = min(ceil(i x k - 0.5), out) with the product and the difference each in
// float32, k = float(scale) when the call gives one, else float(out) / float(in). For some sizes a position lands
// in another cell than src(o) says (in 2, out 41: o = 20), or in none (a scale that disagrees with the sizes).
float cann950Step(double scale, int64_t in, int64_t out);
int64_t cann950Edge(int64_t i, int64_t out, float k);

// Adaptive windows: output a of an axis of `out` cells pools input cells [windowStart, windowEnd) of `in`.
int64_t windowStart(int64_t a, int64_t in, int64_t out);  // floor(a * in / out)
int64_t windowEnd(int64_t a, int64_t in, int64_t out);    // ceil((a + 1) * in / out)

}  // namespace gradlab
GRADLAB_API_END
