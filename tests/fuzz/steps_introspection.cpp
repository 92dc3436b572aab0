// Steps that drive gradlab's own C++ API: device profiles (parsed from made-up text or made of made-up
// fields), gradlab::run with made-up requests (whose successful results must agree with the independent
// reference, their plans keep every plan invariant and their traces replay to the outputs), and the plan
// and trace of executors in any state.
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "fuzz_contract.h"
#include "fuzz_steps.h"
#include "fuzz_values.h"
#include "gradlab/plan.h"
#include "gradlab/runner.h"
#include "gradlab/trace.h"
#include "gradlab/verify.h"
#include "verify/judge.h"

namespace gradlab::fuzz {

using namespace codes;

namespace {

// Made-up profile specs: tokens of the spec language and its near misses.
std::string readSpec(ByteReader& in) {
  static const char* tokens[] = {"atlas-a2", "atlas-a3", "classroom", "cores", "ub", "vector_cores", "=", ",", ":",
                                 "k", "K", "kib", "m", "MiB", "0", "1", "4", "8", "16", "64", "1024", "1025",
                                 "65536", "99999999999999999999", " ", "x", "-", "atlas-a9", ""};
  std::string spec;
  for (uint32_t n = in.pick(10); n > 0; --n) spec += tokens[in.pick(sizeof tokens / sizeof tokens[0])];
  return spec;
}

// Values a request may carry: ordinary, signed zeros, tiny and large magnitudes (no sum of 2^16 of them
// overflows fp32), the fp16 edges, NaN and infinities.
float readValue(ByteReader& in) {
  static const float v[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 3.0f, 0.1f, 1.0f / 3, 1e-3f, 1e-30f, -1e30f, 1e30f,
                            1e-45f, 65504.0f, 65520.0f, 16777216.0f, 16777217.0f, std::nanf(""),
                            std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
  return v[in.pick(sizeof v / sizeof v[0])];
}

int64_t readExtent(ByteReader& in) {
  static const int64_t v[] = {1, 1, 2, 3, 4, 5, 7, 8, 9, 12, 0, 17, 33, 60};
  return v[in.pick(sizeof v / sizeof v[0])];
}

int64_t product(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// The invariants of any plan an executor reports.
void checkPlan(const Plan& plan) {
  for (size_t i = 0; i < plan.tiles.size(); ++i) {
    const Tile& t = plan.tiles[i];
    if (t.id != static_cast<int32_t>(i)) violation("executorPlan", "tile ids are not their positions");
    if (t.phase < 0 || t.phase >= static_cast<int32_t>(plan.phases.size())) violation("executorPlan", "a tile names no phase");
    // Core lanes: [0, cubeLanes) are cube cores, the rest vector cores; each kind within the profile's count.
    if (t.core < 0 || t.core >= plan.coresUsed || plan.cubeLanes < 0 || plan.cubeLanes > plan.profile.cubeCores ||
        plan.coresUsed - plan.cubeLanes > plan.profile.vectorCores) {
      violation("executorPlan", "a tile runs on a core the plan or profile does not have");
    }
    if (t.ubBytes > plan.profile.ubBytes) violation("executorPlan", "a tile needs more unified buffer than the profile has");
    if (i > 0) {
      const Tile& b = plan.tiles[i - 1];
      if (std::tie(b.phase, b.core, b.order) >= std::tie(t.phase, t.core, t.order)) {
        violation("executorPlan", "tiles are not sorted by (phase, core, order)");
      }
    }
  }
}

// Bit for bit, except that every NaN equals every other: which payload a NaN sum keeps depends on operand
// order inside one addition, which the contract leaves open (as verify's digests do).
bool sameOutputs(const RunResult& a, const RunResult& b) {
  if (a.outputs.size() != b.outputs.size()) return false;
  for (size_t i = 0; i < a.outputs.size(); ++i) {
    const HostTensor &x = a.outputs[i], &y = b.outputs[i];
    if (x.ints != y.ints || x.values.size() != y.values.size()) return false;
    for (size_t k = 0; k < x.values.size(); ++k) {
      const bool nan = std::isnan(x.values[k]);
      if (nan != std::isnan(y.values[k])) return false;
      if (!nan && std::memcmp(&x.values[k], &y.values[k], sizeof(float)) != 0) return false;
    }
  }
  return true;
}

}  // namespace

void stepProfile(State& s) {
  ByteReader& in = s.in;
  if (in.pick(2) == 0) {
    const std::string spec = readSpec(in);
    DeviceProfile p;
    std::string error;
    if (parseProfileSpec(spec, &p, &error)) {
      if (!profileProblem(p).empty()) violation("parseProfileSpec", "accepted a profile the operators cannot use");
      if (in.pick(2) == 0) {
        beginCall();
        expectCode("setActiveProfile", setActiveProfile(p), {kSuccess});
      }
    } else if (error.empty()) {
      violation("parseProfileSpec", "refused a spec without a reason");
    }
    return;
  }
  const DeviceProfile p = readProfile(in);
  beginCall();
  const aclnnStatus st = setActiveProfile(p);
  if (profileProblem(p).empty()) {
    expectCode("setActiveProfile", st, {kSuccess});
  } else {
    expectCode("setActiveProfile", st, {kParamInvalid});
  }
}

void stepRun(State& s) {
  ByteReader& in = s.in;
  static const aclDataType dtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_INT32, ACL_DOUBLE, ACL_UINT8};
  static const aclDataType indexTypes[] = {ACL_INT64, ACL_INT32, ACL_FLOAT, ACL_INT8};
  RunRequest r;
  const OpInfo& op = allOps()[in.pick(static_cast<uint32_t>(kOpCount))];
  r.op = op.kind;
  r.shape.N = readExtent(in), r.shape.C = readExtent(in);
  r.shape.in[kH] = readExtent(in), r.shape.in[kW] = readExtent(in), r.shape.out[kH] = readExtent(in), r.shape.out[kW] = readExtent(in);
  r.shape.scales[kH] = readScale(in), r.shape.scales[kW] = readScale(in);
  const uint8_t flags = in.byte();
  r.shape.unbatched = flags & 1;
  r.deterministic = flags & 2;
  r.trace = flags & 4;
  r.dtype = dtypes[in.pick(sizeof dtypes / sizeof dtypes[0])];
  r.indexType = indexTypes[in.pick(sizeof indexTypes / sizeof indexTypes[0])];
  r.layout = allLayouts()[in.pick(static_cast<uint32_t>(allLayouts().size()))];
  r.seed = in.byte();
  if (r.seed & 0x80) {  // a strategy: one of the operator's, CANN's choice or the default
    const std::span<const StrategyInfo> mine = strategiesOf(op.kind);
    const size_t pick = (r.seed >> 4) % (mine.size() + 2);
    r.strategy = pick < mine.size() ? std::string(mine[pick].name) : pick == mine.size() ? "cann" : "default";
  }
  if (flags & 8) r.profile = readProfile(in);
  if (flags & 128) {  // a seeded schedule, and the low bit picks the accumulation
    const uint8_t b = in.byte();
    r.schedule = AtomicSchedule::fromSeed(b >> 1);
    r.accumulate = (b & 1) ? Accumulation::kDtype : Accumulation::kFp32;
  }
  const int64_t src = product(srcShapeOf(r)), dst = product(dstShapeOf(r));
  if (src > (1 << 14) || dst > (1 << 14)) return;  // legal, but slow to fuzz (the tests run large shapes)
  if (flags & 16) {  // explicit values, sometimes one too few
    const int64_t n = src - (flags & 32 ? 1 : 0);
    for (int64_t i = 0; i < n; ++i) r.values.push_back(readValue(in));
  }
  if (op.hasIndices() && (flags & 64)) {  // explicit indices, some outside their plane
    const int64_t plane = std::max<int64_t>(r.shape.in[kH] * r.shape.in[kW], 1);
    for (int64_t i = 0; i < src; ++i) r.indices.push_back(static_cast<int64_t>(in.byte()) % (plane + 2) - 1);
  }
  const RunResult result = run(r);
  if (!result.ok()) {
    if (result.message.empty()) violation("gradlab::run", "failed without a reason");
    return;
  }
  const verify::Verdict v = verify::checkRun(r, result);
  if (!v.passed) {
    const std::string what = verify::describe(r) + ": " + (v.lines.empty() ? "disagrees with the reference" : v.lines.back());
    violation("gradlab::run", what.c_str());
  }
  if (!result.plan) violation("gradlab::run", "succeeded without a plan");
  checkPlan(*result.plan);
  const verify::CaseResult plan = verify::judgePlan(r, *result.plan);
  if (!plan.passed) violation("gradlab::run", plan.detail.c_str());
  if (r.trace) {
    const verify::CaseResult trace = verify::judgeTrace(r, result);
    if (!trace.passed) violation("gradlab::run", trace.detail.c_str());
  }
  if (r.schedule) {  // a seeded schedule repeats bit for bit, traced or not
    RunRequest again = r;
    again.trace = !r.trace;
    const RunResult second = run(again);
    if (!second.ok() || !sameOutputs(second, result)) {
      violation("gradlab::run", "the same atomic schedule gave a different result");
    }
  }
}

void stepInspectExecutor(State& s) {
  const uint8_t which = s.in.byte();
  aclOpExecutor* executor = nullptr;
  if (which == 254) executor = reinterpret_cast<aclOpExecutor*>(&s);  // foreign
  else if (which != 255 && !s.executors.empty()) executor = s.executors[which % s.executors.size()];
  if (const Plan* plan = executorPlan(executor)) checkPlan(*plan);
  if (s.in.pick(2) == 0) traceExecutor(executor, std::make_shared<Trace>());
}

}  // namespace gradlab::fuzz
