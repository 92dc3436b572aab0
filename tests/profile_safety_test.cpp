// Profiles are validated wherever they enter, and the operators' memory rules hold whatever a caller
// passes: an unusable profile is 161002 with the field named (never a heap overflow), a tensor whose data
// is not aligned to its element size is refused, and unified-buffer accesses are bounds-checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>

#include "aclnnop/aclnn_upsample_nearest_exact2d_backward.h"
#include "gradlab/ops.h"
#include "gradlab/profile.h"
#include "gradlab/runner.h"
#include "ops/common/tile_runner.h"
#include "verify/device_tensor.h"

namespace gradlab {
namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

DeviceProfile tinyUb() {
  DeviceProfile p = builtinProfiles().front();
  p.vectorCores = 2;
  p.ubBytes = 64;
  return p;
}

TEST(ProfileSafety, ProblemsNameTheField) {
  EXPECT_EQ(profileProblem(builtinProfiles().front()), "");
  DeviceProfile p = builtinProfiles().front();
  p.vectorCores = 0;
  EXPECT_TRUE(mentions(profileProblem(p), "vectorCores = 0")) << profileProblem(p);
  p = builtinProfiles().front();
  p.vectorCores = kMaxCores + 1;
  EXPECT_TRUE(mentions(profileProblem(p), "vectorCores = 1025")) << profileProblem(p);
  EXPECT_TRUE(mentions(profileProblem(tinyUb()), "ubBytes = 64")) << profileProblem(tinyUb());
  p = builtinProfiles().front();
  p.mteBandwidthGBps = std::nan("");
  EXPECT_TRUE(mentions(profileProblem(p), "mteBandwidthGBps")) << profileProblem(p);
  p = builtinProfiles().front();
  p.launchOverheadUs = -1;
  EXPECT_TRUE(mentions(profileProblem(p), "launchOverheadUs")) << profileProblem(p);
  p = builtinProfiles().front();
  p.cubeCores = -3;
  EXPECT_TRUE(mentions(profileProblem(p), "cubeCores = -3")) << profileProblem(p);
  for (const DeviceProfile& b : builtinProfiles()) EXPECT_EQ(profileProblem(b), "") << b.name;
}

// One table of limits: each limit broken alone is the one profileProblem names, with the table's range.
TEST(ProfileSafety, ProblemsComeFromTheOneTableOfLimits) {
  ASSERT_GE(profileLimits().size(), 14u);
  for (const ProfileLimit& limit : profileLimits()) {
    EXPECT_TRUE(limit.legal(limit.get(builtinProfiles().front()))) << limit.field;
    EXPECT_FALSE(limit.legal(limit.aboveLow ? limit.low : limit.low - 1)) << limit.field;
    EXPECT_FALSE(limit.legal(std::nan(""))) << limit.field;
    if (std::isfinite(limit.high)) {
      EXPECT_FALSE(limit.legal(limit.high + 1)) << limit.field;
    }
  }
  const auto& limits = profileLimits();
  auto field = [&](std::string_view name) {
    return *std::find_if(limits.begin(), limits.end(), [&](const ProfileLimit& l) { return l.field == name; });
  };
  EXPECT_EQ(field("vectorCores").high, kMaxCores);
  EXPECT_EQ(field("ubBytes").low, static_cast<double>(kMinUbBytes));
  EXPECT_EQ(field("ubBytes").high, static_cast<double>(kMaxUbBytes));
  DeviceProfile p = builtinProfiles().front();
  p.l0bBytes = kMaxUbBytes + 1;
  ASSERT_NE(brokenProfileLimit(p), nullptr);
  EXPECT_STREQ(brokenProfileLimit(p)->field, "l0bBytes");
  EXPECT_EQ(profileProblem(p), "device profile atlas-a2: l0bBytes = 67108865 is outside [1024, 67108864]");
  p = builtinProfiles().front();
  p.atomicAddCost = 0.5;
  EXPECT_STREQ(brokenProfileLimit(p)->field, "atomicAddCost");
  EXPECT_EQ(profileProblem(p), "device profile atlas-a2: atomicAddCost = 0.5 is outside [1, 1000]");
  p = builtinProfiles().front();
  p.gmBandwidthGBps = 0;
  EXPECT_EQ(profileProblem(p), "device profile atlas-a2: gmBandwidthGBps = 0 is not a positive number");
  p.vectorCores = 0;  // two broken: the first in the table's order is named
  EXPECT_STREQ(brokenProfileLimit(p)->field, "vectorCores");
  EXPECT_EQ(brokenProfileLimit(builtinProfiles().back()), nullptr);
}

// parseProfileSpec says what it refused as facts, with the table's limit and the range a spec keeps.
TEST(ProfileSafety, SpecRefusalsAreFacts) {
  using Kind = ProfileSpecRefusal::Kind;
  auto refusalOf = [](const std::string& spec) {
    DeviceProfile p;
    std::string error;
    ProfileSpecRefusal why;
    EXPECT_FALSE(parseProfileSpec(spec, &p, &error, &why)) << spec;
    EXPECT_FALSE(error.empty()) << spec;
    return why;
  };
  ProfileSpecRefusal why = refusalOf("classroom:ub=512");
  EXPECT_EQ(why.kind, Kind::kOutOfRange);
  EXPECT_EQ(why.text, "ub=512");
  EXPECT_EQ(why.key, "ub");
  ASSERT_NE(why.limit, nullptr);
  EXPECT_STREQ(why.limit->field, "ubBytes");
  EXPECT_EQ(why.low, static_cast<double>(kMinUbBytes));
  EXPECT_EQ(why.high, static_cast<double>(kMaxUbBytes));
  EXPECT_EQ(why.value, 512u);
  EXPECT_EQ(why.profile.name, "classroom");
  EXPECT_EQ(why.profile.ubBytes, 512u);
  why = refusalOf("cube_cores=0");
  EXPECT_EQ(why.key, "cubes");
  EXPECT_STREQ(why.limit->field, "cubeCores");
  EXPECT_EQ(why.limit->low, 0.0);  // a profile may have no cube core ...
  EXPECT_EQ(why.low, 1.0);         // ... a spec asks for at least one
  why = refusalOf("cores=2000");
  EXPECT_EQ(why.kind, Kind::kOutOfRange);
  EXPECT_EQ(why.value, 2000u);
  EXPECT_EQ(why.profile.vectorCores, 2000);
  EXPECT_EQ(refusalOf("nosuch").kind, Kind::kUnknownProfile);
  EXPECT_EQ(refusalOf("nosuch").text, "nosuch");
  EXPECT_EQ(refusalOf("").kind, Kind::kEmpty);
  EXPECT_EQ(refusalOf("classroom:cores").kind, Kind::kBadItem);
  EXPECT_EQ(refusalOf("classroom:cores=x").kind, Kind::kBadValue);
  EXPECT_EQ(refusalOf("classroom:freq=3").key, "freq");
  EXPECT_EQ(refusalOf("cores=2:ub=4k").kind, Kind::kBadShape);
  // A spec of 60,000 characters (a link's ?device=) is refused before it is echoed: the sentence stays short.
  const std::string huge(60000, 'x');
  std::string longError;
  DeviceProfile ignored;
  EXPECT_FALSE(parseProfileSpec(huge, &ignored, &longError));
  EXPECT_LT(longError.size(), 400u) << longError.substr(0, 400);
  EXPECT_NE(longError.find("60000 characters long; at most 512"), std::string::npos) << longError.substr(0, 400);
  EXPECT_EQ(refusalOf(huge).kind, Kind::kBadShape);
  EXPECT_LE(refusalOf(huge).text.size(), 60u);
  DeviceProfile p;
  std::string error;
  ProfileSpecRefusal cleared = refusalOf("nosuch");
  EXPECT_TRUE(parseProfileSpec("classroom:cores=2", &p, &error, &cleared));
  EXPECT_EQ(cleared.kind, Kind::kNone);
}

TEST(ProfileSafety, SetActiveProfileRefusesAnUnusableOneAndKeepsThePrevious) {
  const DeviceProfile before = activeProfile();
  EXPECT_EQ(setActiveProfile(tinyUb()), ACLNN_ERR_PARAM_INVALID);
  EXPECT_TRUE(mentions(aclGetRecentErrMsg(), "setActiveProfile: device profile atlas-a2: ubBytes = 64"))
      << aclGetRecentErrMsg();
  EXPECT_EQ(activeProfile().ubBytes, before.ubBytes);
  EXPECT_EQ(activeProfile().name, before.name);
}

// The program of the review: a 64-byte UB, 2 cores, upsample2d backward 2x3x80x80 -> 40x40. It reached a
// heap overflow in the kernel; now the call is refused before anything is planned.
TEST(ProfileSafety, TinyUbRunRequestIsRefusedWithAReason) {
  for (bool deterministic : {false, true}) {
    RunRequest r;
    r.op = OpKind::kUpsampleNearestExact2dBackward;
    r.shape.N = 2, r.shape.C = 3, r.shape.out[kH] = 80, r.shape.out[kW] = 80, r.shape.in[kH] = 40, r.shape.in[kW] = 40;
    r.deterministic = deterministic;
    r.profile = tinyUb();
    const RunResult result = run(r);
    EXPECT_EQ(result.status, ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(result.stage, "setup");
    EXPECT_TRUE(mentions(result.message, "RunRequest::profile: device profile atlas-a2: ubBytes = 64")) << result.message;
  }
}

TEST(ProfileSafety, TinyUbOpArgsAreRefusedBeforeAnyOtherCheck) {
  OpArgs args;  // every tensor null: the profile is checked first
  args.profile = tinyUb();
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  for (const OpInfo& op : allOps()) {
    EXPECT_EQ(op.getWorkspaceSize(args, &ws, &ex), ACLNN_ERR_PARAM_INVALID) << op.name;
    EXPECT_TRUE(mentions(aclGetRecentErrMsg(), op.aclnnName() + "GetWorkspaceSize: device profile"))
        << aclGetRecentErrMsg();
  }
}

TEST(ProfileSafety, SmallestUbStillPlansEveryOperator) {
  DeviceProfile p = builtinProfiles().front();
  p.vectorCores = 3;
  p.ubBytes = kMinUbBytes;
  for (const OpInfo& op : allOps()) {
    RunRequest r;
    r.op = op.kind;
    r.shape.N = 2, r.shape.C = 2;
    r.shape.in[kH] = op.example.in[kH] * 9, r.shape.in[kW] = op.example.in[kW] * 41, r.shape.out[kH] = op.example.out[kH] * 7, r.shape.out[kW] = op.example.out[kW] * 45;
    r.profile = p;
    const RunResult result = run(r);
    EXPECT_TRUE(result.ok()) << op.name << ": " << result.message;
    if (!result.plan) continue;
    for (const Tile& t : result.plan->tiles) EXPECT_LE(t.ubBytes, kMinUbBytes) << op.name << " tile " << t.id;
  }
}

// An fp32 tensor at device base + 2 bytes: accepted, the cores' atomic adds into it were misaligned
// (UndefinedBehaviorSanitizer, found by the fuzzer). Refused now, naming the tensor and the address.
TEST(ProfileSafety, MisalignedTensorDataIsRefused) {
  verify::RuntimeScope::shared();
  void* base = nullptr;
  ASSERT_EQ(aclrtMalloc(&base, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  const int64_t dims[] = {1, 1, 8, 8}, strides[] = {64, 64, 8, 1}, storage[] = {64};
  aclTensor* grad = aclCreateTensor(dims, 4, ACL_FLOAT, strides, 0, ACL_FORMAT_NCHW, storage, 1,
                                    static_cast<char*>(base) + 2);
  ASSERT_NE(grad, nullptr) << aclGetRecentErrMsg();
  verify::DeviceTensor out({1, 1, 2, 2}, ACL_FLOAT, std::vector<float>(4, 0.0f), ACL_FORMAT_NCHW);
  const int64_t os[] = {8, 8}, is[] = {1, 1, 2, 2};
  aclIntArray* outputSize = aclCreateIntArray(os, 2);
  aclIntArray* inputSize = aclCreateIntArray(is, 4);
  uint64_t ws = 0;
  aclOpExecutor* ex = nullptr;
  EXPECT_EQ(aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize(grad, outputSize, inputSize, 0.0, 0.0, out, &ws, &ex),
            ACLNN_ERR_PARAM_INVALID);
  const std::string message = aclGetRecentErrMsg();
  EXPECT_TRUE(mentions(message, "gradOutput data 0x")) << message;
  EXPECT_TRUE(mentions(message, "is not aligned to its 4-byte FLOAT elements (address % 4 = 2)")) << message;
  EXPECT_EQ(ex, nullptr);
  aclDestroyIntArray(outputSize);
  aclDestroyIntArray(inputSize);
  aclDestroyTensor(grad);
  aclrtFree(base);
}

#ifndef NDEBUG
TEST(ProfileSafetyDeathTest, UnifiedBufferAccessesAreBoundsChecked) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  std::byte ub[256];
  ops::CoreContext ctx;
  ctx.ub = ub;
  ctx.ubBytes = sizeof ub;
  EXPECT_NE(ctx.ubAt<float>(0, 64), nullptr);
  EXPECT_DEATH(ctx.ubAt<float>(128, 33), "used unified buffer bytes \\[128, 260\\) but has only 256");
}
#endif

}  // namespace
}  // namespace gradlab
