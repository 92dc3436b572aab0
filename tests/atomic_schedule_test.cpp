// Atomic schedules (gradlab/schedule.h): in default mode a seeded schedule decides the order in which
// the cores' atomic adds land, reproducibly on any host, traced or not; host timing is the other choice.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <vector>

#include "gradlab/runner.h"
#include "gradlab/schedule.h"
#include "gradlab/trace_export.h"
#include "runtime/core_pool.h"
#include "gradlab/verify.h"
#include "profile_spec.h"

namespace gradlab {
namespace {


// A 64x64 gradOutput folded onto 3x3: every gradInput row takes gradOutput rows of several cores, so its
// cells are summed with atomic adds from up to 8 cores.
RunRequest sharedRows(std::optional<AtomicSchedule> schedule) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 3;
  r.shape.out[kH] = r.shape.out[kW] = 64;
  r.profile = testing::eightCores();
  r.schedule = schedule;
  return r;
}

std::vector<float> gradInput(const RunRequest& request) {
  const RunResult result = run(request);
  EXPECT_TRUE(result.ok()) << result.message;
  const HostTensor* out = result.output("gradInput");
  return out ? out->values.vector() : std::vector<float>{};
}

TEST(AtomicSchedule, ParsesAndPrints) {
  EXPECT_EQ(parseSchedule("host"), AtomicSchedule::host());
  EXPECT_EQ(parseSchedule("seed:7"), AtomicSchedule::fromSeed(7));
  EXPECT_EQ(parseSchedule("7"), AtomicSchedule::fromSeed(7));
  EXPECT_EQ(parseSchedule("18446744073709551615"), AtomicSchedule::fromSeed(UINT64_MAX));
  for (const char* bad : {"", "seed:", "seed:-1", "-3", "seed:7x", "Host", "18446744073709551616", " 7"}) {
    EXPECT_FALSE(parseSchedule(bad).has_value()) << bad;
  }
  EXPECT_EQ(scheduleText(AtomicSchedule::host()), "host");
  EXPECT_EQ(scheduleText(AtomicSchedule::fromSeed(42)), "seed:42");
}

TEST(AtomicSchedule, SeedsGiveDifferentSumsAndEachSeedRepeatsExactly) {
  const RunResult probe = run(sharedRows(AtomicSchedule::fromSeed(1)));
  ASSERT_TRUE(probe.ok()) << probe.message;
  int atomicTiles = 0;
  for (const Tile& t : probe.plan->tiles) atomicTiles += t.atomic;
  ASSERT_GE(atomicTiles, 3) << "the shape must share rows between cores";
  EXPECT_EQ(probe.plan->schedule, AtomicSchedule::fromSeed(1));

  std::set<std::vector<float>> distinct;
  for (uint64_t seed = 1; seed <= 8; ++seed) distinct.insert(gradInput(sharedRows(AtomicSchedule::fromSeed(seed))));
  EXPECT_GE(distinct.size(), 2u) << "eight schedules of the same adds gave one fp32 result";

  const std::vector<float> three = gradInput(sharedRows(AtomicSchedule::fromSeed(3)));
  EXPECT_EQ(gradInput(sharedRows(AtomicSchedule::fromSeed(3))), three);
  rt::limitHostThreads(1);  // a 1-core host: the same seed, the same result
  EXPECT_EQ(gradInput(sharedRows(AtomicSchedule::fromSeed(3))), three);
  rt::limitHostThreads(0);

  RunRequest traced = sharedRows(AtomicSchedule::fromSeed(3));
  traced.trace = true;
  const RunResult t = run(traced);
  ASSERT_TRUE(t.ok()) << t.message;
  EXPECT_EQ(t.output("gradInput")->values, three) << "tracing changed the arithmetic";
  ASSERT_TRUE(t.trace);
  EXPECT_EQ(t.trace->plan.schedule, AtomicSchedule::fromSeed(3)) << "the trace records its schedule";
}

TEST(AtomicSchedule, TheTraceFileKeepsTheSchedule) {
  RunRequest r = sharedRows(AtomicSchedule::fromSeed(11));
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  Trace loaded;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(traceMovesJson(*result.trace), &loaded, &error)) << error;
  EXPECT_EQ(loaded.plan.schedule, AtomicSchedule::fromSeed(11));
  EXPECT_NE(chromeTraceJson(*result.trace).find("\"schedule\":\"seed:11\""), std::string::npos);
}

TEST(AtomicSchedule, AdaptivePoolBackwardRepeatsPerSeed) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 40;
  r.shape.out[kH] = r.shape.out[kW] = 29;  // overlapping windows
  r.profile = testing::eightCores();
  r.schedule = AtomicSchedule::fromSeed(5);
  const std::vector<float> first = gradInput(r);
  EXPECT_EQ(gradInput(r), first);
  r.trace = true;
  EXPECT_EQ(gradInput(r), first);
}

// Under a seeded schedule the cores take turns on one host thread, but each keeps its own unified buffer:
// the adaptive backward carries a plane's accumulator in UB from one tile to the core's next, and the
// other core's tile in between wrote its own plane there (plane 1's sums showed up in plane 0). Found by
// the fuzzer's runner step after 591,289 programs.
TEST(AtomicSchedule, EachCoreKeepsItsOwnUnifiedBufferBetweenItsTiles) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.C = 2;
  r.shape.in[kH] = 3, r.shape.in[kW] = 8, r.shape.out[kH] = 33, r.shape.out[kW] = 3;  // each plane's gradOutput rows take two tiles of one core
  r.dtype = ACL_FLOAT16;
  r.layout = Layout::kSliced;
  r.seed = 3;
  r.profile = testing::profileOf("atlas-a2:cores=2,ub=1088");
  for (uint64_t seed = 0; seed < 4; ++seed) {
    r.schedule = AtomicSchedule::fromSeed(seed);
    const RunResult result = run(r);
    ASSERT_TRUE(result.ok()) << result.message;
    const verify::Verdict v = verify::checkRun(r, result);
    EXPECT_TRUE(v.passed) << "seed:" << seed << ": " << (v.lines.empty() ? "" : v.lines.back());
  }
}

TEST(AtomicSchedule, DeterministicModeIgnoresIt) {
  RunRequest r = sharedRows(AtomicSchedule::fromSeed(3));
  r.deterministic = true;
  const RunResult three = run(r);
  ASSERT_TRUE(three.ok()) << three.message;
  EXPECT_EQ(three.plan->schedule, AtomicSchedule::host()) << "a deterministic plan has no atomic adds to order";
  r.schedule = AtomicSchedule::fromSeed(4);
  EXPECT_EQ(gradInput(r), three.output("gradInput")->values);
}

// GRADLAB_SCHEDULE is read once per process: these run in a fresh one (threadsafe death-test style).
TEST(AtomicScheduleDeathTest, EnvironmentScheduleIsTheDefault) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("GRADLAB_SCHEDULE", "seed:5", 1);
  EXPECT_EXIT(
      {
        const RunResult result = run(sharedRows(std::nullopt));
        std::exit(defaultSchedule() == AtomicSchedule::fromSeed(5) && result.ok() &&
                          result.plan->schedule == AtomicSchedule::fromSeed(5)
                      ? 0
                      : 1);
      },
      ::testing::ExitedWithCode(0), "");
  unsetenv("GRADLAB_SCHEDULE");
}

TEST(AtomicScheduleDeathTest, BadEnvironmentScheduleIsReportedAndHostIsUsed) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  setenv("GRADLAB_SCHEDULE", "sead:5", 1);
  EXPECT_EXIT(
      {
        const AtomicSchedule s = defaultSchedule();
        defaultSchedule();
        std::exit(s == AtomicSchedule::host() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "ignoring GRADLAB_SCHEDULE=\"sead:5\"");
  unsetenv("GRADLAB_SCHEDULE");
}

}  // namespace
}  // namespace gradlab
