// accumulate=dtype (gradlab/accumulation.h) for every backward operator of the catalog: many gradients per
// cell in FLOAT16 and BF16, bit-exact against a reference that rounds every sum in deterministic mode, within
// the dtype-rounding bound in default mode (8 cores sharing cells under a seeded schedule), traced too.
#include <string>

#include "verify/cases.h"
#include "verify/run_case.h"

namespace gradlab::verify {

std::vector<Case> accumulationCases() {
  DeviceProfile eight;
  std::string error;
  parseProfileSpec("classroom:cores=8", &eight, &error);
  std::vector<Case> all;
  for (const OpInfo& op : allOps()) {
    if (!op.backward) continue;
    for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
      for (bool deterministic : {true, false}) {
        RunRequest r;
        r.op = op.kind;
        r.shape.N = 1, r.shape.C = 2;
        r.shape.in[kH] = op.spatialRank == 1 ? 1 : 3, r.shape.in[kW] = 5;
        r.shape.out[kH] = op.spatialRank == 1 ? 1 : 40, r.shape.out[kW] = op.spatialRank == 1 ? 120 : 47;
        r.dtype = dtype;
        r.deterministic = deterministic;
        r.accumulate = Accumulation::kDtype;
        r.schedule = AtomicSchedule::fromSeed(3);
        r.profile = eight;
        const std::string name = std::string("accumulate_dtype_") + snakeName(op.kind) + "_" +
                                 (dtype == ACL_FLOAT16 ? "fp16" : "bf16") + (deterministic ? "_det" : "_default");
        all.push_back({name, op.kind, "accumulation", [r] { return runAndJudge(r, true); }});
      }
    }
  }
  return all;
}

}  // namespace gradlab::verify
