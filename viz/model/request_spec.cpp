#include "viz/model/request_spec.h"

#include <vector>

namespace gradlab::viz {

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

}  // namespace gradlab::viz
