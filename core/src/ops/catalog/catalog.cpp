// The catalog: one entry per operator. An operator is its folder under core/src/ops plus its entry here.
#include <algorithm>
#include <cctype>

#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_1d.h"
#include "aclnnop/aclnn_upsample_nearest_1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_2d.h"
#include "aclnnop/aclnn_upsample_nearest_2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d.h"
#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "gradlab/ops.h"
#include "ops/adaptive_max_pool2d/entry.h"
#include "ops/adaptive_max_pool2d/strategies.h"
#include "ops/common/lower_case.h"
#include "ops/nearest_upsample/strategies.h"
#include "ops/upsample_nearest/entry.h"
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

constexpr std::array<OpInfo, kOpCount> kCatalog = {{
    {kUpsampleNearestExact1dBackward, "UpsampleNearestExact1dBackward", "upsample1d-backward",
     "1-D nearest-exact upsample, backward", "aclnnop/aclnn_upsample_nearest_exact1d_backward.h",
     "UpsampleNearestExact2dGrad", kUpsampleNearestExact1d, true, 1, IndexRule::kNearestExact, 1, true, true, false,
     {{{"gradOutput", "gradOutput", kOut, kValues}, {"gradInput", "out", kIn, kOutput}}}, 2, 0, 1,
     {1, 1, 1, 4, 1, 8}, ops::upsample_exact::backward1d, aclnnUpsampleNearestExact1dBackward, kFloating, ops::nearest::kBackwardStrategies},
    {kUpsampleNearestExact2dBackward, "UpsampleNearestExact2dBackward", "upsample2d-backward",
     "2-D nearest-exact upsample, backward", "aclnnop/aclnn_upsample_nearest_exact2d_backward.h",
     "UpsampleNearestExact2dGrad", kUpsampleNearestExact2d, true, 2, IndexRule::kNearestExact, 2, true, true, false,
     {{{"gradOutput", "gradOutput", kOut, kValues}, {"gradInput", "out", kIn, kOutput}}}, 2, 0, 1,
     {1, 1, 4, 4, 8, 8}, ops::upsample_exact::backward2d, aclnnUpsampleNearestExact2dBackward, kFloating, ops::nearest::kBackwardStrategies},
    {kAdaptiveMaxPool2dBackward, "AdaptiveMaxPool2dBackward", "adaptive-max-pool2d-backward",
     "adaptive max pool 2-D, backward", "aclnnop/aclnn_adaptive_max_pool2d_backward.h", "AdaptiveMaxPool3DGrad",
     kAdaptiveMaxPool2d, true, 2, IndexRule::kAdaptiveMax, 0, false, false, true,
     {{{"gradOutput", "gradOutput", kOut, kValues},
       {"self", "self", kIn, kShapeOnly},
       {"indices", "indices", kOut, kIndices},
       {"gradInput", "gradInput", kIn, kOutput}}},
     4, 0, 3, {1, 1, 8, 8, 3, 3}, ops::adaptive::backward, aclnnAdaptiveMaxPool2dBackward, kFloating, ops::adaptive::kBackwardStrategies},
    {kUpsampleNearestExact1d, "UpsampleNearestExact1d", "upsample1d", "1-D nearest-exact upsample, forward",
     "aclnnop/aclnn_upsample_nearest_exact1d.h", "UpsampleNearestExact1d", kUpsampleNearestExact1dBackward, false, 1,
     IndexRule::kNearestExact, 1, true, false, false,
     {{{"self", "self", kIn, kValues}, {"out", "out", kOut, kOutput}}}, 2, 0, 1, {1, 1, 1, 4, 1, 8},
     ops::upsample_exact::forward1d,
     aclnnUpsampleNearestExact1d, kExactForward, ops::nearest::kForwardStrategies},
    {kUpsampleNearestExact2d, "UpsampleNearestExact2d", "upsample2d", "2-D nearest-exact upsample, forward",
     "aclnnop/aclnn_upsample_nearest_exact2d.h", "UpsampleNearestExact2d", kUpsampleNearestExact2dBackward, false, 2,
     IndexRule::kNearestExact, 2, true, false, false,
     {{{"self", "self", kIn, kValues}, {"out", "out", kOut, kOutput}}}, 2, 0, 1, {1, 1, 4, 4, 8, 8},
     ops::upsample_exact::forward2d,
     aclnnUpsampleNearestExact2d, kExactForward, ops::nearest::kForwardStrategies},
    {kAdaptiveMaxPool2d, "AdaptiveMaxPool2d", "adaptive-max-pool2d", "adaptive max pool 2-D, forward",
     "aclnnop/aclnn_adaptive_max_pool2d.h", "AdaptiveMaxPool3d", kAdaptiveMaxPool2dBackward, false, 2,
     IndexRule::kAdaptiveMax, 0, true, false, true,
     {{{"self", "self", kIn, kValues}, {"out", "out", kOut, kOutput}, {"indices", "indices", kOut, kOutputIndices}}},
     3, 0, 1, {1, 1, 8, 8, 3, 3}, ops::adaptive::forward, aclnnAdaptiveMaxPool2d, kPoolForward, ops::adaptive::kForwardStrategies},
    {kUpsampleNearest1dBackward, "UpsampleNearest1dBackward", "upsample-nearest1d-backward",
     "1-D nearest upsample (legacy), backward", "aclnnop/aclnn_upsample_nearest_1d_backward.h",
     "UpsampleNearestExact2dGrad", kUpsampleNearest1d, true, 1, IndexRule::kNearest, 1, true, true, false,
     {{{"gradOutput", "gradOut", kOut, kValues}, {"gradInput", "out", kIn, kOutput}}}, 2, 0, 1, {1, 1, 1, 3, 1, 8},
     ops::upsample_legacy::backward1d, aclnnUpsampleNearest1dBackward, kLegacy1dBackward, ops::nearest::kBackwardStrategies},
    {kUpsampleNearest2dBackward, "UpsampleNearest2dBackward", "upsample-nearest2d-backward",
     "2-D nearest upsample (legacy), backward", "aclnnop/aclnn_upsample_nearest_2d_backward.h",
     "UpsampleNearestExact2dGrad", kUpsampleNearest2d, true, 2, IndexRule::kNearest, 2, true, true, false,
     {{{"gradOutput", "gradOut", kOut, kValues}, {"gradInput", "gradInput", kIn, kOutput}}}, 2, 0, 1,
     {1, 1, 3, 3, 8, 8}, ops::upsample_legacy::backward2d, aclnnUpsampleNearest2dBackward, kFloating, ops::nearest::kBackwardStrategies},
    {kUpsampleNearest1d, "UpsampleNearest1d", "upsample-nearest1d", "1-D nearest upsample (legacy), forward",
     "aclnnop/aclnn_upsample_nearest_1d.h", "UpsampleNearest3d", kUpsampleNearest1dBackward, false, 1,
     IndexRule::kNearest, 0, true, false, false, {{{"self", "self", kIn, kValues}, {"out", "out", kOut, kOutput}}}, 2,
     0, 1, {1, 1, 1, 3, 1, 8}, ops::upsample_legacy::forward1d, aclnnUpsampleNearest1d, kLegacyForward, ops::nearest::kForwardStrategies},
    {kUpsampleNearest2d, "UpsampleNearest2d", "upsample-nearest2d", "2-D nearest upsample (legacy), forward",
     "aclnnop/aclnn_upsample_nearest_2d.h", "ResizeNearestNeighborV2", kUpsampleNearest2dBackward, false, 2,
     IndexRule::kNearest, 0, true, false, false, {{{"self", "self", kIn, kValues}, {"out", "out", kOut, kOutput}}}, 2,
     0, 1, {1, 1, 3, 3, 8, 8}, ops::upsample_legacy::forward2d, aclnnUpsampleNearest2d, kLegacyForward, ops::nearest::kForwardStrategies},
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

std::span<const OpInfo> allOps() { return kCatalog; }

const OpInfo& opInfo(OpKind op) { return kCatalog[std::min(static_cast<size_t>(op), kOpCount - 1)]; }

const char* opName(OpKind op) { return static_cast<size_t>(op) < kOpCount ? kCatalog[static_cast<size_t>(op)].name : "Unknown"; }

const OpInfo* findOp(std::string_view name) {
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

std::vector<int64_t> sideShape(const OpInfo& op, Side side, const OpSizes& s) {
  const int64_t h = side == Side::kIn ? s.inH : s.outH;
  const int64_t w = side == Side::kIn ? s.inW : s.outW;
  if (op.spatialRank == 1) return {s.N, s.C, w};
  if (s.unbatched && op.allowsUnbatched) return {s.C, h, w};
  return {s.N, s.C, h, w};
}

bool takeSideShape(const OpInfo& op, Side side, const std::vector<int64_t>& shape, OpSizes* s) {
  const size_t rank = op.spatialRank == 1 ? 3 : 4;
  const bool unbatched = op.allowsUnbatched && shape.size() == rank - 1;
  if (shape.size() != rank && !unbatched) return false;
  s->unbatched = unbatched;
  s->N = unbatched ? 1 : shape[0];
  s->C = shape[unbatched ? 0 : 1];
  const int64_t h = op.spatialRank == 1 ? 1 : shape[shape.size() - 2], w = shape.back();
  (side == Side::kIn ? s->inH : s->outH) = h;
  (side == Side::kIn ? s->inW : s->outW) = w;
  return true;
}

aclFormat sideFormat(const OpInfo& op, bool unbatched) {
  if (op.spatialRank == 1) return ACL_FORMAT_NCL;
  return unbatched && op.allowsUnbatched ? ACL_FORMAT_ND : ACL_FORMAT_NCHW;
}

PlaneDims planeDims(const OpInfo& op, const std::vector<int64_t>& shape) {
  if (shape.empty()) return {};
  if (op.spatialRank == 1 && shape.size() == 3) return {shape[0] * shape[1], 1, shape[2]};
  if (shape.size() == 3) return {shape[0], shape[1], shape[2]};
  if (shape.size() == 4) return {shape[0] * shape[1], shape[2], shape[3]};
  int64_t planes = 1;  // not a shape of these operators: the last axis is the row
  for (size_t i = 0; i + 1 < shape.size(); ++i) planes *= shape[i];
  return {planes, 1, shape.back()};
}

}  // namespace gradlab
