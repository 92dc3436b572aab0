// The adaptive max pool forward's vector kernel (core/src/ops/adaptive_max_pool/forward_simd.h) on every
// back-end this CPU runs, and the scalar kernel alone, against the independent reference: ties everywhere
// (first in row-major order), +0 / -0, infinities, NaNs (the last one wins; such groups go back to the
// scalar kernel), every layout and index type, narrow and wide rows, small UB.
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "runtime/prose.h"
#include "ops/adaptive_max_pool/forward_simd.h"
#include "ops/adaptive_max_pool/tiling.h"
#include "verify/adaptive_pool_harness.h"
#include "verify/device_tensor.h"
#include "verify/reference_adaptive_pool.h"

namespace gradlab {
namespace {

namespace simd = ops::adaptive::simd;
namespace ref = reference;
using verify::DeviceTensor;

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Pins a back-end (nullptr: the scalar kernel) for the scope.
struct PinnedBackend {
  explicit PinnedBackend(const simd::Backend* b) { simd::pinBackend(b); }
  ~PinnedBackend() { simd::resetBackend(); }
};

std::vector<const simd::Backend*> backendsToTry() {
  int count = 0;
  const simd::Backend* const* list = simd::availableBackends(&count);
  std::vector<const simd::Backend*> v(list, list + count);
  v.push_back(nullptr);
  return v;
}

// Values with many ties: a few small integers, both zeros and both infinities; `nanEvery` > 0 puts a NaN
// at about one cell in nanEvery.
std::vector<float> tieValues(size_t count, uint64_t seed, int nanEvery) {
  static const float pool[] = {-2.0f, -1.0f, -0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 2.0f, 2.0f, kInf, -kInf, 0.5f};
  std::mt19937_64 rng(seed);
  std::vector<float> v(count);
  for (float& x : v) {
    x = pool[rng() % std::size(pool)];
    if (nanEvery > 0 && rng() % static_cast<uint64_t>(nanEvery) == 0) x = (rng() & 1) ? kNaN : -kNaN;
  }
  return v;
}

struct Scenario {
  std::vector<int64_t> in, out;  // [N, C, H, W], [N, C, Ho, Wo]
  aclDataType dtype = ACL_FLOAT;
  aclDataType indexType = ACL_INT64;
  Layout inLayout = Layout::kContiguous, outLayout = Layout::kContiguous;
  std::string profile;  // "" = the active profile
  int nanEvery = 0;     // 0: no NaN; -1: random values instead of ties
  uint64_t seed = 1;
};

std::string text(const Scenario& s, const simd::Backend* b) {
  return shapeText(s.in) + " -> " + shapeText(s.out) + " " + dtypeText(s.dtype) + " " + dtypeText(s.indexType) + " " +
         layoutName(s.inLayout) + "/" + layoutName(s.outLayout) + (s.profile.empty() ? "" : " " + s.profile) +
         " nanEvery " + std::to_string(s.nanEvery) + " on " + (b ? b->name : "the scalar kernel");
}

// Runs the scenario on every back-end; out and indices must equal the reference bit for bit.
void checkAllBackends(const Scenario& s) {
  verify::RuntimeScope::shared();
  const int64_t planes = s.in[0] * s.in[1], H = s.in[2], W = s.in[3], Ho = s.out[2], Wo = s.out[3];
  std::vector<float> self = s.nanEvery < 0 ? verify::adaptive::randomValues(planes * H * W, s.seed, s.dtype)
                                           : tieValues(planes * H * W, s.seed, s.nanEvery);
  self = verify::roundAll(s.dtype, self);
  const ref::PoolForward want = ref::adaptiveMaxPool(self, Extents{.C = planes, .in = {1, H, W}, .out = {1, Ho, Wo}});
  verify::adaptive::CallMode mode;
  if (!s.profile.empty()) mode.profile = verify::adaptive::namedProfile(s.profile);
  for (const simd::Backend* backend : backendsToTry()) {
    PinnedBackend pin(backend);
    DeviceTensor in = verify::adaptive::makeTensor(s.in, s.inLayout, s.dtype, self);
    DeviceTensor out =
        verify::adaptive::makeTensor(s.out, s.outLayout, s.dtype, std::vector<float>(planes * Ho * Wo, 9.0f));
    DeviceTensor indices = verify::adaptive::makeIndexTensor(s.out, s.outLayout, s.indexType,
                                                             std::vector<int64_t>(planes * Ho * Wo, 4321));
    const std::vector<float> outBefore = out.storage();
    const verify::adaptive::Outcome o = verify::adaptive::forward(in, {Ho, Wo}, out, indices, mode);
    ASSERT_TRUE(o.ok()) << text(s, backend) << ": " << o.describe();
    EXPECT_EQ(verify::adaptive::compareExact(out.values(), want.out, "out"), "") << text(s, backend);
    EXPECT_EQ(verify::adaptive::compareIndices(indices.intValues(), want.indices, "indices"), "") << text(s, backend);
    EXPECT_EQ(verify::adaptive::outsideUntouched(outBefore, out.storage(), s.out, s.outLayout), "") << text(s, backend);
    EXPECT_EQ(verify::adaptive::verifyForwardPlan(*o.plan, planes, H, W, Ho, Wo), "") << text(s, backend);
  }
}

TEST(AdaptiveForwardSimd, TiesZerosAndInfinitiesMatchTheReference) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    Scenario s;
    s.in = {3, 5, 37, 41}, s.out = {3, 5, 11, 13}, s.dtype = dtype;  // 11 rows a plane: groups span planes
    checkAllBackends(s);
    s.nanEvery = -1, s.seed = 2;
    checkAllBackends(s);
  }
}

TEST(AdaptiveForwardSimd, NaNGroupsGoBackToTheScalarKernel) {
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    for (int nanEvery : {3, 40, 700}) {
      Scenario s;
      s.in = {2, 3, 24, 30}, s.out = {2, 3, 10, 9}, s.dtype = dtype, s.nanEvery = nanEvery, s.seed = 7;
      checkAllBackends(s);
    }
  }
}

TEST(AdaptiveForwardSimd, IndexTypesAndLayouts) {
  Scenario s;
  s.in = {2, 3, 19, 23}, s.out = {2, 3, 7, 9}, s.indexType = ACL_INT32;
  checkAllBackends(s);
  s.indexType = ACL_INT64;
  for (Layout in : {Layout::kChannelsLast, Layout::kSliced, Layout::kTransposed}) {
    for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16}) {
      s.inLayout = in, s.outLayout = in == Layout::kSliced ? Layout::kTransposed : Layout::kSliced, s.dtype = dtype;
      checkAllBackends(s);
    }
  }
}

TEST(AdaptiveForwardSimd, StridedInt32IndicesAndStreamedOutputs) {
  Scenario s;
  s.in = {2, 3, 19, 23}, s.out = {2, 3, 7, 9}, s.indexType = ACL_INT32, s.outLayout = Layout::kTransposed;
  checkAllBackends(s);
  // Outputs of more than kStreamOutputBytes (8 MiB) go out with non-temporal stores.
  s.in = {3, 16, 140, 150}, s.out = {3, 16, 130, 140}, s.indexType = ACL_INT64, s.outLayout = Layout::kContiguous;
  checkAllBackends(s);
  s.dtype = ACL_FLOAT16;  // 10 bytes an output cell: 8.7 MB
  checkAllBackends(s);
}

TEST(AdaptiveForwardSimd, NarrowWideAndOddShapes) {
  Scenario s;
  s.in = {1, 4, 6, 5}, s.out = {1, 4, 3, 4};  // rows narrower than a vector: staged and padded
  checkAllBackends(s);
  s.in = {2, 3, 9, 700}, s.out = {2, 3, 4, 333};  // steps of at most 256 columns
  checkAllBackends(s);
  s.in = {2, 2, 13, 17}, s.out = {2, 2, 20, 25};  // more outputs than inputs: windows share cells
  checkAllBackends(s);
  s.in = {1, 3, 1, 16}, s.out = {1, 3, 1, 16};  // windows of one cell
  checkAllBackends(s);
  s.in = {1, 2, 40, 9}, s.out = {1, 2, 3, 1};  // one window as wide as the row, tall windows
  checkAllBackends(s);
  // The AVX-512 back-end's edges: chunks of 15 and 16 columns (under 16 it hands the step to AVX2), windows
  // 32 and 33 columns wide (one block of permutes reads at most 32).
  s.in = {1, 3, 10, 15}, s.out = {1, 3, 4, 6};
  checkAllBackends(s);
  s.in = {1, 3, 10, 16}, s.out = {1, 3, 4, 7};
  checkAllBackends(s);
  s.in = {1, 2, 6, 64}, s.out = {1, 2, 3, 2};
  checkAllBackends(s);
  s.in = {1, 2, 6, 66}, s.out = {1, 2, 3, 2};
  checkAllBackends(s);
  // Short blocks of windows share a vector between 2 or 4 lanes: a row's last block of 6 windows in 11
  // columns (2 lanes), of 4 windows in 7 columns (4 lanes), whole rows of 3 windows in 16; groups of 1 to 8
  // lanes (one core: every row in one tile).
  s.profile = "atlas-a2:cores=1";
  for (int64_t rows : {1, 2, 3, 5, 7, 10}) {
    s.in = {1, 1, 2 * rows + 1, 128}, s.out = {1, 1, rows, 70};
    checkAllBackends(s);
    s.in = {1, 2, 2 * rows + 1, 32}, s.out = {1, 2, rows, 20};
    checkAllBackends(s);
    s.indexType = ACL_INT32;
    checkAllBackends(s);
    s.indexType = ACL_INT64;
    s.in = {1, 3, rows + 2, 16}, s.out = {1, 3, rows, 3};
    checkAllBackends(s);
  }
}

TEST(AdaptiveForwardSimd, SmallUb) {
  Scenario s;
  s.profile = "classroom";
  s.in = {1, 3, 20, 600}, s.out = {1, 3, 7, 90};  // steps narrower than the row
  checkAllBackends(s);
  s.in = {1, 2, 5, 676}, s.out = {1, 2, 2, 676};  // row pieces; the last one only 4 columns wide
  checkAllBackends(s);
  s.in = {1, 2, 9, 300}, s.out = {1, 2, 3, 3}, s.inLayout = Layout::kChannelsLast;  // 100 wide windows, staged
  checkAllBackends(s);
  s.profile = "atlas-a2:cores=3,ub=2k", s.inLayout = Layout::kContiguous;
  s.in = {2, 3, 12, 40}, s.out = {2, 3, 5, 7};
  checkAllBackends(s);
}

// The traced run (the scalar kernel, recording) gives the same bits as the vector kernel.
TEST(AdaptiveForwardSimd, TracedAndUntracedRunsAgree) {
  verify::RuntimeScope::shared();
  const std::vector<int64_t> inShape{2, 3, 21, 26}, outShape{2, 3, 8, 11};
  const std::vector<float> self = tieValues(2 * 3 * 21 * 26, 5, 0);
  std::vector<float> firstOut;
  std::vector<int64_t> firstIndices;
  for (int run = 0; run < 2; ++run) {
    DeviceTensor in(inShape, ACL_FLOAT, self);
    DeviceTensor out(outShape, ACL_FLOAT, std::vector<float>(2 * 3 * 8 * 11, 0.0f));
    DeviceTensor indices = DeviceTensor::indices(outShape, ACL_INT64, std::vector<int64_t>(2 * 3 * 8 * 11, 0));
    auto trace = run == 1 ? std::make_shared<Trace>() : nullptr;
    ASSERT_TRUE(verify::adaptive::forward(in, {8, 11}, out, indices, {}, trace).ok());
    if (run == 0) {
      firstOut = out.values(), firstIndices = indices.intValues();
      continue;
    }
    EXPECT_EQ(verify::adaptive::compareExact(out.values(), firstOut, "out"), "");
    EXPECT_EQ(verify::adaptive::compareIndices(indices.intValues(), firstIndices, "indices"), "");
    EXPECT_EQ(trace->moves.size(), firstOut.size());
  }
}

// Which plans get the vector kernel, and that their tiles' UB covers its buffers.
TEST(AdaptiveForwardSimd, PlansTheVectorKernelWhereItFits) {
  Extents s;
  s.N = 8, s.C = 64, s.in[kH] = 128, s.in[kW] = 128, s.out[kH] = 50, s.out[kW] = 70;
  const DeviceProfile a2 = verify::adaptive::namedProfile("atlas-a2");
  rt::DescribeScope describe;  // the strategy line is prose
  for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
    const ops::adaptive::ForwardTiling t = ops::adaptive::planForward(OpKind::kAdaptiveMaxPool2d, s, dtype, ACL_INT64, a2);
    EXPECT_EQ(t.groupCols, 128);
    EXPECT_EQ(t.groupStageRows, 0);
    for (const Tile& tile : t.plan.tiles) EXPECT_GE(tile.ubBytes, t.groupBytes);
    EXPECT_NE(t.plan.strategy.find("one per lane"), std::string::npos) << t.plan.strategy;
  }
  EXPECT_EQ(ops::adaptive::planForward(OpKind::kAdaptiveMaxPool2d, s, ACL_DOUBLE, ACL_INT64, a2).groupCols, 0);
  EXPECT_GT(ops::adaptive::planForward(OpKind::kAdaptiveMaxPool2d, s, ACL_FLOAT, ACL_INT64, a2, false).groupStageRows, 0);
  s.in[kW] = 5000, s.out[kW] = 2;  // 2500 wide windows do not fit the classroom's 16 KiB
  EXPECT_EQ(ops::adaptive::planForward(OpKind::kAdaptiveMaxPool2d, s, ACL_FLOAT, ACL_INT64, verify::adaptive::namedProfile("classroom")).groupCols, 0);
}

// A 3-D call's windows span slices. Evenly strided rows are read in place slice by slice (contiguous); other
// rows (sliced: a padded row after each slice) are staged in (d, h) order, and the indices the kernel counts by
// slot are written as the rows' (d, h, w) indices. Ties across slices keep the first slice, NaNs the last.
TEST(AdaptiveForwardSimd, WindowsAcrossSlicesOnEveryBackend) {
  const std::vector<Extents> shapes{{.N = 2, .C = 3, .in = {5, 7, 40}, .out = {3, 4, 9}},
                                    {.N = 1, .C = 2, .in = {4, 6, 33}, .out = {4, 3, 33}},
                                    {.N = 1, .C = 1, .in = {3, 9, 64}, .out = {2, 4, 5}}};
  const DeviceProfile a2 = verify::adaptive::namedProfile("atlas-a2");
  for (const Extents& shape : shapes) {
    const ops::adaptive::ForwardTiling inPlace = ops::adaptive::planForward(OpKind::kAdaptiveMaxPool3d, shape, ACL_FLOAT, ACL_INT32, a2);
    EXPECT_GT(inPlace.groupCols, 0);
    EXPECT_EQ(inPlace.groupStageRows, 0);
    const ops::adaptive::ForwardTiling staged =
        ops::adaptive::planForward(OpKind::kAdaptiveMaxPool3d, shape, ACL_FLOAT, ACL_INT32, a2, false);
    EXPECT_GT(staged.groupCols, 0);
    EXPECT_GT(staged.groupStageRows, 0);
    for (const simd::Backend* b : backendsToTry()) {
      PinnedBackend pin(b);
      for (int nanEvery : {0, 9}) {
        for (auto [dtype, layout] : {std::pair{ACL_FLOAT, Layout::kContiguous}, std::pair{ACL_BF16, Layout::kContiguous},
                                     std::pair{ACL_FLOAT, Layout::kSliced}, std::pair{ACL_BF16, Layout::kSliced}}) {
          RunRequest r;
          r.op = OpKind::kAdaptiveMaxPool3d;
          r.shape = shape;
          r.dtype = dtype;
          r.layout = layout;
          r.values = verify::roundAll(dtype, tieValues(static_cast<size_t>(shape.cells(Side::kIn)), 5, nanEvery));
          const RunResult result = run(r);
          ASSERT_TRUE(result.ok()) << result.message;
          const ref::PoolForward want = ref::adaptiveMaxPool(r.values, shape);
          const HostTensor* out = result.output("out");
          const HostTensor* indices = result.output("indices");
          ASSERT_TRUE(out && indices);
          const std::string what = shapeText(shape.shape(Side::kIn, 3)) + " " + dtypeText(dtype) + " " + layoutName(layout) + " nanEvery " +
                                   std::to_string(nanEvery) + " on " + (b ? b->name : "the scalar kernel");
          EXPECT_EQ(verify::adaptive::compareExact(std::vector<float>(out->values.begin(), out->values.end()), want.out, "out"), "") << what;
          EXPECT_EQ(verify::adaptive::compareIndices(std::vector<int64_t>(indices->ints.begin(), indices->ints.end()), want.indices,
                                                     "indices"), "")
              << what;
        }
      }
    }
  }
}

}  // namespace
}  // namespace gradlab
