#include "viz/model/chips_compare.h"

#include <cstring>

#include "gradlab/strategy.h"
#include "i18n/translate.h"

namespace gradlab::viz {

const HostTensor* primaryOutput(const RunResult& r) {
  for (const HostTensor& t : r.outputs)
    if (t.name != "indices") return &t;
  return nullptr;
}

void useInputsOf(const RunResult& from, RunRequest* to) {
  for (const TensorRole& role : opInfo(to->op).tensorRoles()) {
    for (const HostTensor& input : from.inputs) {
      if (input.name != role.name) continue;
      if (role.kind == RoleKind::kValues) to->values = input.values.vector();
      if (role.kind == RoleKind::kIndices) to->indices = input.ints.vector();
    }
  }
}

std::string runFailure(const RunResult& r, const char* what) {
  if (r.ok() && primaryOutput(r)) return "";
  return r.stage.empty() ? i18n::trf("{0}: error {1}: {2}", what, r.status, r.message)
                         : i18n::trf("{0}: error {1} at {2}: {3}", what, r.status, r.stage, r.message);
}

ChipsRun runOnBothChips(const RunRequest& base, const RunCall& run, const RunResult* inputsFrom) {
  ChipsRun out;
  for (int i = 0; i < 2; ++i) {
    RunRequest r = base;
    r.strategy = std::string(kStrategyCann);
    for (const DeviceProfile& p : builtinProfiles()) {
      if (p.name == kComparedChips[i].name) r.profile = p;
    }
    if (inputsFrom != nullptr) useInputsOf(*inputsFrom, &r);
    else if (i == 1) useInputsOf(out.results[0], &r);
    out.results[i] = run(r);
    out.error = runFailure(out.results[i], kComparedChips[i].title);
    if (!out.ok()) return out;
  }
  const Cells<float>& a = primaryOutput(out.results[0])->values;
  const Cells<float>& b = primaryOutput(out.results[1])->values;
  // The cells whose terms differ: what either chip's strategy says about its windows.
  std::vector<uint8_t> offMap(a.size(), 0);
  for (const RunResult& r : out.results) {
    const StrategyInfo* s = r.plan ? r.plan->strategyInfo() : nullptr;
    if (s == nullptr || s->cellsOffMap == nullptr) continue;
    const std::vector<uint8_t> off = s->cellsOffMap(base.op, base.shape);
    for (size_t i = 0; i < off.size() && i < offMap.size(); ++i) offMap[i] |= off[i];
  }
  out.reasons.assign(a.size(), kSameBits);
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    const bool same = std::memcmp(&a[i], &b[i], sizeof(float)) == 0 || (a[i] != a[i] && b[i] != b[i]);
    if (same) continue;
    out.reasons[i] = offMap[i] ? kWindowReason : kOrderReason;
    (offMap[i] ? out.windowCells : out.orderCells) += 1;
  }
  return out;
}

}  // namespace gradlab::viz
