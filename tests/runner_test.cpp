// gradlab::run: every operator in every layout and dtype through the aclnn API, the plans it reports,
// the traces it records (and that they replay to the output), settings restored, failures reported.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <thread>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "acl/acl.h"
#include "gradlab/half.h"
#include "gradlab/runner.h"
#include "gradlab/trace_export.h"
#include "api_client/device_buffer.h"
#include "api_client/tensor_layout.h"

namespace gradlab {
namespace {

// Every operator of the catalog, and what the tests need to know of it (from the catalog, too).
std::vector<OpKind> allOpKinds() {
  std::vector<OpKind> ops;
  for (const OpInfo& op : allOps()) ops.push_back(op.kind);
  return ops;
}
bool isBackward(OpKind op) { return opInfo(op).backward; }
bool isOneD(OpKind op) { return opInfo(op).spatialRank == 1; }
bool pools(OpKind op) { return opInfo(op).rule == IndexRule::kAdaptiveMax; }

DeviceProfile profile(const std::string& spec) {
  DeviceProfile p;
  std::string error;
  EXPECT_TRUE(parseProfileSpec(spec, &p, &error)) << error;
  return p;
}

// A request with overlapping / uneven index maps on every axis.
RunRequest request(OpKind op, aclDataType dtype = ACL_FLOAT, bool deterministic = true) {
  RunRequest r;
  r.op = op;
  r.shape.N = 2;
  r.shape.C = 3;
  r.dtype = dtype;
  r.deterministic = deterministic;
  r.seed = 7;
  if (pools(op)) {
    r.shape.in[kH] = 9, r.shape.in[kW] = 7, r.shape.out[kH] = 4, r.shape.out[kW] = 3;
  } else if (isOneD(op)) {
    r.shape.in[kH] = r.shape.out[kH] = 1, r.shape.in[kW] = 5, r.shape.out[kW] = 13;
  } else {
    r.shape.in[kH] = 5, r.shape.in[kW] = 3, r.shape.out[kH] = 11, r.shape.out[kW] = 7;
  }
  return r;
}

const HostTensor& mainOutput(const RunResult& r) {
  const HostTensor* t = r.output(r.outputs.empty() ? "" : r.outputs.front().name);
  EXPECT_NE(t, nullptr);
  return *t;
}

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

std::string describe(const RunRequest& r) {
  return std::string(opName(r.op)) + " dtype " + std::to_string(r.dtype) + " layout " + layoutName(r.layout) +
         (r.deterministic ? " deterministic" : " default");
}

TEST(Runner, ShapesOfEveryOperator) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward);
  EXPECT_EQ(srcShapeOf(r), (std::vector<int64_t>{2, 3, 11, 7}));
  EXPECT_EQ(dstShapeOf(r), (std::vector<int64_t>{2, 3, 5, 3}));
  r = request(OpKind::kUpsampleNearestExact1d);
  EXPECT_EQ(srcShapeOf(r), (std::vector<int64_t>{2, 3, 5}));
  EXPECT_EQ(dstShapeOf(r), (std::vector<int64_t>{2, 3, 13}));
  r = request(OpKind::kAdaptiveMaxPool2dBackward);
  r.shape.unbatched = true;
  EXPECT_EQ(srcShapeOf(r), (std::vector<int64_t>{3, 4, 3}));
  EXPECT_EQ(dstShapeOf(r), (std::vector<int64_t>{3, 9, 7}));
  EXPECT_STREQ(layoutName(Layout::kChannelsLast), "channels-last");
}

TEST(RunnerLayouts, StridesOffsetsAndStorage) {
  using runner::makeLayout;
  runner::TensorLayout c = makeLayout({2, 3, 4, 5}, Layout::kContiguous, 1);
  EXPECT_EQ(c.strides, (std::vector<int64_t>{60, 20, 5, 1}));
  EXPECT_EQ(c.storageElems, 120);
  runner::TensorLayout cl = makeLayout({2, 3, 4, 5}, Layout::kChannelsLast, 1);
  EXPECT_EQ(cl.strides, (std::vector<int64_t>{60, 1, 15, 3}));
  EXPECT_EQ(makeLayout({3, 4, 5}, Layout::kChannelsLast, 0).strides, (std::vector<int64_t>{1, 15, 3}));
  EXPECT_EQ(makeLayout({2, 3, 5}, Layout::kChannelsLast, 1).strides, (std::vector<int64_t>{15, 1, 3}));
  for (const std::vector<int64_t>& shape : {std::vector<int64_t>{2, 3, 4, 5}, std::vector<int64_t>{2, 3, 5}}) {
    runner::TensorLayout s = makeLayout(shape, Layout::kSliced, 1);
    EXPECT_GT(s.offset, 0);
    EXPECT_GT(s.strides[shape.size() - 2], shape.back()) << "padded rows";
    std::vector<int64_t> at = s.cellOffsets();
    std::set<int64_t> unique(at.begin(), at.end());
    EXPECT_EQ(unique.size(), at.size());
    EXPECT_GE(*unique.begin(), 0);
    EXPECT_LT(*unique.rbegin(), s.storageElems);
    EXPECT_GT(s.storageElems, static_cast<int64_t>(at.size()) + 8) << "room outside the view";
  }
  EXPECT_EQ(makeLayout({2, 0, 4}, Layout::kSliced, 1).storageElems, 0) << "empty tensors stay contiguous";
}

TEST(RunnerLayouts, DownloadNoticesWritesOutsideTheView) {
  ensureRuntime();
  runner::DeviceBuffer buffer;
  ASSERT_FALSE(buffer.create(runner::makeLayout({1, 1, 2, 3}, Layout::kSliced, 1), ACL_FLOAT, ACL_FORMAT_NCHW).failed());
  ASSERT_FALSE(buffer.upload(std::vector<float>{1, 2, 3, 4, 5, 6}).failed());
  std::vector<float> values;
  bool untouched = false;
  ASSERT_FALSE(buffer.download(&values, nullptr, &untouched).failed());
  EXPECT_EQ(values, (std::vector<float>{1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(untouched);

  // Scribble on the storage cell just before the view, as a kernel with a wrong offset would.
  const float stray = 42.0f;
  std::byte* cell = static_cast<std::byte*>(buffer.data()) + (buffer.layout().offset - 1) * 4;
  ASSERT_EQ(aclrtMemcpy(cell, 4, &stray, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_FALSE(buffer.download(&values, nullptr, &untouched).failed());
  EXPECT_FALSE(untouched);
}

// The layout changes only strides: every layout gives the same values (deterministic mode, so bit for bit).
TEST(Runner, EveryOperatorDtypeAndLayoutAgree) {
  for (OpKind op : allOpKinds()) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
      RunRequest r = request(op, dtype);
      RunResult base = run(r);
      ASSERT_TRUE(base.ok()) << describe(r) << ": " << base.stage << " " << base.status << " " << base.message;
      ASSERT_FALSE(base.outputs.empty());
      EXPECT_EQ(mainOutput(base).shape, dstShapeOf(r));
      EXPECT_EQ(base.inputs.front().shape, srcShapeOf(r));
      for (float v : mainOutput(base).values) ASSERT_FALSE(std::isnan(v)) << describe(r) << ": a cell was never written";
      ASSERT_TRUE(base.plan);
      EXPECT_EQ(base.plan->op, op);
      EXPECT_EQ(base.plan->dtype, dtype);
      EXPECT_TRUE(base.plan->deterministic);
      for (Layout layout : {Layout::kChannelsLast, Layout::kSliced}) {
        r.layout = layout;
        RunResult other = run(r);
        ASSERT_TRUE(other.ok()) << describe(r) << ": " << other.stage << " " << other.message;
        ASSERT_EQ(other.outputs.size(), base.outputs.size());
        for (size_t i = 0; i < base.outputs.size(); ++i) {
          const HostTensor &a = base.outputs[i], &b = other.outputs[i];
          ASSERT_EQ(a.values.size(), b.values.size());
          for (size_t k = 0; k < a.values.size(); ++k) {
            ASSERT_EQ(bits(a.values[k]), bits(b.values[k])) << describe(r) << " " << a.name << "[" << k << "]";
          }
          EXPECT_EQ(a.ints, b.ints) << describe(r);
        }
      }
    }
  }
}

TEST(Runner, InputsComeFromTheSeedOrTheGivenValues) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward);
  RunResult a = run(r), b = run(r);
  ASSERT_TRUE(a.ok() && b.ok());
  const HostTensor* in = a.input("gradOutput");
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(in->values, b.input("gradOutput")->values);
  EXPECT_TRUE(std::all_of(in->values.begin(), in->values.end(), [](float v) { return v >= -1.0f && v < 1.0f; }));
  r.seed = 8;
  EXPECT_NE(run(r).input("gradOutput")->values, in->values);

  r.values.assign(static_cast<size_t>(2 * 3 * 11 * 7), 1.0f);
  RunResult ones = run(r);
  ASSERT_TRUE(ones.ok()) << ones.message;
  double sum = 0;
  for (float v : mainOutput(ones).values) sum += v;
  EXPECT_EQ(sum, 2 * 3 * 11 * 7) << "every gradient cell lands somewhere exactly once";

  r.dtype = ACL_FLOAT16;
  r.values.assign(r.values.size(), 0.1f);
  RunResult half = run(r);
  ASSERT_TRUE(half.ok());
  EXPECT_EQ(half.input("gradOutput")->values[0], halfBitsToFloat(floatToHalfBits(0.1f))) << "inputs as the device holds them";
}

TEST(Runner, ValueSourcesFillTheInputs) {
  RunRequest r = request(OpKind::kUpsampleNearestExact1d);
  r.shape.in[kW] = 300, r.shape.out[kW] = 300;
  r.valueSource = ValueSource::kRamp;
  RunResult out = run(r);
  ASSERT_TRUE(out.ok()) << out.message;
  const Cells<float>& ramp = out.input("self")->values;
  for (size_t i = 0; i < ramp.size(); ++i) EXPECT_EQ(ramp[i], static_cast<float>(i));
  r.valueSource = ValueSource::kOnes;
  out = run(r);
  ASSERT_TRUE(out.ok()) << out.message;
  EXPECT_EQ(out.input("self")->values, std::vector<float>(out.input("self")->values.size(), 1.0f));
  r.valueSource = ValueSource::kSmallIntegers;
  out = run(r);
  ASSERT_TRUE(out.ok()) << out.message;
  std::set<float> seen(out.input("self")->values.begin(), out.input("self")->values.end());
  EXPECT_EQ(seen, (std::set<float>{-4, -3, -2, -1, 0, 1, 2, 3, 4})) << "every whole number in [-4, 4], nothing else";
  r.dtype = ACL_UINT8;
  r.valueSource = ValueSource::kRamp;
  out = run(r);
  ASSERT_TRUE(out.ok()) << out.message;
  EXPECT_EQ(out.input("self")->values[257], 1.0f) << "UINT8 ramps wrap at 256";
  r.dtype = ACL_FLOAT;
  r.valueSource = ValueSource::kShuffled;
  out = run(r);
  ASSERT_TRUE(out.ok()) << out.message;
  const std::vector<float> shuffled = out.input("self")->values.vector();
  ASSERT_EQ(shuffled.size() % 300, 0u);
  ASSERT_GE(shuffled.size() / 300, 2u) << "planes of 300 cells";
  std::vector<float> counting(300);
  for (size_t i = 0; i < counting.size(); ++i) counting[i] = static_cast<float>(i + 1);
  std::vector<float> firstPlane;
  for (size_t start = 0; start < shuffled.size(); start += 300) {
    std::vector<float> plane(shuffled.begin() + static_cast<std::ptrdiff_t>(start), shuffled.begin() + static_cast<std::ptrdiff_t>(start + 300));
    EXPECT_NE(plane, counting) << "a seeded order, not the ramp";
    if (start == 0) firstPlane = plane;
    else EXPECT_NE(plane, firstPlane) << "each plane its own order";
    std::sort(plane.begin(), plane.end());
    EXPECT_EQ(plane, counting) << "each plane 1 .. its cells, each once";
  }
  EXPECT_EQ(run(r).input("self")->values, shuffled) << "the same order for the same seed";
  r.seed = 2;
  EXPECT_NE(run(r).input("self")->values, shuffled) << "another seed, another order";
  for (ValueSource v : allValueSources()) EXPECT_EQ(valueSourceFromName(valueSourceName(v)), v);
  EXPECT_FALSE(valueSourceFromName("squares"));
}

TEST(Runner, AdaptiveBackwardTakesIndicesFromTheForwardOp) {
  RunRequest r = request(OpKind::kAdaptiveMaxPool2dBackward);
  RunResult back = run(r);
  ASSERT_TRUE(back.ok()) << back.message;
  ASSERT_NE(back.input("self"), nullptr);
  ASSERT_NE(back.input("indices"), nullptr);
  EXPECT_EQ(back.input("indices")->shape, srcShapeOf(r));

  RunRequest fwd = request(OpKind::kAdaptiveMaxPool2d);
  fwd.values = back.input("self")->values.vector();
  RunResult forward = run(fwd);
  ASSERT_TRUE(forward.ok()) << forward.message;
  EXPECT_EQ(forward.output("indices")->ints, back.input("indices")->ints);

  // Explicit indices: everything into cell 0 of each plane.
  r.indices.assign(static_cast<size_t>(2 * 3 * 4 * 3), 0);
  r.values.assign(r.indices.size(), 0.5f);
  RunResult fixed = run(r);
  ASSERT_TRUE(fixed.ok()) << fixed.message;
  const HostTensor& g = mainOutput(fixed);
  EXPECT_EQ(g.values[0], 6.0f);
  EXPECT_EQ(g.values[1], 0.0f);
  EXPECT_EQ(g.values[63], 6.0f);
}

TEST(Runner, AdaptiveBackwardTakesItsForwardsInputAndPicksTheIndicesOnIt) {
  RunRequest r = request(OpKind::kAdaptiveMaxPool2dBackward);
  const size_t selfCells = static_cast<size_t>(r.shape.N * r.shape.C * r.shape.in[kH] * r.shape.in[kW]);
  for (size_t i = 0; i < selfCells; ++i) r.forwardValues.push_back(static_cast<float>((i * 37) % selfCells));
  RunResult back = run(r);
  ASSERT_TRUE(back.ok()) << back.message;
  EXPECT_EQ(back.input("self")->values.vector(), r.forwardValues) << "self holds the given values";

  RunRequest fwd = request(OpKind::kAdaptiveMaxPool2d);
  fwd.values = r.forwardValues;
  RunResult forward = run(fwd);
  ASSERT_TRUE(forward.ok()) << forward.message;
  EXPECT_EQ(forward.output("indices")->ints, back.input("indices")->ints) << "the indices the forward picks on them";

  r.forwardValues.pop_back();
  RunResult refused = run(r);
  EXPECT_EQ(refused.stage, "setup");
  EXPECT_NE(refused.message.find("RunRequest::forwardValues has " + std::to_string(selfCells - 1) + " elements"),
            std::string::npos) << refused.message;
}

TEST(Runner, FailuresComeBackWithStageAndMessage) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward);
  r.shape.scales[kH] = -1.0;
  RunResult bad = run(r);
  EXPECT_EQ(bad.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(bad.stage, "GetWorkspaceSize");
  EXPECT_NE(bad.message.find("scalesH"), std::string::npos) << bad.message;
  EXPECT_TRUE(bad.outputs.empty());

  r = request(OpKind::kUpsampleNearestExact1dBackward);
  r.shape.N = 0;
  bad = run(r);
  EXPECT_EQ(bad.status, ACLNN_ERR_PARAM_INVALID) << "1-D refuses empty tensors";

  r = request(OpKind::kUpsampleNearestExact2dBackward);
  r.shape.N = 0;
  EXPECT_TRUE(run(r).ok()) << "2-D accepts empty tensors";

  r = request(OpKind::kAdaptiveMaxPool2dBackward);
  r.indices.assign(static_cast<size_t>(2 * 3 * 4 * 3), 1);
  r.indices[5] = 63;  // H*W = 63: one past the plane
  bad = run(r);
  EXPECT_EQ(bad.stage, "synchronize");
  EXPECT_EQ(bad.status, ACL_ERROR_RT_AICORE_EXCEPTION);
  EXPECT_NE(bad.message.find("63"), std::string::npos) << bad.message;

  r.indices.resize(3);
  bad = run(r);
  EXPECT_EQ(bad.stage, "setup");
  EXPECT_NE(bad.message.find("indices"), std::string::npos) << bad.message;

  r = request(OpKind::kUpsampleNearestExact2d);
  r.values = {1.0f, 2.0f};
  bad = run(r);
  EXPECT_EQ(bad.stage, "setup");
  EXPECT_EQ(bad.status, ACLNN_ERR_PARAM_INVALID);

  r = request(OpKind::kUpsampleNearestExact2dBackward);
  r.shape.N = r.shape.C = int64_t{1} << 20;
  bad = run(r);
  EXPECT_EQ(bad.stage, "setup");
  EXPECT_NE(bad.message.find("2^34"), std::string::npos) << bad.message;

  r = request(OpKind::kUpsampleNearestExact2d);
  r.dtype = ACL_INT16;
  bad = run(r);
  EXPECT_EQ(bad.stage, "GetWorkspaceSize") << "an unsupported dtype reaches the op's own check";
  EXPECT_EQ(bad.status, ACLNN_ERR_PARAM_INVALID);
}

TEST(Runner, DeterminismAndProfileAreScopedToTheCall) {
  ensureRuntime();
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 1), ACL_SUCCESS);
  const DeviceProfile before = activeProfile();

  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward, ACL_FLOAT, false);
  r.profile = profile("classroom:cores=3");
  RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  EXPECT_FALSE(result.plan->deterministic);
  EXPECT_EQ(result.plan->profile.name, "classroom-custom");
  EXPECT_LE(result.plan->coresUsed, 3);

  int64_t value = -1;
  ASSERT_EQ(aclrtCtxGetSysParamOpt(ACL_OPT_DETERMINISTIC, &value), ACL_SUCCESS);
  EXPECT_EQ(value, 1) << "the caller's determinism setting is restored";
  EXPECT_EQ(activeProfile().name, before.name) << "the active profile is restored";
  ASSERT_EQ(aclrtCtxSetSysParamOpt(ACL_OPT_DETERMINISTIC, 0), ACL_SUCCESS);

  r.profile.reset();
  EXPECT_EQ(run(r).plan->profile.name, before.name);
}

TEST(Runner, ConcurrentCallsKeepTheirOwnProfiles) {
  std::vector<std::thread> threads;
  std::vector<std::string> names(4);
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([i, &names] {
      RunRequest r = request(OpKind::kAdaptiveMaxPool2dBackward);
      r.profile = profile("classroom:cores=" + std::to_string(i + 1));
      RunResult result = run(r);
      names[i] = result.ok() ? result.plan->profile.name + "/" + std::to_string(result.plan->profile.vectorCores)
                             : result.message;
    });
  }
  for (auto& t : threads) t.join();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(names[i], "classroom-custom/" + std::to_string(i + 1));
}

// The plan's view of a tensor: planes x rows x cols.
struct Grid {
  int64_t planes, rows, cols;
};
Grid grid(const std::vector<int64_t>& shape, bool oneD) {
  const int64_t cols = shape.back();
  const int64_t rows = oneD ? 1 : shape[shape.size() - 2];
  int64_t planes = 1;
  for (size_t d = 0; d + (oneD ? 1 : 2) < shape.size(); ++d) planes *= shape[d];
  return {planes, rows, cols};
}

// Deterministic plans: every output cell has exactly one owner core, every tile fits its UB, and every
// gradient cell of a backward op is read by exactly one tile.
void expectSoundPlan(const Plan& plan, const RunRequest& r) {
  const bool oneD = isOneD(r.op);
  const Grid dst = grid(plan.dstShape, oneD), src = grid(plan.srcShape, oneD);
  ASSERT_EQ(plan.dstShape, dstShapeOf(r));
  ASSERT_EQ(plan.srcShape, srcShapeOf(r));
  std::vector<int32_t> owner(static_cast<size_t>(dst.planes * dst.rows * dst.cols), -1);
  std::vector<int32_t> reads(static_cast<size_t>(src.planes * src.rows * src.cols), 0);
  for (const Tile& t : plan.tiles) {
    ASSERT_LE(t.ubBytes, plan.profile.ubBytes) << "tile " << t.id;
    ASSERT_GE(t.core, 0);
    ASSERT_LT(t.core, plan.profile.vectorCores);
    if (plan.phases[t.phase].kind != PhaseKind::kCompute) continue;  // checks, zeroing and rounding read no gradient
    EXPECT_FALSE(t.atomic) << "tile " << t.id << " of a deterministic plan uses atomics";
    for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p)
      for (int64_t h = t.dst.row0; h < t.dst.row1; ++h)
        for (int64_t w = t.dst.col0; w < t.dst.col1; ++w) {
          int32_t& o = owner[(p * dst.rows + h) * dst.cols + w];
          ASSERT_TRUE(o == -1 || o == t.core) << "dst cell (" << p << "," << h << "," << w << ") owned by cores " << o
                                              << " and " << t.core;
          o = t.core;
        }
    for (int64_t p = t.src.plane0; p < t.src.plane1; ++p)
      for (int64_t h = t.src.row0; h < t.src.row1; ++h)
        for (int64_t w = t.src.col0; w < t.src.col1; ++w) ++reads[(p * src.rows + h) * src.cols + w];
  }
  for (size_t i = 0; i < owner.size(); ++i) ASSERT_NE(owner[i], -1) << "dst cell " << i << " has no owner";
  if (isBackward(r.op)) {
    for (size_t i = 0; i < reads.size(); ++i) ASSERT_EQ(reads[i], 1) << "gradient cell " << i;
  }
}

TEST(RunnerPlans, CoverEveryCellOnceAndFitTheUb) {
  for (const char* device : {"atlas-a2", "classroom", "classroom:ub=2k", "atlas-a2:cores=5,ub=4k"}) {
    for (OpKind op : allOpKinds()) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
        RunRequest r = request(op, dtype);
        r.profile = profile(device);
        if (isOneD(op)) {
          r.shape.in[kW] = 700, r.shape.out[kW] = 1500;
        } else if (pools(op)) {
          r.shape.in[kH] = 45, r.shape.in[kW] = 61, r.shape.out[kH] = 13, r.shape.out[kW] = 17;
        } else {
          r.shape.in[kH] = 23, r.shape.in[kW] = 45, r.shape.out[kH] = 50, r.shape.out[kW] = 97;
        }
        RunResult result = run(r);
        ASSERT_TRUE(result.ok()) << device << " " << describe(r) << ": " << result.message;
        ASSERT_TRUE(result.plan);
        SCOPED_TRACE(std::string(device) + " " + describe(r));
        expectSoundPlan(*result.plan, r);
        EXPECT_LE(result.plan->coresUsed, r.profile->vectorCores);
      }
    }
  }
}

// Replays the recorded moves in sequence order: per output cell, fp32 sums of the moved values.
std::map<int64_t, float> replay(const Trace& trace) {
  std::map<int64_t, float> sums;
  std::map<int64_t, uint32_t> seen;
  uint64_t last = 0;
  for (size_t i = 0; i < trace.moves.size(); ++i) {
    const CellMove& m = trace.moves[i];
    EXPECT_TRUE(i == 0 || m.sequence > last) << "moves are sorted by sequence";
    last = m.sequence;
    EXPECT_EQ(m.orderAtDst, seen[m.dst]++) << "move " << i;
    float& s = sums[m.dst];
    s += m.value;
    EXPECT_EQ(bits(s), bits(m.sumAfter)) << "move " << i << " records the running sum";
  }
  return sums;
}

TEST(RunnerTraces, ReplayToTheOutput) {
  for (OpKind op : allOpKinds()) {
    if (!isBackward(op)) continue;
    for (bool deterministic : {true, false}) {
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
        RunRequest r = request(op, dtype, deterministic);
        r.trace = true;
        r.profile = profile("classroom");
        r.layout = Layout::kSliced;
        RunResult result = run(r);
        ASSERT_TRUE(result.ok()) << describe(r) << ": " << result.message;
        ASSERT_TRUE(result.trace) << describe(r);
        const Trace& trace = *result.trace;
        SCOPED_TRACE(describe(r));
        EXPECT_FALSE(trace.movesTruncated);
        EXPECT_EQ(trace.plan.tiles.size(), result.plan->tiles.size());
        const HostTensor& grad = *result.input("gradOutput");
        EXPECT_EQ(trace.moves.size(), grad.values.size()) << "every gradient cell moves once";
        std::set<int64_t> sources;
        for (const CellMove& m : trace.moves) {
          ASSERT_GE(m.src, 0);
          ASSERT_LT(m.src, static_cast<int64_t>(grad.values.size()));
          EXPECT_EQ(bits(m.value), bits(grad.values[m.src])) << "the value moved is the gradient cell's";
          sources.insert(m.src);
          ASSERT_GE(m.tile, 0);
          ASSERT_LT(m.tile, static_cast<int32_t>(trace.plan.tiles.size()));
          EXPECT_EQ(m.core, trace.plan.tiles[m.tile].core);
        }
        EXPECT_EQ(sources.size(), grad.values.size());
        const std::map<int64_t, float> sums = replay(trace);
        const HostTensor& out = mainOutput(result);
        for (size_t i = 0; i < out.values.size(); ++i) {
          auto it = sums.find(static_cast<int64_t>(i));
          const float s = it == sums.end() ? 0.0f : it->second;
          const float expect = dtype == ACL_FLOAT16 ? halfBitsToFloat(floatToHalfBits(s)) : s;
          ASSERT_EQ(bits(out.values[i]), bits(expect)) << "cell " << i;
        }
        EXPECT_FALSE(trace.events.empty());
        for (const TraceEvent& e : trace.events) {
          EXPECT_LE(e.startUs, e.endUs);
          EXPECT_EQ(e.core, trace.plan.tiles[e.tile].core);
        }
      }
    }
  }
}

TEST(RunnerTraces, OnlyWhenAskedAndExportable) {
  RunRequest r = request(OpKind::kUpsampleNearestExact2dBackward);
  RunResult plain = run(r);
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE(plain.trace);

  r.trace = true;
  r.profile = profile("classroom");
  RunResult traced = run(r);
  ASSERT_TRUE(traced.ok() && traced.trace);
  nlohmann::json chrome = nlohmann::json::parse(chromeTraceJson(*traced.trace));
  std::set<std::pair<int, int>> lanes;
  for (const auto& e : chrome["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name") lanes.insert({e["pid"].get<int>(), e["tid"].get<int>()});
  }
  EXPECT_EQ(lanes.size(), static_cast<size_t>(traced.plan->coresUsed) * 3 + 1) << "three pipes per core and the launch";

  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(traceMovesJson(*traced.trace), &back, &error)) << error;
  ASSERT_EQ(back.moves.size(), traced.trace->moves.size());
  for (size_t i = 0; i < back.moves.size(); ++i) {
    ASSERT_EQ(back.moves[i].dst, traced.trace->moves[i].dst);
    ASSERT_EQ(bits(back.moves[i].sumAfter), bits(traced.trace->moves[i].sumAfter));
  }
  EXPECT_EQ(back.plan.tiles.size(), traced.plan->tiles.size());
}

}  // namespace
}  // namespace gradlab
