// Device profiles: the built-ins, GRADLAB_DEVICE / --device specs, and reporting a bad spec.
#include <algorithm>
#include <cstdlib>

#include <gtest/gtest.h>

#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "gradlab/plan.h"
#include "gradlab/profile.h"
#include "verify/device_tensor.h"

namespace gradlab {
namespace {

DeviceProfile parse(const std::string& spec) {
  DeviceProfile p;
  std::string error;
  EXPECT_TRUE(parseProfileSpec(spec, &p, &error)) << spec << ": " << error;
  return p;
}

std::string parseError(const std::string& spec) {
  DeviceProfile p;
  p.name = "untouched";
  std::string error;
  EXPECT_FALSE(parseProfileSpec(spec, &p, &error)) << spec;
  EXPECT_EQ(p.name, "untouched") << "a failed parse must leave the output alone";
  return error;
}

TEST(Profile, BuiltinsStartWithTheDefaultA2) {
  const auto& all = builtinProfiles();
  ASSERT_GE(all.size(), 3u);
  EXPECT_EQ(all[0].name, "atlas-a2");
  EXPECT_EQ(all[0].cubeCores, 24);
  EXPECT_EQ(all[0].vectorCores, 48);
  EXPECT_EQ(all[0].ubBytes, 192u * 1024);
  EXPECT_EQ(all[1].name, "atlas-a3");
  EXPECT_EQ(all[2].name, "ascend950");
  EXPECT_EQ(all[2].vectorCores, 64);
  EXPECT_EQ(all[2].ubBytes, 256u * 1024);
  EXPECT_EQ(all[2].simtThreads, 2048);
  EXPECT_EQ(all[3].name, "classroom");
  EXPECT_EQ(all[3].vectorCores, 4);
  EXPECT_EQ(all[3].ubBytes, 16u * 1024);
  for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].hasSimt(), i == 2) << all[i].name << ": only the 950 runs SIMT threads";
}

TEST(Profile, ParsesNamesAndOverrides) {
  EXPECT_EQ(parse("atlas-a3").name, "atlas-a3");
  EXPECT_EQ(parse("classroom").vectorCores, 4);
  EXPECT_EQ(parse(" Classroom ").name, "classroom");

  DeviceProfile p = parse("classroom:cores=8,ub=64k");
  EXPECT_EQ(p.vectorCores, 8);
  EXPECT_EQ(p.ubBytes, 64u * 1024);
  EXPECT_EQ(p.name, "classroom-custom");
  EXPECT_EQ(p.mteBandwidthGBps, builtinProfiles().back().mteBandwidthGBps) << "overrides keep the base chip's speeds";
  p = parse("ascend950:threads=1024");
  EXPECT_EQ(p.simtThreads, 1024);
  EXPECT_EQ(p.vectorCores, 64) << "the rest stays the 950's";
  EXPECT_FALSE(parse("ascend950:threads=0").hasSimt()) << "threads=0 takes SIMT away";

  p = parse("cores=2,ub=65536");
  EXPECT_EQ(p.name, "atlas-a2-custom");
  EXPECT_EQ(p.vectorCores, 2);
  EXPECT_EQ(p.ubBytes, 65536u);

  EXPECT_EQ(parse("atlas-a2:ub=1m").ubBytes, 1024u * 1024);
  EXPECT_EQ(parse("atlas-a2:ub=32KiB, cores = 3").ubBytes, 32u * 1024);
  EXPECT_EQ(parse("atlas-a2:ub=65536b").ubBytes, 65536u);
  EXPECT_EQ(parse("atlas-a2:vector_cores=5").vectorCores, 5);
  EXPECT_EQ(parse("atlas-a2:").name, "atlas-a2") << "no override, no -custom suffix";
  EXPECT_EQ(builtinProfileName(parse("atlas-a3:cores=8")), "atlas-a3");
  EXPECT_EQ(builtinProfileName(parse("classroom")), "classroom");
}

TEST(Profile, RejectsBadSpecsWithAReason) {
  EXPECT_NE(parseError("").find("empty"), std::string::npos);
  std::string e = parseError("atlas-a9");
  EXPECT_NE(e.find("unknown device profile 'atlas-a9'"), std::string::npos) << e;
  EXPECT_NE(e.find("classroom"), std::string::npos) << "lists the known names: " << e;
  EXPECT_NE(parseError("classroom:cores=0").find("out of range"), std::string::npos);
  EXPECT_NE(parseError("classroom:cores=2000").find("out of range"), std::string::npos);
  EXPECT_NE(parseError("classroom:cores=-1").find("bad value"), std::string::npos);
  EXPECT_NE(parseError("classroom:ub=12").find("out of range"), std::string::npos);
  EXPECT_NE(parseError("classroom:ub=99999999999999999999999k").find("bad value"), std::string::npos);
  EXPECT_NE(parseError("classroom:ub=64q").find("bad value"), std::string::npos);
  // Sizes read as GRADLAB_DEVICE_MEMORY reads them (one parser): a gigabyte of UB is a size, out of range.
  EXPECT_NE(parseError("classroom:ub=1g").find("out of range"), std::string::npos) << parseError("classroom:ub=1g");
  EXPECT_NE(parseError("classroom:freq=3").find("unknown key 'freq'"), std::string::npos);
  EXPECT_NE(parseError("classroom:cores").find("expected key=value"), std::string::npos);
  EXPECT_NE(parseError("cores=2:ub=4k").find("bad device profile spec"), std::string::npos);
}

TEST(Profile, SetActiveProfileIsWhatNewCallsSee) {
  const DeviceProfile before = activeProfile();
  DeviceProfile small = parse("classroom:cores=3");
  setActiveProfile(small);
  EXPECT_EQ(activeProfile().name, "classroom-custom");
  EXPECT_EQ(activeProfile().vectorCores, 3);
  setActiveProfile(before);
  EXPECT_EQ(activeProfile().name, before.name);
}

// The plan an executor holds, planned under `spec` (restores the active profile afterwards).
Plan planUnder(const std::string& spec, bool deterministic) {
  verify::RuntimeScope::shared().setDeterministic(deterministic);
  const DeviceProfile before = activeProfile();
  setActiveProfile(parse(spec));
  const int64_t N = 2, C = 3, Hi = 40, Wi = 30, Ho = 97, Wo = 61;
  verify::DeviceTensor grad({N, C, Ho, Wo}, ACL_FLOAT, std::vector<float>(N * C * Ho * Wo, 1.0f), ACL_FORMAT_NCHW);
  verify::DeviceTensor out({N, C, Hi, Wi}, ACL_FLOAT, {}, ACL_FORMAT_NCHW);
  const int64_t outputSize[] = {Ho, Wo}, inputSize[] = {N, C, Hi, Wi};
  aclIntArray* os = aclCreateIntArray(outputSize, 2);
  aclIntArray* is = aclCreateIntArray(inputSize, 4);
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  Plan plan;
  EXPECT_EQ(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(grad, os, is, 0.0, 0.0, out, &workspace, &executor), 0)
      << aclGetRecentErrMsg();
  if (const Plan* p = executorPlan(executor)) plan = *p;
  aclDestroyAclOpExecutor(executor);
  aclDestroyIntArray(os);
  aclDestroyIntArray(is);
  setActiveProfile(before);
  verify::RuntimeScope::shared().setDeterministic(false);
  return plan;
}

uint64_t largestTileUb(const Plan& plan) {
  uint64_t m = 0;
  for (const Tile& t : plan.tiles) m = std::max(m, t.ubBytes);
  return m;
}

TEST(ProfilePlans, ThePlanFollowsCoresAndUb) {
  for (bool deterministic : {true, false}) {
    SCOPED_TRACE(deterministic ? "deterministic" : "default mode");
    const Plan two = planUnder("classroom:cores=2", deterministic);
    const Plan eight = planUnder("classroom:cores=8", deterministic);
    ASSERT_FALSE(two.tiles.empty());
    EXPECT_EQ(two.profile.vectorCores, 2);
    EXPECT_LE(two.coresUsed, 2);
    EXPECT_GT(eight.coresUsed, two.coresUsed) << "more cores, more of them used";
    const std::vector<double> loadTwo = two.coreLoadUs(), loadEight = eight.coreLoadUs();
    EXPECT_LT(*std::max_element(loadEight.begin(), loadEight.end()), *std::max_element(loadTwo.begin(), loadTwo.end()))
        << "the longest core gets shorter";

    const Plan smallUb = planUnder("atlas-a2:cores=2,ub=2k", deterministic);
    const Plan bigUb = planUnder("atlas-a2:cores=2,ub=192k", deterministic);
    EXPECT_EQ(smallUb.profile.ubBytes, 2048u);
    EXPECT_LE(largestTileUb(smallUb), 2048u);
    EXPECT_LE(largestTileUb(bigUb), 192u * 1024);
    EXPECT_GT(smallUb.tiles.size(), bigUb.tiles.size()) << "a smaller UB means smaller, more numerous tiles";
  }
}

// GRADLAB_DEVICE is read once per process, so these run in a fresh process (threadsafe death-test style
// re-executes the binary for just this test).
TEST(ProfileDeathTest, EnvironmentSpecIsUsed) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("GRADLAB_DEVICE", "classroom:cores=6", 1);
  EXPECT_EXIT(
      {
        DeviceProfile p = activeProfile();
        std::exit(p.vectorCores == 6 && p.name == "classroom-custom" ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  unsetenv("GRADLAB_DEVICE");
}

TEST(ProfileDeathTest, BadEnvironmentSpecIsReportedOnceAndFallsBack) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("GRADLAB_DEVICE", "classroom:cores=zero", 1);
  EXPECT_EXIT(
      {
        DeviceProfile p = activeProfile();
        activeProfile();  // the second call must not print again
        std::exit(p.name == "atlas-a2" ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "ignoring GRADLAB_DEVICE=\"classroom:cores=zero\": bad value");
  unsetenv("GRADLAB_DEVICE");
}

}  // namespace
}  // namespace gradlab
