#include "viz/model/request_spec.h"

#include <cstring>
#include <vector>

#include "gradlab/printable.h"
#include "i18n/translate.h"

namespace gradlab::viz {

std::string RequestSpec::deviceSpec() const {
  std::string spec = device.empty() ? builtinProfiles().front().name : device;
  std::string overrides;
  if (cores > 0) overrides += "cores=" + std::to_string(cores);
  if (ubBytes > 0) overrides += std::string(overrides.empty() ? "" : ",") + "ub=" + std::to_string(ubBytes);
  if (!overrides.empty()) spec += ":" + overrides;
  return spec;
}

bool RequestSpec::resolve(RunRequest* out, std::string* error) const {
  const std::string spec = deviceSpec();
  DeviceProfile p;
  std::string why;
  if (!parseProfileSpec(spec, &p, &why)) {
    if (error) *error = i18n::trf("device \"{0}\": {1}", printableLine(spec, 60), why);
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

std::vector<std::string> dropMisfitInputs(RunRequest* r) {
  std::vector<std::string> notes;
  const OpInfo& op = opInfo(r->op);
  for (const TensorRole& role : op.tensorRoles()) {
    const bool values = role.kind == RoleKind::kValues, indices = role.kind == RoleKind::kIndices;
    std::vector<float>* v = values ? &r->values : nullptr;
    std::vector<int64_t>* ix = indices ? &r->indices : nullptr;
    const size_t given = v ? v->size() : ix ? ix->size() : 0;
    if (given == 0) continue;
    const std::vector<int64_t> shape = sideShape(op, role.side, r->shape);
    int64_t cells = 1;
    for (int64_t d : shape) cells *= d;
    if (static_cast<int64_t>(given) == cells) continue;
    if (v) v->clear();
    if (ix) ix->clear();
    notes.push_back(values ? i18n::trf("The preset's {0} values do not fit {1} {2} ({3} cells): using {4} inputs instead.", given,
                                       role.name, shapeText(shape), cells, valueSourceName(r->valueSource))
                           : i18n::trf("The preset's {0} indices do not fit {1} {2} ({3} cells): the forward's own indices instead.", given,
                                       role.name, shapeText(shape), cells));
  }
  return notes;
}

namespace {

// Bit for bit: a NaN value equals itself (a preset's NaN input is the same preset).
bool sameValues(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

// Bit for bit too: a NaN scale (from a session file, say) equals itself, so the app does not ask for the same
// run again every frame.
bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

bool operator==(const RequestSpec& a, const RequestSpec& b) {
  const RunRequest& x = a.request;
  const RunRequest& y = b.request;
  return a.device == b.device && a.cores == b.cores && a.ubBytes == b.ubBytes && x.op == y.op && x.shape.N == y.shape.N &&
         x.shape.C == y.shape.C && x.shape.in[kH] == y.shape.in[kH] && x.shape.in[kW] == y.shape.in[kW] && x.shape.out[kH] == y.shape.out[kH] && x.shape.out[kW] == y.shape.out[kW] &&
         sameBits(x.shape.scales[kH], y.shape.scales[kH]) && sameBits(x.shape.scales[kW], y.shape.scales[kW]) && x.shape.unbatched == y.shape.unbatched && x.dtype == y.dtype &&
         indexTypeOf(x) == indexTypeOf(y) && x.layout == y.layout && x.deterministic == y.deterministic &&
         x.seed == y.seed && x.valueSource == y.valueSource && sameValues(x.values, y.values) && x.indices == y.indices &&
         x.strategy == y.strategy && x.accumulate == y.accumulate && x.schedule == y.schedule;
}

}  // namespace gradlab::viz
