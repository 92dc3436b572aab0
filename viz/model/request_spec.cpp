#include "viz/model/request_spec.h"

#include <vector>

namespace gradlab::viz {
namespace {

constexpr OpKind kAllOps[] = {
    OpKind::kUpsampleNearestExact1dBackward, OpKind::kUpsampleNearestExact2dBackward,
    OpKind::kAdaptiveMaxPool2dBackward,      OpKind::kUpsampleNearestExact1d,
    OpKind::kUpsampleNearestExact2d,         OpKind::kAdaptiveMaxPool2d,
};

}  // namespace

bool RequestSpec::resolve(RunRequest* out, std::string* error) const {
  std::string spec = device.empty() ? builtinProfiles().front().name : device;
  std::string overrides;
  if (cores > 0) overrides += "cores=" + std::to_string(cores);
  if (ubBytes > 0) overrides += std::string(overrides.empty() ? "" : ",") + "ub=" + std::to_string(ubBytes);
  if (!overrides.empty()) spec += ":" + overrides;
  DeviceProfile p;
  std::string why;
  if (!parseProfileSpec(spec, &p, &why)) {
    if (error) *error = "device \"" + spec + "\": " + why;
    return false;
  }
  *out = request;
  out->profile = p;
  return true;
}

DeviceProfile RequestSpec::profile() const {
  RunRequest r;
  if (resolve(&r, nullptr) && r.profile) return *r.profile;
  return builtinProfiles().front();
}

bool operator==(const RequestSpec& a, const RequestSpec& b) {
  const RunRequest& x = a.request;
  const RunRequest& y = b.request;
  return a.device == b.device && a.cores == b.cores && a.ubBytes == b.ubBytes && x.op == y.op && x.N == y.N &&
         x.C == y.C && x.inH == y.inH && x.inW == y.inW && x.outH == y.outH && x.outW == y.outW &&
         x.scaleH == y.scaleH && x.scaleW == y.scaleW && x.unbatched == y.unbatched && x.dtype == y.dtype &&
         x.indexType == y.indexType && x.layout == y.layout && x.deterministic == y.deterministic &&
         x.seed == y.seed && x.values == y.values && x.indices == y.indices;
}

std::optional<OpKind> opFromName(const std::string& name) {
  for (OpKind op : kAllOps)
    if (name == opName(op)) return op;
  return std::nullopt;
}

std::optional<aclDataType> dtypeFromName(const std::string& name) {
  if (name == "float32" || name == "float") return ACL_FLOAT;
  if (name == "float16" || name == "half") return ACL_FLOAT16;
  if (name == "bfloat16" || name == "bf16") return ACL_BF16;
  if (name == "int32") return ACL_INT32;
  if (name == "int64") return ACL_INT64;
  return std::nullopt;
}

std::optional<Layout> layoutFromName(const std::string& name) {
  if (name == "contiguous") return Layout::kContiguous;
  if (name == "channels-last") return Layout::kChannelsLast;
  if (name == "sliced") return Layout::kSliced;
  return std::nullopt;
}

const char* layoutText(Layout layout) {
  switch (layout) {
    case Layout::kContiguous: return "contiguous";
    case Layout::kChannelsLast: return "channels-last";
    case Layout::kSliced: return "sliced";
  }
  return "?";
}

std::string forwardOf(OpKind op, OpKind* forward) {
  OpKind f = op;
  switch (op) {
    case OpKind::kUpsampleNearestExact1dBackward: f = OpKind::kUpsampleNearestExact1d; break;
    case OpKind::kUpsampleNearestExact2dBackward: f = OpKind::kUpsampleNearestExact2d; break;
    case OpKind::kAdaptiveMaxPool2dBackward: f = OpKind::kAdaptiveMaxPool2d; break;
    default: break;
  }
  if (forward) *forward = f;
  return opName(f);
}

const char* shortOpTitle(OpKind op) {
  switch (op) {
    case OpKind::kUpsampleNearestExact1dBackward: return "1-D nearest upsample, backward";
    case OpKind::kUpsampleNearestExact2dBackward: return "2-D nearest upsample, backward";
    case OpKind::kAdaptiveMaxPool2dBackward: return "adaptive max pool 2-D, backward";
    case OpKind::kUpsampleNearestExact1d: return "1-D nearest upsample, forward";
    case OpKind::kUpsampleNearestExact2d: return "2-D nearest upsample, forward";
    case OpKind::kAdaptiveMaxPool2d: return "adaptive max pool 2-D, forward";
  }
  return "?";
}

}  // namespace gradlab::viz
