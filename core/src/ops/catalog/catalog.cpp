// The catalog: one entry per operator. An operator is its folder under core/src/ops plus its entry here.
#include <algorithm>
#include <cctype>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool3d.h"
#include "aclnnop/aclnn_adaptive_max_pool3d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d.h"
#include "aclnnop/aclnn_upsample_nearest_exact3d_backward.h"
#include "gradlab/ops.h"
#include "ops/adaptive_max_pool/entry.h"
#include "ops/adaptive_max_pool/strategies.h"
#include "ops/common/kernel_code.h"
#include "ops/common/lower_case.h"
#include "ops/nearest_engine/strategies.h"
#include "ops/upsample_nearest_legacy/entry.h"
#include "ops/upsample_nearest_exact/entry.h"

namespace gradlab {
namespace {

using enum OpKind;
using enum RoleKind;
constexpr Side kIn = Side::kIn, kOut = Side::kOut;

// CANN's dtype lists on Atlas A2/A3, from each operator's op_api source (docs/operators.md).
constexpr aclDataType kFloating[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
constexpr aclDataType kExactForward[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_UINT8};
constexpr aclDataType kPoolForward[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
constexpr aclDataType kLegacyForward[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_UINT8};
constexpr aclDataType kLegacy1dBackward[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
constexpr aclDataType kPool2dIndices[] = {ACL_INT64, ACL_INT32};
constexpr aclDataType kPool3dIndices[] = {ACL_INT32};  // INT64 only on the Ascend 950

// The tensors of a call, {name, argument, side, kind}; the first is the plan's src.
struct Roles {
  std::array<TensorRole, 4> roles{};
  int count = 0;
  int dst = 1;  // the plan's dst
};
constexpr Roles kExactBackwardRoles = {
    .roles = {{{"gradOutput", "gradOutput", kOut, kValues}, {"gradInput", "out", kIn, kOutput}}}, .count = 2};
constexpr Roles kLegacy2dBackwardRoles = {
    .roles = {{{"gradOutput", "gradOut", kOut, kValues}, {"gradInput", "out", kIn, kOutput}}}, .count = 2};
constexpr Roles kLegacy1dBackwardRoles = {
    .roles = {{{"gradOutput", "gradOut", kOut, kValues}, {"gradInput", "gradInput", kIn, kOutput}}}, .count = 2};
constexpr Roles kForwardRoles = {.roles = {{{"self", "self", kIn, kValues}, {"out", "out", kOut, kOutput}}}, .count = 2};
constexpr Roles kPoolBackwardRoles = {.roles = {{{"gradOutput", "gradOutput", kOut, kValues},
                                                 {"self", "self", kIn, kShapeOnly},
                                                 {"indices", "indices", kOut, kIndices},
                                                 {"gradInput", "gradInput", kIn, kOutput}}},
                                      .count = 4,
                                      .dst = 3};
constexpr Roles kPoolForwardRoles = {.roles = {{{"self", "self", kIn, kValues},
                                                {"out", "out", kOut, kOutput},
                                                {"indices", "indices", kOut, kOutputIndices}}},
                                     .count = 3};

// One entry per operator, its fields named (those left out keep OpInfo's defaults).
constexpr std::array<OpInfo, kOpCount> kCatalog = {{
    {.kind = kUpsampleNearestExact1dBackward,
     .name = "UpsampleNearestExact1dBackward",
     .cliName = "upsample1d-backward",
     .title = "1-D nearest-exact upsample, backward",
     .header = "aclnnop/aclnn_upsample_nearest_exact1d_backward.h",
     .kernelOp = "UpsampleNearestExact2dGrad",
     .twin = kUpsampleNearestExact1d,
     .backward = true,
     .spatialRank = 1,
     .rule = IndexRule::kNearestExact,
     .scaleCount = 1,
     .takesOutputSize = true,
     .takesInputSize = true,
     .roles = kExactBackwardRoles.roles,
     .roleCount = kExactBackwardRoles.count,
     .dstRole = kExactBackwardRoles.dst,
     .example = {.in = {1, 1, 4}, .out = {1, 1, 8}},
     .getWorkspaceSize = ops::upsample_exact::backward1d,
     .launch = aclnnUpsampleNearestExact1dBackward,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kFloating,
     .strategies = ops::nearest::kBackwardStrategies,
     .cannChoice = ops::upsample_exact::cannBackward1d},
    {.kind = kUpsampleNearestExact2dBackward,
     .name = "UpsampleNearestExact2dBackward",
     .cliName = "upsample2d-backward",
     .title = "2-D nearest-exact upsample, backward",
     .header = "aclnnop/aclnn_upsample_nearest_exact2d_backward.h",
     .kernelOp = "UpsampleNearestExact2dGrad",
     .twin = kUpsampleNearestExact2d,
     .backward = true,
     .spatialRank = 2,
     .rule = IndexRule::kNearestExact,
     .scaleCount = 2,
     .takesOutputSize = true,
     .takesInputSize = true,
     .roles = kExactBackwardRoles.roles,
     .roleCount = kExactBackwardRoles.count,
     .dstRole = kExactBackwardRoles.dst,
     .example = {.in = {1, 4, 4}, .out = {1, 8, 8}},
     .getWorkspaceSize = ops::upsample_exact::backward2d,
     .launch = aclnnUpsampleNearestExact2dBackward,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kFloating,
     .strategies = ops::nearest::kBackwardStrategies,
     .cannChoice = ops::upsample_exact::cannBackward2d},
    {.kind = kAdaptiveMaxPool2dBackward,
     .name = "AdaptiveMaxPool2dBackward",
     .cliName = "adaptive-max-pool2d-backward",
     .title = "adaptive max pool 2-D, backward",
     .header = "aclnnop/aclnn_adaptive_max_pool2d_backward.h",
     .kernelOp = "AdaptiveMaxPool3DGrad",
     .twin = kAdaptiveMaxPool2d,
     .backward = true,
     .spatialRank = 2,
     .rule = IndexRule::kAdaptiveMax,
     .allowsUnbatched = true,
     .roles = kPoolBackwardRoles.roles,
     .roleCount = kPoolBackwardRoles.count,
     .dstRole = kPoolBackwardRoles.dst,
     .example = {.in = {1, 8, 8}, .out = {1, 3, 3}},
     .getWorkspaceSize = ops::adaptive::backward,
     .launch = aclnnAdaptiveMaxPool2dBackward,
     .kernelListing = ops::adaptive::kernelListing,
     .dtypes = kFloating,
     .indexDtypes = kPool2dIndices,
     .strategies = ops::adaptive::kBackwardStrategies,
     .cannChoice = ops::adaptive::cannBackward},
    {.kind = kUpsampleNearestExact1d,
     .name = "UpsampleNearestExact1d",
     .cliName = "upsample1d",
     .title = "1-D nearest-exact upsample, forward",
     .header = "aclnnop/aclnn_upsample_nearest_exact1d.h",
     .kernelOp = "UpsampleNearestExact1d",
     .twin = kUpsampleNearestExact1dBackward,
     .spatialRank = 1,
     .rule = IndexRule::kNearestExact,
     .scaleCount = 1,
     .takesOutputSize = true,
     .roles = kForwardRoles.roles,
     .roleCount = kForwardRoles.count,
     .dstRole = kForwardRoles.dst,
     .example = {.in = {1, 1, 4}, .out = {1, 1, 8}},
     .getWorkspaceSize = ops::upsample_exact::forward1d,
     .launch = aclnnUpsampleNearestExact1d,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kExactForward,
     .strategies = ops::nearest::kForwardStrategies,
     .cannChoice = ops::nearest::cannForward},
    {.kind = kUpsampleNearestExact2d,
     .name = "UpsampleNearestExact2d",
     .cliName = "upsample2d",
     .title = "2-D nearest-exact upsample, forward",
     .header = "aclnnop/aclnn_upsample_nearest_exact2d.h",
     .kernelOp = "UpsampleNearestExact2d",
     .twin = kUpsampleNearestExact2dBackward,
     .spatialRank = 2,
     .rule = IndexRule::kNearestExact,
     .scaleCount = 2,
     .takesOutputSize = true,
     .roles = kForwardRoles.roles,
     .roleCount = kForwardRoles.count,
     .dstRole = kForwardRoles.dst,
     .example = {.in = {1, 4, 4}, .out = {1, 8, 8}},
     .getWorkspaceSize = ops::upsample_exact::forward2d,
     .launch = aclnnUpsampleNearestExact2d,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kExactForward,
     .strategies = ops::nearest::kForwardStrategies,
     .cannChoice = ops::nearest::cannForward},
    {.kind = kAdaptiveMaxPool2d,
     .name = "AdaptiveMaxPool2d",
     .cliName = "adaptive-max-pool2d",
     .title = "adaptive max pool 2-D, forward",
     .header = "aclnnop/aclnn_adaptive_max_pool2d.h",
     .kernelOp = "AdaptiveMaxPool3d",
     .twin = kAdaptiveMaxPool2dBackward,
     .spatialRank = 2,
     .rule = IndexRule::kAdaptiveMax,
     .takesOutputSize = true,
     .allowsUnbatched = true,
     .roles = kPoolForwardRoles.roles,
     .roleCount = kPoolForwardRoles.count,
     .dstRole = kPoolForwardRoles.dst,
     .example = {.in = {1, 8, 8}, .out = {1, 3, 3}},
     .getWorkspaceSize = ops::adaptive::forward,
     .launch = aclnnAdaptiveMaxPool2d,
     .kernelListing = ops::adaptive::kernelListing,
     .dtypes = kPoolForward,
     .indexDtypes = kPool2dIndices,
     .strategies = ops::adaptive::kForwardStrategies,
     .cannChoice = ops::adaptive::cannForward},
    {.kind = kUpsampleNearest1dBackward,
     .name = "UpsampleNearest1dBackward",
     .cliName = "upsample-nearest1d-backward",
     .title = "1-D nearest upsample (legacy), backward",
     .header = "aclnnop/aclnn_upsample_nearest_1d_backward.h",
     .kernelOp = "UpsampleNearestExact2dGrad",
     .twin = kUpsampleNearest1d,
     .backward = true,
     .spatialRank = 1,
     .rule = IndexRule::kNearest,
     .scaleCount = 1,
     .takesOutputSize = true,
     .takesInputSize = true,
     .roles = kLegacy2dBackwardRoles.roles,
     .roleCount = kLegacy2dBackwardRoles.count,
     .dstRole = kLegacy2dBackwardRoles.dst,
     .example = {.in = {1, 1, 3}, .out = {1, 1, 8}},
     .getWorkspaceSize = ops::upsample_legacy::backward1d,
     .launch = aclnnUpsampleNearest1dBackward,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kLegacy1dBackward,
     .strategies = ops::nearest::kBackwardStrategies,
     .cannChoice = ops::upsample_legacy::cannBackward},
    {.kind = kUpsampleNearest2dBackward,
     .name = "UpsampleNearest2dBackward",
     .cliName = "upsample-nearest2d-backward",
     .title = "2-D nearest upsample (legacy), backward",
     .header = "aclnnop/aclnn_upsample_nearest_2d_backward.h",
     .kernelOp = "UpsampleNearestExact2dGrad",
     .twin = kUpsampleNearest2d,
     .backward = true,
     .spatialRank = 2,
     .rule = IndexRule::kNearest,
     .scaleCount = 2,
     .takesOutputSize = true,
     .takesInputSize = true,
     .roles = kLegacy1dBackwardRoles.roles,
     .roleCount = kLegacy1dBackwardRoles.count,
     .dstRole = kLegacy1dBackwardRoles.dst,
     .example = {.in = {1, 3, 3}, .out = {1, 8, 8}},
     .getWorkspaceSize = ops::upsample_legacy::backward2d,
     .launch = aclnnUpsampleNearest2dBackward,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kFloating,
     .strategies = ops::nearest::kBackwardStrategies,
     .cannChoice = ops::upsample_legacy::cannBackward},
    {.kind = kUpsampleNearest1d,
     .name = "UpsampleNearest1d",
     .cliName = "upsample-nearest1d",
     .title = "1-D nearest upsample (legacy), forward",
     .header = "aclnnop/aclnn_upsample_nearest_1d.h",
     .kernelOp = "UpsampleNearest3d",
     .twin = kUpsampleNearest1dBackward,
     .spatialRank = 1,
     .rule = IndexRule::kNearest,
     .takesOutputSize = true,
     .roles = kForwardRoles.roles,
     .roleCount = kForwardRoles.count,
     .dstRole = kForwardRoles.dst,
     .example = {.in = {1, 1, 3}, .out = {1, 1, 8}},
     .getWorkspaceSize = ops::upsample_legacy::forward1d,
     .launch = aclnnUpsampleNearest1d,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kLegacyForward,
     .strategies = ops::nearest::kForwardStrategies,
     .cannChoice = ops::nearest::cannForward},
    {.kind = kUpsampleNearest2d,
     .name = "UpsampleNearest2d",
     .cliName = "upsample-nearest2d",
     .title = "2-D nearest upsample (legacy), forward",
     .header = "aclnnop/aclnn_upsample_nearest_2d.h",
     .kernelOp = "ResizeNearestNeighborV2",
     .twin = kUpsampleNearest2dBackward,
     .spatialRank = 2,
     .rule = IndexRule::kNearest,
     .takesOutputSize = true,
     .roles = kForwardRoles.roles,
     .roleCount = kForwardRoles.count,
     .dstRole = kForwardRoles.dst,
     .example = {.in = {1, 3, 3}, .out = {1, 8, 8}},
     .getWorkspaceSize = ops::upsample_legacy::forward2d,
     .launch = aclnnUpsampleNearest2d,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kLegacyForward,
     .strategies = ops::nearest::kForwardStrategies,
     .cannChoice = ops::nearest::cannForward},
    {.kind = kUpsampleNearestExact3dBackward,
     .name = "UpsampleNearestExact3dBackward",
     .cliName = "upsample3d-backward",
     .title = "3-D nearest-exact upsample, backward",
     .header = "aclnnop/aclnn_upsample_nearest_exact3d_backward.h",
     .kernelOp = "UpsampleNearest3dGrad",
     .twin = kUpsampleNearestExact3d,
     .backward = true,
     .spatialRank = 3,
     .rule = IndexRule::kNearestExact,
     .scaleCount = 3,
     .takesOutputSize = true,
     .takesInputSize = true,
     .roles = kLegacy1dBackwardRoles.roles,
     .roleCount = kLegacy1dBackwardRoles.count,
     .dstRole = kLegacy1dBackwardRoles.dst,
     .example = {.in = {2, 3, 3}, .out = {3, 6, 6}},
     .getWorkspaceSize = ops::upsample_exact::backward3d,
     .launch = aclnnUpsampleNearestExact3dBackward,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kFloating,
     .strategies = ops::nearest::kBackwardStrategies,
     .cannChoice = ops::upsample_exact::cannBackward3d},
    {.kind = kUpsampleNearestExact3d,
     .name = "UpsampleNearestExact3d",
     .cliName = "upsample3d",
     .title = "3-D nearest-exact upsample, forward",
     .header = "aclnnop/aclnn_upsample_nearest_exact3d.h",
     .kernelOp = "UpsampleNearest3d",
     .twin = kUpsampleNearestExact3dBackward,
     .spatialRank = 3,
     .rule = IndexRule::kNearestExact,
     .scaleCount = 3,
     .takesOutputSize = true,
     .roles = kForwardRoles.roles,
     .roleCount = kForwardRoles.count,
     .dstRole = kForwardRoles.dst,
     .example = {.in = {2, 3, 3}, .out = {3, 6, 6}},
     .getWorkspaceSize = ops::upsample_exact::forward3d,
     .launch = aclnnUpsampleNearestExact3d,
     .kernelListing = ops::nearest::kernelListing,
     .dtypes = kFloating,
     .strategies = ops::nearest::kForwardStrategies,
     .cannChoice = ops::nearest::cannForward},
    {.kind = kAdaptiveMaxPool3dBackward,
     .name = "AdaptiveMaxPool3dBackward",
     .cliName = "adaptive-max-pool3d-backward",
     .title = "adaptive max pool 3-D, backward",
     .header = "aclnnop/aclnn_adaptive_max_pool3d_backward.h",
     .kernelOp = "AdaptiveMaxPool3DGrad",
     .twin = kAdaptiveMaxPool3d,
     .backward = true,
     .spatialRank = 3,
     .rule = IndexRule::kAdaptiveMax,
     .allowsUnbatched = true,
     .roles = kPoolBackwardRoles.roles,
     .roleCount = kPoolBackwardRoles.count,
     .dstRole = kPoolBackwardRoles.dst,
     .example = {.in = {3, 4, 4}, .out = {2, 2, 2}},
     .getWorkspaceSize = ops::adaptive::backward3d,
     .launch = aclnnAdaptiveMaxPool3dBackward,
     .kernelListing = ops::adaptive::kernelListing,
     .dtypes = kFloating,
     .indexDtypes = kPool3dIndices,
     .strategies = ops::adaptive::kBackwardStrategies,
     .cannChoice = ops::adaptive::cannBackward3d},
    {.kind = kAdaptiveMaxPool3d,
     .name = "AdaptiveMaxPool3d",
     .cliName = "adaptive-max-pool3d",
     .title = "adaptive max pool 3-D, forward",
     .header = "aclnnop/aclnn_adaptive_max_pool3d.h",
     .kernelOp = "AdaptiveMaxPool3d",
     .twin = kAdaptiveMaxPool3dBackward,
     .spatialRank = 3,
     .rule = IndexRule::kAdaptiveMax,
     .takesOutputSize = true,
     .allowsUnbatched = true,
     .roles = kPoolForwardRoles.roles,
     .roleCount = kPoolForwardRoles.count,
     .dstRole = kPoolForwardRoles.dst,
     .example = {.in = {3, 4, 4}, .out = {2, 2, 2}},
     .getWorkspaceSize = ops::adaptive::forward3d,
     .launch = aclnnAdaptiveMaxPool3d,
     .kernelListing = ops::adaptive::kernelListing,
     .dtypes = kFloating,
     .indexDtypes = kPool3dIndices,
     .strategies = ops::adaptive::kForwardStrategies,
     .cannChoice = ops::adaptive::cannForward3d},
}};

// Every OpKind has its entry, at its own index, with a twin of the other direction: a missing or
// misplaced entry fails here, at compile time. (The entry points are checked by ops_catalog_test:
// GCC's sanitizers make a function address compared with nullptr no constant expression.)
constexpr bool catalogComplete() {
  for (size_t i = 0; i < kOpCount; ++i) {
    const OpInfo& op = kCatalog[i];
    if (static_cast<size_t>(op.kind) != i) return false;
    if (op.twin == kCount || kCatalog[static_cast<size_t>(op.twin)].backward == op.backward) return false;
    if (op.roleCount < 2 || op.srcRole >= op.roleCount || op.dstRole >= op.roleCount) return false;
    if (op.dtypes.empty() || op.dtypes[0] != ACL_FLOAT) return false;  // FLOAT first: the default everywhere
    if (op.strategies.empty()) return false;
  }
  return true;
}
static_assert(catalogComplete(), "every OpKind needs its catalog entry, in enum order, with its strategies");

}  // namespace

const TensorRole* OpInfo::role(std::string_view roleName) const {
  const int i = roleIndex(roleName);
  return i < 0 ? nullptr : &roles[i];
}

int OpInfo::roleIndex(std::string_view roleName) const {
  for (int i = 0; i < roleCount; ++i) {
    if (roleName == roles[i].name) return i;
  }
  return -1;
}

bool OpInfo::hasIndices() const {
  for (int i = 0; i < roleCount; ++i) {
    if (roles[i].integer()) return true;
  }
  return false;
}

aclDataType OpInfo::indexDtype() const { return indexDtypes.empty() ? ACL_INT64 : indexDtypes.front(); }

std::span<const OpInfo> allOps() { return kCatalog; }

const OpInfo& opInfo(OpKind op) { return kCatalog[std::min(static_cast<size_t>(op), kOpCount - 1)]; }

const char* opName(OpKind op) { return static_cast<size_t>(op) < kOpCount ? kCatalog[static_cast<size_t>(op)].name : "Unknown"; }

const OpInfo* findOp(std::string_view name) {
  // Every launch looks its operator up by its aclnn name: the exact spelling first, without a string made.
  constexpr std::string_view kPrefix = "aclnn";
  const std::string_view bare = name.substr(name.size() > kPrefix.size() && name.substr(0, kPrefix.size()) == kPrefix
                                                ? kPrefix.size() : 0);
  for (const OpInfo& op : kCatalog) {
    if (bare == op.name || name == op.cliName) return &op;
  }
  for (const OpInfo& op : kCatalog) {
    if (ops::sameIgnoringCase(name, op.cliName) || ops::sameIgnoringCase(name, op.name) || ops::sameIgnoringCase(name, op.aclnnName())) {
      return &op;
    }
  }
  return nullptr;
}

std::string cliNames() {
  std::string names;
  for (const OpInfo& op : kCatalog) names += (names.empty() ? "" : ", ") + std::string(op.cliName);
  return names;
}

std::string snakeName(OpKind op) {
  std::string out;
  for (const char* c = opName(op); *c; ++c) {
    if (std::isupper(static_cast<unsigned char>(*c)) && !out.empty()) out += '_';
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
  }
  return out;
}

std::vector<int64_t> sideShape(const OpInfo& op, Side side, const Extents& e) {
  Extents batched = e;
  batched.unbatched = e.unbatched && op.allowsUnbatched;
  return batched.shape(side, op.spatialRank);
}

bool takeSideShape(const OpInfo& op, Side side, const std::vector<int64_t>& shape, Extents* e) {
  const size_t rank = static_cast<size_t>(op.spatialRank) + 2;
  const bool unbatched = op.allowsUnbatched && shape.size() == rank - 1;
  if (shape.size() != rank && !unbatched) return false;
  e->unbatched = unbatched;
  e->N = unbatched ? 1 : shape[0];
  e->C = shape[unbatched ? 0 : 1];
  SpatialSizes& sizes = e->side(side);
  sizes = {1, 1, 1};
  std::copy(shape.end() - op.spatialRank, shape.end(), sizes.end() - op.spatialRank);
  return true;
}

aclFormat sideFormat(const OpInfo& op, bool unbatched) {
  if (op.spatialRank == 1) return ACL_FORMAT_NCL;
  if (op.spatialRank == 3) return ACL_FORMAT_NCDHW;
  return unbatched && op.allowsUnbatched ? ACL_FORMAT_ND : ACL_FORMAT_NCHW;
}

PlaneDims planeDims(const OpInfo& op, const std::vector<int64_t>& shape) {
  if (shape.empty()) return {};
  if (op.spatialRank == 1 && shape.size() == 3) return {shape[0] * shape[1], 1, shape[2]};
  if (shape.size() == 3) return {shape[0], shape[1], shape[2]};
  if (op.spatialRank == 3 && shape.size() == 4) return {shape[0], shape[1] * shape[2], shape[3]};  // unbatched (C, D, H, W)
  if (shape.size() == 4) return {shape[0] * shape[1], shape[2], shape[3]};
  if (shape.size() == 5) return {shape[0] * shape[1], shape[2] * shape[3], shape[4]};  // depth slices stacked
  int64_t planes = 1;  // not a shape of these operators: the last axis is the row
  for (size_t i = 0; i + 1 < shape.size(); ++i) planes *= shape[i];
  return {planes, 1, shape.back()};
}

}  // namespace gradlab
