// The modelled device time of a call (gradlab/plan.h modelledTime): a large call on the Atlas A2 profile
// takes about its bytes over the HBM bandwidth plus the launch overhead; a tiny call is all launch.
#include <gtest/gtest.h>

#include "gradlab/plan.h"
#include "gradlab/runner.h"
#include "profile_spec.h"

namespace gradlab {
namespace {

RunRequest upsample(int64_t n, int64_t c, int64_t in, int64_t out) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.N = n, r.C = c;
  r.inH = r.inW = in;
  r.outH = r.outW = out;
  r.profile = testing::profileOf("atlas-a2");
  return r;
}

TEST(ModelledTime, ALargeCallIsBoundByHbmBandwidth) {
  RunRequest r = upsample(8, 32, 64, 128);  // 16 MiB of gradOutput, 4 MiB of gradInput
  r.deterministic = true;                    // (default mode also zeroes the rows cores share)
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const ModelledTime m = modelledTime(*result.plan);
  const DeviceProfile& a2 = result.plan->profile;
  const double bytes = 8.0 * 32 * (128 * 128 + 64 * 64) * 4;
  EXPECT_EQ(static_cast<double>(m.bytes), bytes) << "every byte read and written once";
  const double ideal = bytes / (a2.gmBandwidthGBps * 1e3) + a2.launchOverheadUs;
  EXPECT_GE(m.totalUs(), ideal) << "no call beats the HBM";
  EXPECT_LE(m.totalUs(), 2.0 * ideal);
  EXPECT_GT(m.bandwidthBound(), 0.5);
  EXPECT_DOUBLE_EQ(m.launchUs, a2.launchOverheadUs);
}

TEST(ModelledTime, ATinyCallIsLaunchOverhead) {
  const RunResult result = run(upsample(1, 1, 3, 7));
  ASSERT_TRUE(result.ok()) << result.message;
  const ModelledTime m = modelledTime(*result.plan);
  EXPECT_GT(m.launchUs / m.totalUs(), 0.9);
  EXPECT_LT(m.effectiveGBps(), 0.01 * result.plan->profile.gmBandwidthGBps);
}

TEST(ModelledTime, PhasesAddUpBehindTheirBusiestCore) {
  RunRequest r = upsample(1, 2, 12, 64);
  r.profile = testing::profileOf("classroom:cores=3");
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Plan& p = *result.plan;
  double expected = 0.0;
  for (int32_t phase = 0; phase < static_cast<int32_t>(p.phases.size()); ++phase) {
    std::vector<double> busy(static_cast<size_t>(p.coresUsed), 0.0);
    const auto [first, last] = p.phaseTiles(phase);
    for (size_t i = first; i < last; ++i) busy[static_cast<size_t>(p.tiles[i].core)] += p.tiles[i].estimatedUs;
    expected += *std::max_element(busy.begin(), busy.end());
  }
  EXPECT_NEAR(modelledTime(p).kernelUs, expected, 1e-9);
  EXPECT_GE(p.phases.size(), 2u) << "rows shared between 3 cores add a zero phase";
}

}  // namespace
}  // namespace gradlab
