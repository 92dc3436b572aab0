// The adaptive max pool case table: numerics against the independent reference (every layout, dtype,
// index type and mode), the seed's sample program, bad indices at run time, plans and traces; the
// SPEC checks and the golden vectors come from their own files.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "i18n/translate.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/cases.h"
#include "verify/device_tensor.h"
#include "verify/judge.h"
#include "verify/reference_adaptive_pool.h"

namespace gradlab::verify::adaptive {
namespace {

using verify::Case;
using verify::CaseResult;
using verify::DeviceTensor;
namespace ref = gradlab::reference;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

CaseResult pass(std::string detail) { return {true, std::move(detail)}; }
CaseResult failed(std::string detail) { return {false, std::move(detail)}; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---- backward against the reference -------------------------------------------------------------------

// ", profile classroom" after a scenario's settings, or nothing on the default device.
std::string profileNote(const std::optional<DeviceProfile>& profile) {
  return profile ? ", " + i18n::trf("profile {0}", profile->name) : "";
}

struct BackwardScenario {
  int64_t N = 1, C = 1, H = 4, W = 4, Ho = 2, Wo = 2;
  bool unbatched = false;  // 3-D tensors (C, H, W); N must be 1
  aclDataType dtype = ACL_FLOAT;
  aclDataType indexType = ACL_INT64;
  bool deterministic = true;
  bool randomIndices = false;  // anywhere in the plane (many collisions) instead of the forward's argmax
  Layout outLayout = Layout::kContiguous;  // gradOutput and indices
  Layout inLayout = Layout::kContiguous;   // gradInput
  std::optional<DeviceProfile> profile;
  uint64_t seed = 1;

  int64_t planes() const { return N * C; }
  std::vector<int64_t> inShape() const { return unbatched ? std::vector<int64_t>{C, H, W} : std::vector<int64_t>{N, C, H, W}; }
  std::vector<int64_t> outShape() const {
    return unbatched ? std::vector<int64_t>{C, Ho, Wo} : std::vector<int64_t>{N, C, Ho, Wo};
  }
  Extents dims() const { return {.N = N, .C = C, .in = {1, H, W}, .out = {1, Ho, Wo}}; }
  std::string text() const {
    return fmt::format("{} -> {} {} {}, {}, {}/{}{}", shapeText(outShape()), shapeText(inShape()), dtypeText(dtype),
                       i18n::trf("{0} indices", dtypeText(indexType)), i18n::tr(deterministic ? "deterministic" : "default mode"),
                       i18n::tr(gradlab::layoutName(outLayout)), i18n::tr(gradlab::layoutName(inLayout)), profileNote(profile));
  }
};

struct BackwardData {
  std::vector<float> self, gradOutput;
  std::vector<int64_t> indices;
};

BackwardData backwardData(const BackwardScenario& sc) {
  BackwardData d;
  const int64_t P = sc.planes();
  d.self = randomValues(P * sc.H * sc.W, sc.seed, sc.dtype);
  d.gradOutput = randomValues(P * sc.Ho * sc.Wo, sc.seed + 1, sc.dtype);
  d.indices = sc.randomIndices ? randomIndices(P * sc.Ho * sc.Wo, sc.H * sc.W, sc.seed)
                               : ref::adaptiveMaxPool(d.self, sc.dims()).indices;
  return d;
}

// Compares a finished gradInput with the reference: bit-exact in deterministic mode, within the summation
// bound of gradlab/verify.h in default mode.
// `accumulate`: the plan's (dtype: every FLOAT16 / BF16 sum rounds after its add, as the 950's SIMT kernel does).
std::string checkGradInput(const BackwardScenario& sc, const BackwardData& d, const std::vector<float>& got,
                           Accumulation accumulate) {
  const aclDataType rounding = accumulate == Accumulation::kDtype ? sc.dtype : ACL_FLOAT;
  if (sc.deterministic) {
    return compareExact(
        got, verify::roundAll(sc.dtype, ref::adaptiveMaxPoolBackward(d.gradOutput, d.indices, sc.dims(), rounding)),
        "gradInput");
  }
  const ref::PoolBackwardDouble want = ref::adaptiveMaxPoolBackwardDouble(d.gradOutput, d.indices, sc.dims());
  return compareTolerance(got, want.gradInput, want.absSum, want.terms, sc.dtype, "gradInput", accumulate);
}

// fp32 sums go to the workspace only where neither UB nor gradInput can hold them: every plane when a
// plane does not fit in UB beside a step of 64 cells, else the planes split between cores (default mode),
// and never for dense fp32 gradInput.
uint64_t sumsWorkspace(const BackwardScenario& sc, const Plan& plan) {
  if (sc.dtype == ACL_FLOAT) return 0;
  const uint64_t planeBytes = static_cast<uint64_t>(sc.H * sc.W) * 4;
  const StrategyInfo* strategy = plan.strategyInfo();
  if (strategy && strategy->wholeWindows) return sc.planes() * planeBytes;  // every plane's sums, zeroed by core 0
  const uint64_t step = static_cast<uint64_t>(std::min<int64_t>(64, sc.Ho * sc.Wo));
  auto align64 = [](uint64_t b) { return (b + 63) / 64 * 64; };
  if (align64(planeBytes) + align64(step * 4) + step * 8 > plan.profile.ubBytes) return sc.planes() * planeBytes;
  std::set<int64_t> shared;
  for (const Tile& t : plan.tiles) {
    if (t.atomic) shared.insert(t.src.plane0);
  }
  return shared.size() * planeBytes;
}

// A SIMT plan (the 950's kernel) asks for CANN's system workspace besides any sums of its own.
uint64_t expectedWorkspace(const BackwardScenario& sc, const Plan& plan) {
  const uint64_t sums = sumsWorkspace(sc, plan);
  return plan.simtThreads > 0 ? std::max(sums, plan.profile.workspaceBytes) : sums;
}

CaseResult runBackwardScenario(const BackwardScenario& sc) {
  const BackwardData d = backwardData(sc);
  const int64_t P = sc.planes();
  DeviceTensor gradOutput = makeTensor(sc.outShape(), sc.outLayout, sc.dtype, d.gradOutput);
  DeviceTensor self(sc.inShape(), sc.dtype, d.self);
  DeviceTensor indices = makeIndexTensor(sc.outShape(), sc.outLayout, sc.indexType, d.indices);
  DeviceTensor gradInput = makeTensor(sc.inShape(), sc.inLayout, sc.dtype, std::vector<float>(P * sc.H * sc.W, 3.0f));
  const std::vector<float> before = gradInput.storage();
  const Outcome o = backward(gradOutput, self, indices, gradInput, {sc.deterministic, sc.profile, {}});
  if (!o.ok()) return failed(sc.text() + ": " + o.describe());
  const std::vector<float> got = gradInput.values();
  std::string err = checkGradInput(sc, d, got, o.plan ? o.plan->accumulate : Accumulation::kFp32);
  if (err.empty()) err = outsideUntouched(before, gradInput.storage(), sc.inShape(), sc.inLayout);
  if (err.empty() && !o.plan) err = i18n::tr("the executor has no plan");
  if (err.empty()) err = verifyBackwardPlan(*o.plan, P, sc.H, sc.W, sc.Ho, sc.Wo);
  if (err.empty() && sc.inLayout == Layout::kContiguous) {
    const uint64_t want = expectedWorkspace(sc, *o.plan);
    if (o.workspaceSize != want) {
      err = i18n::trf("workspace size {0}, expected {1}", o.workspaceSize, want);
    }
  }
  if (!err.empty()) return failed(sc.text() + ": " + err);
  const std::string verdict =
      i18n::trf(sc.deterministic ? "bit-exact vs reference; plan of {0} tiles on {1} cores verified"
                                 : "within the summation bound vs reference; plan of {0} tiles on {1} cores verified",
                o.plan->tiles.size(), o.plan->coresUsed);
  return {true, sc.text() + ": " + verdict, digestOf(got, {})};
}

Case backwardCase(const std::string& name, const BackwardScenario& sc, const std::string& group = "reference") {
  return {name, kBackwardOp, group, [sc] { return runBackwardScenario(sc); }};
}

// ---- forward against the reference --------------------------------------------------------------------

struct ForwardScenario {
  int64_t N = 1, C = 1, H = 4, W = 4, Ho = 2, Wo = 2;
  bool unbatched = false;
  aclDataType dtype = ACL_FLOAT;
  aclDataType indexType = ACL_INT64;
  Layout inLayout = Layout::kContiguous, outLayout = Layout::kContiguous;
  std::optional<DeviceProfile> profile;
  uint64_t seed = 1;
  std::vector<float> values;             // explicit self (row-major); random when empty
  std::vector<float> wantOut;            // explicit expectations, checked on top of the reference
  std::vector<int64_t> wantIndices;

  int64_t planes() const { return N * C; }
  std::vector<int64_t> inShape() const { return unbatched ? std::vector<int64_t>{C, H, W} : std::vector<int64_t>{N, C, H, W}; }
  std::vector<int64_t> outShape() const {
    return unbatched ? std::vector<int64_t>{C, Ho, Wo} : std::vector<int64_t>{N, C, Ho, Wo};
  }
  std::string text() const {
    return fmt::format("{} {} {}, {}/{}{}", i18n::trf("forward {0} -> {1}", shapeText(inShape()), shapeText(outShape())),
                       dtypeText(dtype), i18n::trf("{0} indices", dtypeText(indexType)), i18n::tr(gradlab::layoutName(inLayout)),
                       i18n::tr(gradlab::layoutName(outLayout)), profileNote(profile));
  }
};

CaseResult runForwardScenario(const ForwardScenario& sc) {
  const int64_t P = sc.planes(), outCells = P * sc.Ho * sc.Wo;
  const std::vector<float> self = sc.values.empty() ? randomValues(P * sc.H * sc.W, sc.seed, sc.dtype)
                                                    : verify::roundAll(sc.dtype, sc.values);
  DeviceTensor selfT = makeTensor(sc.inShape(), sc.inLayout, sc.dtype, self);
  DeviceTensor out = makeTensor(sc.outShape(), sc.outLayout, sc.dtype, std::vector<float>(outCells, 9.0f));
  DeviceTensor indices = makeIndexTensor(sc.outShape(), sc.outLayout, sc.indexType, std::vector<int64_t>(outCells, 4321));
  const std::vector<float> outBefore = out.storage(), indicesBefore = indices.storage();
  const Outcome o = forward(selfT, {sc.Ho, sc.Wo}, out, indices, {false, sc.profile, {}});
  if (!o.ok()) return failed(sc.text() + ": " + o.describe());
  const ref::PoolForward want = ref::adaptiveMaxPool(self, Extents{.C = P, .in = {1, sc.H, sc.W}, .out = {1, sc.Ho, sc.Wo}});
  const std::vector<float> gotOut = out.values();
  const std::vector<int64_t> gotIndices = indices.intValues();
  std::string err = compareExact(gotOut, want.out, "out");
  if (err.empty()) err = compareIndices(gotIndices, want.indices, "indices");
  if (err.empty() && !sc.wantIndices.empty()) {
    err = compareIndices(want.indices, sc.wantIndices, "reference indices");
    if (err.empty()) err = compareIndices(gotIndices, sc.wantIndices, "indices");
  }
  if (err.empty() && !sc.wantOut.empty()) err = compareExact(gotOut, verify::roundAll(sc.dtype, sc.wantOut), "out");
  if (err.empty()) err = outsideUntouched(outBefore, out.storage(), sc.outShape(), sc.outLayout);
  if (err.empty()) err = outsideUntouched(indicesBefore, indices.storage(), sc.outShape(), sc.outLayout);
  if (err.empty() && !o.plan) err = i18n::tr("the executor has no plan");
  if (err.empty()) err = verifyForwardPlan(*o.plan, P, sc.H, sc.W, sc.Ho, sc.Wo);
  if (!err.empty()) return failed(sc.text() + ": " + err);
  return {true, sc.text() + ": " + i18n::trf("out and indices equal the reference; plan of {0} tiles verified",
                                             o.plan->tiles.size()),
          digestOf(gotOut, gotIndices)};
}

Case forwardCase(const std::string& name, const ForwardScenario& sc) {
  return {name, kForwardOp, "reference", [sc] { return runForwardScenario(sc); }};
}

// 5x7 -> 3x4: windows rows [0,2) [1,4) [3,5), cols [0,2) [1,4) [3,6) [5,7), overlapping both ways.
ForwardScenario tiesNanInfScenario(aclDataType dtype, aclDataType indexType) {
  ForwardScenario sc;
  sc.H = 5, sc.W = 7, sc.Ho = 3, sc.Wo = 4;
  sc.dtype = dtype, sc.indexType = indexType;
  sc.values = {1,     2,     0,     5,    5,    -1,   3,      //
               2,     0,     5,     1,    4,    3,    3,      //
               0,     0,     0,     0,    0,    0,    0,      //
               -kInf, -kInf, -2,    kNaN, 1,    7,    -3,     //
               -kInf, -kInf, -kInf, kNaN, 2,    kNaN, -kInf};
  // (0,0) tie 2 at (0,1) and (1,0): first wins; (0,2) tie 5 at (0,3), (0,4); (1,1) one NaN wins over 5;
  // (2,0) all -inf: the window's first cell; (2,1) two NaNs: the last one; (2,2) NaNs at (3,3),(4,3),(4,5).
  sc.wantIndices = {1, 3, 3, 6, 7, 24, 24, 26, 21, 31, 33, 33};
  sc.wantOut = {2, 5, 5, 3, 2, kNaN, kNaN, 7, -kInf, kNaN, kNaN, kNaN};
  return sc;
}

// ---- the seed's sample program (004) ----------------------------------------------------------------

struct SeedRun {
  int status = 0;
  std::string stage, message;
  std::vector<float> gradIn;
};

// The sample exactly as printed, except for the dtype and values of the indices tensor: it allocates
// each tensor's host vector bytes (so int32 {6} gets 4 bytes) and describes indices as `indicesType`.
SeedRun runSeedSample(aclDataType indicesType, int32_t index) {
  verify::RuntimeScope::shared();
  SeedRun r;
  std::vector<void*> memory;
  std::vector<aclTensor*> tensors;
  auto create = [&](const void* host, size_t bytes, const std::vector<int64_t>& shape, aclDataType dtype) {
    void* dev = nullptr;
    aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; i--) strides[i] = shape[i + 1] * strides[i + 1];
    memory.push_back(dev);
    tensors.push_back(aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                                      shape.size(), dev));
    return tensors.back();
  };
  const std::vector<float> gradOutHost = {0.4757f}, selfHost = {0.0850f, -0.5147f, -0.0212f, -0.5654f};
  const std::vector<int32_t> indicesHost = {index};
  const std::vector<float> gradInHost = {0, 0, 0, 0};
  aclTensor* gradOut = create(gradOutHost.data(), 4, {1, 1, 1, 1}, ACL_FLOAT);
  aclTensor* self = create(selfHost.data(), 16, {1, 1, 2, 2}, ACL_FLOAT);
  aclTensor* indices = create(indicesHost.data(), 4, {1, 1, 1, 1}, indicesType);
  aclTensor* gradIn = create(gradInHost.data(), 16, {1, 1, 2, 2}, ACL_FLOAT);
  uint64_t workspaceSize = 0;
  aclOpExecutor* executor = nullptr;
  aclrtStream stream = verify::RuntimeScope::shared().stream();
  void* workspace = nullptr;
  auto fail = [&](int code, const char* stage) {
    r.status = code;
    r.stage = stage;
    r.message = aclGetRecentErrMsg();
  };
  if (int ret = aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(gradOut, self, indices, gradIn, &workspaceSize, &executor)) {
    fail(ret, "GetWorkspaceSize");
  } else {
    if (workspaceSize > 0) aclrtMalloc(&workspace, workspaceSize, ACL_MEM_MALLOC_HUGE_FIRST);
    if (int ret2 = aclnnAdaptiveMaxPool2dBackward(workspace, workspaceSize, executor, stream)) fail(ret2, "launch");
    else if (int ret3 = aclrtSynchronizeStream(stream)) fail(ret3, "synchronize");
  }
  r.gradIn.assign(4, 0.0f);
  aclrtMemcpy(r.gradIn.data(), 16, memory[3], 16, ACL_MEMCPY_DEVICE_TO_HOST);
  for (aclTensor* t : tensors) aclDestroyTensor(t);
  for (void* m : memory) aclrtFree(m);
  if (workspace) aclrtFree(workspace);
  return r;
}

CaseResult seedAsPrinted() {
  const SeedRun r = runSeedSample(ACL_INT64, 6);
  const char* parts[] = {"aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize", "indices (INT64 [1, 1, 1, 1])",
                         "needs 8 bytes", "4-byte device allocation"};
  if (r.status != ACLNN_ERR_PARAM_INVALID || r.stage != "GetWorkspaceSize") {
    return failed(i18n::trf("expected 161002 from GetWorkspaceSize, got {0} at '{1}': {2}", r.status, r.stage, r.message));
  }
  for (const char* part : parts) {
    if (!contains(r.message, part)) return failed(i18n::trf("message lacks '{0}': {1}", part, r.message));
  }
  if (compareExact(r.gradIn, {0, 0, 0, 0}, "gradIn").size()) return failed(i18n::tr("gradIn was written"));
  return pass(i18n::trf("161002 before anything runs: {0}", r.message));
}

// "" when every value is a NaN (what gradInput holds after a launch an index outside its plane failed).
std::string allNaN(const std::vector<float>& values, const std::string& what) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (!std::isnan(values[i])) return i18n::trf("{0}[{1}] = {2}, expected NaN", what, i, std::to_string(values[i]));
  }
  return {};
}

CaseResult seedCorrected() {
  const SeedRun r = runSeedSample(ACL_INT32, 0);
  if (r.status != 0) return failed(i18n::trf("the corrected sample failed: {0} {1}", r.status, r.message));
  const std::string err = compareExact(r.gradIn, {0.4757f, 0, 0, 0}, "gradIn");
  if (!err.empty()) return failed(err);
  return pass(i18n::tr("gradIn = {0.4757, 0, 0, 0}: the gradient lands on the max 0.0850 at index 0"));
}

CaseResult seedIndexSixAsInt32() {
  const SeedRun r = runSeedSample(ACL_INT32, 6);
  const std::string want = "indices[0, 0, 0, 0] = 6 is outside the 2x2 plane [0, 4)";
  if (r.status != ACL_ERROR_RT_AICORE_EXCEPTION || r.stage != "synchronize" || !contains(r.message, want)) {
    return failed(i18n::trf("expected 507015 from aclrtSynchronizeStream naming '{0}', got {1} at '{2}': {3}", want,
                            r.status, r.stage, r.message));
  }
  if (std::string e = allNaN(r.gradIn, "gradIn after the failed launch"); !e.empty()) return failed(e);
  return pass(r.message);
}

// ---- an index outside its plane at run time ---------------------------------------------------------

CaseResult badIndexCase(int64_t badValue, bool deterministic, aclDataType indexType, bool unbatched) {
  BackwardScenario sc;
  sc.N = unbatched ? 1 : 2, sc.C = 3, sc.H = 3, sc.W = 4, sc.Ho = 2, sc.Wo = 3;
  sc.unbatched = unbatched, sc.indexType = indexType, sc.deterministic = deterministic, sc.seed = 7;
  BackwardData d = backwardData(sc);
  const int64_t n = unbatched ? 0 : 1, c = 2, oh = 1, ow = 0;
  const int64_t cell = ((n * sc.C + c) * sc.Ho + oh) * sc.Wo + ow;
  BackwardData bad = d;
  bad.indices[cell] = badValue;
  bad.indices[cell + 2] = 77;  // a later bad cell: the first one in row-major order is reported
  DeviceTensor gradOutput(sc.outShape(), sc.dtype, d.gradOutput);
  DeviceTensor self(sc.inShape(), sc.dtype, d.self);
  DeviceTensor badIndices = DeviceTensor::indices(sc.outShape(), indexType, bad.indices);
  DeviceTensor gradInput(sc.inShape(), sc.dtype, std::vector<float>(sc.planes() * sc.H * sc.W, 5.0f));
  const Outcome o = backward(gradOutput, self, badIndices, gradInput, {deterministic, {}, {}});
  const std::string where = unbatched ? "indices[2, 1, 0] = " : "indices[1, 2, 1, 0] = ";
  const std::string want = where + std::to_string(badValue) + " is outside the 3x4 plane [0, 12)";
  if (o.status != ACL_ERROR_RT_AICORE_EXCEPTION || o.stage != "synchronize" || !contains(o.message, want)) {
    return failed(i18n::trf("expected 507015 from aclrtSynchronizeStream naming '{0}', got {1}", want, o.describe()));
  }
  // Every cell NaN, not the 5s it held and not the planes the cores had summed before the failure was known.
  if (std::string e = allNaN(gradInput.values(), "gradInput after the failed launch"); !e.empty()) return failed(e);
  DeviceTensor goodIndices = DeviceTensor::indices(sc.outShape(), indexType, d.indices);
  const Outcome again = backward(gradOutput, self, goodIndices, gradInput, {deterministic, {}, {}});
  if (!again.ok()) return failed(i18n::trf("the next launch on the same stream failed: {0}", again.describe()));
  const Accumulation accumulate = again.plan ? again.plan->accumulate : Accumulation::kFp32;
  if (std::string e = checkGradInput(sc, d, gradInput.values(), accumulate); !e.empty()) {
    return failed(i18n::trf("next launch: {0}", e));
  }
  return pass(i18n::trf("{0}; gradInput all NaN; the next launch on the stream succeeded", o.message));
}

// ---- empty tensors ----------------------------------------------------------------------------------

CaseResult emptyGradOutputCase(aclDataType dtype, Layout inLayout) {
  const std::vector<int64_t> outShape{2, 3, 0, 4}, inShape{2, 3, 5, 5};
  DeviceTensor gradOutput(outShape, dtype, {});
  DeviceTensor indices = DeviceTensor::indices(outShape, ACL_INT64, {});
  DeviceTensor self(inShape, dtype, std::vector<float>(150, 1.0f));
  DeviceTensor gradInput = makeTensor(inShape, inLayout, dtype, std::vector<float>(150, 9.0f));
  const std::vector<float> before = gradInput.storage();
  const Outcome o = backward(gradOutput, self, indices, gradInput);
  if (!o.ok()) return failed(o.describe());
  if (o.workspaceSize != 0) return failed(i18n::trf("workspace {0} for an empty gradOutput", o.workspaceSize));
  std::string err = compareExact(gradInput.values(), std::vector<float>(150, 0.0f), "gradInput");
  if (err.empty()) err = outsideUntouched(before, gradInput.storage(), inShape, inLayout);
  if (!err.empty()) return failed(err);
  return pass(i18n::trf("empty gradOutput 2x3x0x4: success, workspace 0, gradInput ({0}) zeroed",
                         i18n::tr(gradlab::layoutName(inLayout))));
}

CaseResult emptyGradInputCase() {
  const std::vector<int64_t> outShape{2, 3, 2, 2}, inShape{2, 3, 0, 5};
  DeviceTensor gradOutput(outShape, ACL_FLOAT, std::vector<float>(12, 1.0f));
  DeviceTensor indices = DeviceTensor::indices(outShape, ACL_INT64, std::vector<int64_t>(12, 3));
  DeviceTensor self(inShape, ACL_FLOAT, {});
  DeviceTensor gradInput(inShape, ACL_FLOAT, {});
  const Outcome o = backward(gradOutput, self, indices, gradInput);
  if (!o.ok()) return failed(o.describe());
  return pass(i18n::tr("empty self/gradInput 2x3x0x5: success, nothing to write"));
}

CaseResult emptyBatchCase() {
  DeviceTensor gradOutput({0, 3, 2, 2}, ACL_FLOAT, {});
  DeviceTensor indices = DeviceTensor::indices({0, 3, 2, 2}, ACL_INT32, {});
  DeviceTensor self({0, 3, 5, 5}, ACL_FLOAT, {});
  DeviceTensor gradInput({0, 3, 5, 5}, ACL_FLOAT, {});
  Outcome o = backward(gradOutput, self, indices, gradInput);
  if (!o.ok()) return failed(i18n::trf("backward: {0}", o.describe()));
  DeviceTensor out({0, 3, 2, 2}, ACL_FLOAT, {});
  o = forward(self, {2, 2}, out, indices);
  if (!o.ok()) return failed(i18n::trf("forward: {0}", o.describe()));
  return pass(i18n::tr("N = 0: backward and forward succeed with nothing to do"));
}

// ---- traces -------------------------------------------------------------------------------------------

CaseResult traceBackwardCase(bool deterministic, aclDataType dtype) {
  BackwardScenario sc;
  sc.N = 2, sc.C = 3, sc.H = 9, sc.W = 11, sc.Ho = 4, sc.Wo = 5;
  sc.dtype = dtype, sc.deterministic = deterministic, sc.randomIndices = true, sc.seed = 31;
  sc.profile = namedProfile("classroom");
  const BackwardData d = backwardData(sc);
  DeviceTensor gradOutput(sc.outShape(), dtype, d.gradOutput);
  DeviceTensor self(sc.inShape(), dtype, d.self);
  DeviceTensor indices = DeviceTensor::indices(sc.outShape(), ACL_INT64, d.indices);
  DeviceTensor gradInput(sc.inShape(), dtype, std::vector<float>(sc.planes() * sc.H * sc.W, 3.0f));
  auto trace = std::make_shared<Trace>();
  const Outcome o = backward(gradOutput, self, indices, gradInput, {deterministic, sc.profile, {}}, trace);
  if (!o.ok()) return failed(o.describe());
  const std::vector<float> got = gradInput.values();
  if (std::string e = checkGradInput(sc, d, got, o.plan ? o.plan->accumulate : Accumulation::kFp32); !e.empty()) {
    return failed(e);
  }
  if (trace->moves.size() != d.gradOutput.size()) {
    return failed(i18n::trf("{0} moves recorded for {1} gradOutput cells", trace->moves.size(), d.gradOutput.size()));
  }
  std::vector<float> replayed;
  if (std::string e = replayMoves(*trace, sc.planes() * sc.H * sc.W, &replayed); !e.empty()) return failed(e);
  if (std::string e = compareExact(verify::roundAll(dtype, replayed), got, "replayed gradInput"); !e.empty()) return failed(e);
  for (const CellMove& m : trace->moves) {
    const int64_t p = m.src / (sc.Ho * sc.Wo);
    if (m.dst != p * sc.H * sc.W + d.indices[m.src]) return failed(i18n::tr("a move goes to the wrong cell"));
  }
  std::vector<bool> seen(trace->plan.tiles.size(), false);
  for (const TraceEvent& e : trace->events) seen.at(e.tile) = true;
  for (size_t t = 0; t < seen.size(); ++t) {
    if (!seen[t]) return failed(i18n::trf("tile {0} recorded no event", t));
  }
  return pass(i18n::trf("{0} moves over {1} tiles replay to the same gradInput ({2}, {3})", trace->moves.size(),
                        trace->plan.tiles.size(), dtypeText(dtype),
                        i18n::tr(deterministic ? "deterministic" : "default mode")));
}

CaseResult traceForwardCase() {
  ForwardScenario sc = tiesNanInfScenario(ACL_FLOAT, ACL_INT64);
  sc.N = 1, sc.C = 2;
  std::vector<float> values = sc.values;
  for (float v : sc.values) values.push_back(-v);
  DeviceTensor self({1, 2, sc.H, sc.W}, ACL_FLOAT, values);
  DeviceTensor out({1, 2, sc.Ho, sc.Wo}, ACL_FLOAT, std::vector<float>(24, 0.0f));
  DeviceTensor indices = DeviceTensor::indices({1, 2, sc.Ho, sc.Wo}, ACL_INT64, std::vector<int64_t>(24, 0));
  auto trace = std::make_shared<Trace>();
  const Outcome o = forward(self, {sc.Ho, sc.Wo}, out, indices, {}, trace);
  if (!o.ok()) return failed(o.describe());
  const std::vector<float> gotOut = out.values();
  const std::vector<int64_t> gotIndices = indices.intValues();
  if (trace->moves.size() != gotOut.size()) return failed(i18n::tr("expected one move per output cell"));
  std::vector<bool> hit(gotOut.size(), false);
  for (const CellMove& m : trace->moves) {
    const int64_t p = m.dst / (sc.Ho * sc.Wo);
    if (hit.at(m.dst)) return failed(i18n::tr("two moves into one output cell"));
    hit[m.dst] = true;
    if (m.src != p * sc.H * sc.W + gotIndices[m.dst]) return failed(i18n::tr("a move's source is not the max's index"));
    if (compareExact({m.value}, {gotOut[m.dst]}, "move value").size()) return failed(i18n::tr("a move's value is not the max"));
  }
  return pass(i18n::tr("every output cell has one move from its max; trace matches out and indices"));
}

// ---- plans ------------------------------------------------------------------------------------------

CaseResult idleCoresCase() {
  DeviceTensor gradOutput({1, 2, 3, 3}, ACL_FLOAT, randomValues(18, 3, ACL_FLOAT));
  DeviceTensor self({1, 2, 6, 6}, ACL_FLOAT, randomValues(72, 4, ACL_FLOAT));
  DeviceTensor indices = DeviceTensor::indices({1, 2, 3, 3}, ACL_INT64, randomIndices(18, 36, 5));
  DeviceTensor gradInput({1, 2, 6, 6}, ACL_FLOAT, std::vector<float>(72, 0.0f));
  // The owner strategy's plan (the default of deterministic mode), whatever GRADLAB_STRATEGY says.
  const Outcome o = backward(gradOutput, self, indices, gradInput, {true, namedProfile("atlas-a2"), "owner"});
  if (!o.ok()) return failed(o.describe());
  if (o.plan->coresUsed != 2) return failed(i18n::trf("2 planes should use 2 cores, the plan uses {0}", o.plan->coresUsed));
  // The core choice is prose in the language of the moment (gradlab/prose.h): look for its word for idle cores.
  if (!contains(o.plan->coreChoice, i18n::tr("idle"))) return failed(i18n::trf("the plan does not say that cores idle: {0}", o.plan->coreChoice));
  return pass(o.plan->strategy);
}

CaseResult classroomTilesCase() {
  BackwardScenario sc;
  sc.N = 1, sc.C = 2, sc.H = 200, sc.W = 200, sc.Ho = 90, sc.Wo = 90, sc.seed = 11;
  sc.profile = namedProfile("classroom");
  CaseResult r = runBackwardScenario(sc);
  if (!r.passed) return r;
  // The same call's plan: a 16 KiB UB holds at most 1360 cells per step, so a 90x90 plane takes 6+ tiles.
  DeviceTensor gradOutput(sc.outShape(), ACL_FLOAT, std::vector<float>(2 * 90 * 90, 1.0f));
  DeviceTensor self(sc.inShape(), ACL_FLOAT, std::vector<float>(2 * 200 * 200, 1.0f));
  DeviceTensor indices = DeviceTensor::indices(sc.outShape(), ACL_INT64, std::vector<int64_t>(2 * 90 * 90, 0));
  DeviceTensor gradInput(sc.inShape(), ACL_FLOAT, std::vector<float>(2 * 200 * 200, 0.0f));
  const Outcome o = backward(gradOutput, self, indices, gradInput, {true, sc.profile, "owner"});  // the owner plan's tiles
  if (!o.ok()) return failed(o.describe());
  if (o.plan->tiles.size() < 12) return failed(i18n::trf("only {0} tiles with a 16 KiB UB", o.plan->tiles.size()));
  for (const Tile& t : o.plan->tiles) {
    if (t.ubBytes > 16 * 1024) return failed(i18n::trf("a tile needs {0} bytes of UB", t.ubBytes));
  }
  return pass(i18n::trf("{0}; {1} tiles of at most 16 KiB UB", r.detail, o.plan->tiles.size()));
}

CaseResult sameBitsAcrossProfilesCase() {
  BackwardScenario sc;
  sc.N = 3, sc.C = 5, sc.H = 17, sc.W = 23, sc.Ho = 6, sc.Wo = 9, sc.randomIndices = true, sc.seed = 21;
  const BackwardData d = backwardData(sc);
  std::vector<float> first;
  for (const char* spec : {"atlas-a2", "classroom", "atlas-a2:cores=3,ub=1k", "atlas-a2:cores=64"}) {
    DeviceTensor gradOutput(sc.outShape(), ACL_FLOAT, d.gradOutput);
    DeviceTensor self(sc.inShape(), ACL_FLOAT, d.self);
    DeviceTensor indices = DeviceTensor::indices(sc.outShape(), ACL_INT64, d.indices);
    DeviceTensor gradInput(sc.inShape(), ACL_FLOAT, std::vector<float>(d.self.size(), 0.0f));
    const Outcome o = backward(gradOutput, self, indices, gradInput, {true, namedProfile(spec), {}});
    if (!o.ok()) return failed(std::string(spec) + ": " + o.describe());
    const std::vector<float> got = gradInput.values();
    if (first.empty()) first = got;
    if (std::string e = compareExact(got, first, spec); !e.empty()) return failed(e);
  }
  if (std::string e = checkGradInput(sc, d, first, Accumulation::kFp32); !e.empty()) return failed(e);
  return pass(i18n::tr("deterministic fp32 gradInput is bit-identical on 4 device profiles and to the reference"));
}

// ---- the table ---------------------------------------------------------------------------------------

std::vector<Case> referenceCases() {
  std::vector<Case> v;
  auto sc = [](int64_t N, int64_t C, int64_t H, int64_t W, int64_t Ho, int64_t Wo) {
    BackwardScenario s;
    s.N = N, s.C = C, s.H = H, s.W = W, s.Ho = Ho, s.Wo = Wo;
    return s;
  };
  v.push_back(backwardCase("bwd_overlapping_5x7_to_3x4", sc(2, 3, 5, 7, 3, 4)));
  v.push_back(backwardCase("bwd_divisible_8x12_to_4x3", sc(2, 2, 8, 12, 4, 3)));
  v.push_back(backwardCase("bwd_output_larger_than_input", sc(1, 3, 3, 4, 7, 9)));
  {
    BackwardScenario s = sc(2, 3, 6, 6, 5, 5);
    s.randomIndices = true;
    v.push_back(backwardCase("bwd_random_indices_collide", s));
  }
  {
    BackwardScenario s = sc(1, 4, 7, 5, 3, 2);
    s.unbatched = true;
    v.push_back(backwardCase("bwd_unbatched_3d", s));
  }
  {
    BackwardScenario s = sc(2, 3, 9, 10, 4, 4);
    s.indexType = ACL_INT32;
    v.push_back(backwardCase("bwd_int32_indices", s));
  }
  {
    BackwardScenario s = sc(1, 1, 1, 1, 1, 1);
    v.push_back(backwardCase("bwd_single_cell", s));
  }
  {
    BackwardScenario s = sc(1, 2, 1, 300, 1, 7);
    v.push_back(backwardCase("bwd_single_row", s));
  }
  // Random shapes, both index types, overlapping and O > I included.
  v.push_back({"bwd_random_shapes", kBackwardOp, "reference", [] {
                 std::mt19937_64 rng(2024);
                 auto pick = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
                 for (int i = 0; i < 16; ++i) {
                   BackwardScenario s;
                   s.N = pick(1, 3), s.C = pick(1, 4), s.H = pick(1, 24), s.W = pick(1, 24);
                   s.Ho = pick(1, 30), s.Wo = pick(1, 30);
                   s.indexType = i % 2 ? ACL_INT32 : ACL_INT64;
                   s.randomIndices = i % 3 == 0;
                   s.seed = 100 + i;
                   CaseResult r = runBackwardScenario(s);
                   if (!r.passed) return r;
                 }
                 return pass(i18n::tr("16 random shapes (overlapping windows, O > I, both index types): bit-exact"));
               }});
  for (aclDataType dtype : {ACL_FLOAT16, ACL_BF16}) {
    BackwardScenario s = sc(2, 3, 10, 13, 4, 6);
    s.dtype = dtype;
    s.randomIndices = true;
    v.push_back(backwardCase(std::string("bwd_") + dtypeText(dtype) + "_rounds_fp32_once", s));
    s.deterministic = false;
    v.push_back(backwardCase(std::string("bwd_") + dtypeText(dtype) + "_default_mode", s));
  }
  {
    BackwardScenario s = sc(3, 7, 20, 30, 7, 9);
    s.deterministic = false;
    s.randomIndices = true;
    v.push_back(backwardCase("bwd_fp32_default_mode", s));
    s.profile = namedProfile("classroom");
    v.push_back(backwardCase("bwd_fp32_default_mode_classroom", s));
  }
  {
    // 192 gradOutput rows over 5 cores: some planes stay with one core, some are split between two.
    BackwardScenario s = sc(4, 16, 9, 9, 3, 3);
    s.deterministic = false, s.randomIndices = true, s.profile = namedProfile("atlas-a2:cores=5");
    v.push_back(backwardCase("bwd_default_mode_whole_and_shared_planes", s));
    s.dtype = ACL_FLOAT16;
    v.push_back(backwardCase("bwd_default_mode_whole_and_shared_planes_fp16", s));
    s.dtype = ACL_FLOAT, s.inLayout = Layout::kTransposed;
    v.push_back(backwardCase("bwd_default_mode_whole_and_shared_planes_strided", s));
  }
  for (Layout layout : {Layout::kSliced, Layout::kTransposed, Layout::kChannelsLast}) {
    for (bool deterministic : {true, false}) {
      BackwardScenario s = sc(2, 3, 7, 9, 3, 4);
      s.outLayout = layout, s.inLayout = layout, s.deterministic = deterministic;
      s.indexType = deterministic ? ACL_INT64 : ACL_INT32;
      std::string name = std::string("bwd_view_") + gradlab::layoutName(layout) + (deterministic ? "_deterministic" : "_default");
      std::replace(name.begin(), name.end(), '-', '_');
      v.push_back(backwardCase(name, s));
    }
  }
  {
    BackwardScenario s = sc(2, 3, 7, 9, 3, 4);
    s.outLayout = Layout::kTransposed, s.inLayout = Layout::kSliced, s.dtype = ACL_FLOAT16;
    v.push_back(backwardCase("bwd_view_fp16_padded_gradInput", s));
    s.unbatched = true, s.N = 1, s.outLayout = Layout::kChannelsLast, s.inLayout = Layout::kTransposed;
    v.push_back(backwardCase("bwd_view_unbatched_bf16_strided", s));
  }
  {
    BackwardScenario s = sc(2, 2, 64, 80, 20, 30);
    s.profile = namedProfile("classroom");
    s.randomIndices = true;
    v.push_back(backwardCase("bwd_classroom_profile", s));
    s.profile = namedProfile("atlas-a2:cores=3,ub=1k");
    s.dtype = ACL_BF16;
    v.push_back(backwardCase("bwd_tiny_ub_profile_bf16", s));
    s.dtype = ACL_FLOAT;
    s.Wo = 700, s.W = 1400, s.H = 3, s.Ho = 2;  // one output row is longer than a UB step: row pieces
    v.push_back(backwardCase("bwd_rows_longer_than_ub", s));
  }
  v.push_back({"bwd_classroom_many_tiles", kBackwardOp, "plan", classroomTilesCase});
  v.push_back({"bwd_same_bits_on_every_profile", kBackwardOp, "plan", sameBitsAcrossProfilesCase});
  v.push_back({"bwd_idle_cores_when_few_planes", kBackwardOp, "plan", idleCoresCase});
  v.push_back({"bwd_empty_gradOutput_zeroes_gradInput", kBackwardOp, "reference",
               [] { return emptyGradOutputCase(ACL_FLOAT, Layout::kContiguous); }});
  v.push_back({"bwd_empty_gradOutput_fp16_padded", kBackwardOp, "reference",
               [] { return emptyGradOutputCase(ACL_FLOAT16, Layout::kSliced); }});
  v.push_back({"bwd_empty_gradInput", kBackwardOp, "reference", emptyGradInputCase});
  v.push_back({"bwd_empty_batch", kBackwardOp, "reference", emptyBatchCase});

  // Bad indices found while the kernel runs.
  v.push_back({"bwd_index_too_large_deterministic", kBackwardOp, "runtime", [] { return badIndexCase(12, true, ACL_INT64, false); }});
  v.push_back({"bwd_index_negative_deterministic", kBackwardOp, "runtime", [] { return badIndexCase(-1, true, ACL_INT32, false); }});
  v.push_back({"bwd_index_too_large_default", kBackwardOp, "runtime", [] { return badIndexCase(1000, false, ACL_INT32, false); }});
  v.push_back({"bwd_index_negative_default_int64", kBackwardOp, "runtime",
               [] { return badIndexCase(-5000000000LL, false, ACL_INT64, false); }});
  v.push_back({"bwd_index_bad_unbatched", kBackwardOp, "runtime", [] { return badIndexCase(40, true, ACL_INT64, true); }});

  // Traces.
  v.push_back({"bwd_trace_replays_deterministic", kBackwardOp, "trace", [] { return traceBackwardCase(true, ACL_FLOAT); }});
  v.push_back({"bwd_trace_replays_default", kBackwardOp, "trace", [] { return traceBackwardCase(false, ACL_FLOAT); }});
  v.push_back({"bwd_trace_replays_fp16", kBackwardOp, "trace", [] { return traceBackwardCase(true, ACL_FLOAT16); }});
  v.push_back({"fwd_trace_moves", kForwardOp, "trace", traceForwardCase});

  // Forward.
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE}) {
    for (aclDataType indexType : {ACL_INT64, ACL_INT32}) {
      v.push_back(forwardCase(std::string("fwd_5x7_to_3x4_ties_nan_inf_") + dtypeText(dtype) + "_" + dtypeText(indexType),
                              tiesNanInfScenario(dtype, indexType)));
    }
  }
  {
    ForwardScenario s;
    s.N = 2, s.C = 3, s.H = 13, s.W = 17, s.Ho = 5, s.Wo = 6;
    v.push_back(forwardCase("fwd_random_overlapping", s));
    s.Ho = 20, s.Wo = 25, s.dtype = ACL_BF16, s.indexType = ACL_INT32;
    v.push_back(forwardCase("fwd_output_larger_than_input", s));
    s.Ho = 5, s.Wo = 6, s.dtype = ACL_FLOAT16, s.inLayout = Layout::kChannelsLast, s.outLayout = Layout::kSliced;
    v.push_back(forwardCase("fwd_strided_views", s));
    s.unbatched = true, s.N = 1, s.dtype = ACL_FLOAT, s.inLayout = Layout::kTransposed, s.outLayout = Layout::kTransposed;
    v.push_back(forwardCase("fwd_unbatched_3d", s));
    s.dtype = ACL_DOUBLE, s.inLayout = Layout::kChannelsLast, s.outLayout = Layout::kSliced;
    v.push_back(forwardCase("fwd_double_strided_views", s));
  }
  {
    ForwardScenario s;
    s.N = 1, s.C = 2, s.H = 3, s.W = 5000, s.Ho = 2, s.Wo = 3, s.seed = 5;
    s.profile = namedProfile("classroom");  // windows 1667 wide, a UB load holds 4064 columns of one row
    v.push_back(forwardCase("fwd_classroom_wide_windows", s));
    s.Wo = 2000;  // more output columns than a tile holds: row pieces
    v.push_back(forwardCase("fwd_classroom_long_rows", s));
    s.dtype = ACL_DOUBLE;  // fp64 running max: half the columns per UB load
    v.push_back(forwardCase("fwd_classroom_long_rows_double", s));
    s.dtype = ACL_FLOAT;
    s.H = 40, s.W = 30, s.Ho = 12, s.Wo = 11, s.C = 5;
    v.push_back(forwardCase("fwd_classroom_profile", s));
  }
  return v;
}

std::vector<Case> seedCases() {
  return {
      {"seed004_sample_as_printed", kBackwardOp, "seed", seedAsPrinted},
      {"seed004_sample_corrected_int32_index0", kBackwardOp, "seed", seedCorrected},
      {"seed004_int32_index6_outside_plane", kBackwardOp, "seed", seedIndexSixAsInt32},
  };
}

}  // namespace
}  // namespace gradlab::verify::adaptive

namespace gradlab::verify {

std::vector<Case> adaptivePoolCases() {
  std::vector<Case> all = verify::adaptive::seedCases();
  for (auto part : {verify::adaptive::referenceCases(), verify::adaptive::depthCases(), verify::adaptive::checkCases()}) {
    all.insert(all.end(), part.begin(), part.end());
  }
  return all;
}

}  // namespace gradlab::verify
