// Sessions (*.gradlab): everything a teacher set up survives a save and an open, and files this app
// cannot read are refused with one line naming the field or the version.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <limits>

#include "viz/model/session.h"
#include "viz/panels/actions.h"

namespace gradlab::viz {
namespace {

TEST(VizSession, RoundTripsTheWholeState) {
  AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.controls.request.op = OpKind::kAdaptiveMaxPool2dBackward;
  s.controls.request.shape.N = 2, s.controls.request.shape.C = 3;
  s.controls.request.shape.in[kH] = 9, s.controls.request.shape.in[kW] = 7, s.controls.request.shape.out[kH] = 4, s.controls.request.shape.out[kW] = 3;
  s.controls.request.dtype = ACL_BF16;
  s.controls.request.layout = Layout::kChannelsLast;
  s.controls.request.deterministic = true;
  s.controls.request.seed = 42;
  s.controls.request.valueSource = ValueSource::kRamp;
  s.controls.device = "classroom", s.controls.cores = 3, s.controls.ubBytes = 8192;
  runControls(s);
  ASSERT_TRUE(s.run.ok()) << s.run.result.message;
  s.view.tab = Tab::kTiling, s.view.colour = CellColour::kCores, s.view.plane = 4;
  s.pacing = Pacing::kCoresInParallel, s.pacingPinned = true;
  s.compare.mode = CompareMode::kDeterminism, s.compare.lowDtype = ACL_BF16, s.compare.accumulate = Accumulation::kDtype;
  s.view.timelineKernelsOnly = true;
  s.view.memoryOrder = true;
  s.view.pinned = CellRef{s.run.scene.dst, 1, 2};
  s.player.t = s.player.duration * 0.25;
  s.view.presenter = true;

  Session saved;
  std::string error;
  ASSERT_TRUE(parseSession(sessionJson(captureSession(s)), &saved, &error)) << error;
  AppState t;
  t.host.runner = s.host.runner;
  ASSERT_TRUE(applySession(t, saved, &error)) << error;
  EXPECT_TRUE(t.controls == s.controls);
  EXPECT_EQ(t.view.tab, Tab::kTiling);
  EXPECT_EQ(t.view.colour, CellColour::kCores);
  EXPECT_EQ(t.view.plane, 4);
  EXPECT_EQ(t.pacing, Pacing::kCoresInParallel);
  EXPECT_EQ(t.compare.mode, CompareMode::kDeterminism);
  EXPECT_EQ(t.compare.lowDtype, ACL_BF16);
  EXPECT_EQ(t.compare.accumulate, Accumulation::kDtype);
  EXPECT_TRUE(t.view.timelineKernelsOnly);
  EXPECT_TRUE(t.view.memoryOrder);
  ASSERT_TRUE(t.view.pinned.has_value());
  EXPECT_EQ(t.view.pinned->grid, t.run.scene.dst);
  EXPECT_EQ(t.view.pinned->row, 1);
  EXPECT_EQ(t.view.pinned->col, 2);
  EXPECT_NEAR(t.player.fraction(), 0.25, 1e-9);
  EXPECT_TRUE(t.view.presenter);
  EXPECT_EQ(t.run.result.outputs[0].values, s.run.result.outputs[0].values) << "the same call, the same numbers";
}

// --schedule N (RunRequest::schedule) is part of the call: a session keeps it, and one without it stays
// unset (GRADLAB_SCHEDULE, else host) rather than becoming host.
// A request with a NaN scale is the same request as itself: the app compared scales with ==, never found the
// run it had asked for on screen, and asked again every frame (a core busy, the page's heap growing).
TEST(VizSession, ANanScaleIsTheSameRequestAsItself) {
  RequestSpec a;
  a.request.shape.scales[kH] = std::numeric_limits<double>::quiet_NaN();
  const RequestSpec b = a;
  EXPECT_TRUE(a == b);
  RequestSpec c = a;
  c.request.shape.scales[kH] = 2.0;
  EXPECT_FALSE(a == c);
}

TEST(VizSession, KeepsTheSeededSchedule) {
  Session session;
  session.spec.request.op = OpKind::kUpsampleNearest2dBackward;
  session.spec.request.schedule = AtomicSchedule::fromSeed(18446744073709551615u);
  Session back;
  std::string error;
  ASSERT_TRUE(parseSession(sessionJson(session), &back, &error)) << error;
  ASSERT_TRUE(back.spec.request.schedule.has_value());
  EXPECT_EQ(*back.spec.request.schedule, AtomicSchedule::fromSeed(18446744073709551615u));
  EXPECT_TRUE(back.spec == session.spec);

  session.spec.request.schedule = AtomicSchedule::host();
  ASSERT_TRUE(parseSession(sessionJson(session), &back, &error)) << error;
  EXPECT_EQ(back.spec.request.schedule, std::optional(AtomicSchedule::host()));

  session.spec.request.schedule.reset();
  ASSERT_TRUE(parseSession(sessionJson(session), &back, &error)) << error;
  EXPECT_FALSE(back.spec.request.schedule.has_value());

  Session other = session;
  other.spec.request.schedule = AtomicSchedule::fromSeed(3);
  EXPECT_FALSE(other.spec == session.spec) << "a different schedule is a different call";
}

// A 1-D operator's request has no height: one given, or left at its default, does not make the call
// read back different after a save (the files fuzzer's: "inL" without "outL" kept outH = 8).
TEST(VizSession, AOneDimensionalCallReadsBackTheSame) {
  for (const char* request : {R"({"op": "upsample1d", "inL": 5, "scale": 2.2})",
                              R"({"op": "upsample1d-backward", "inH": 3, "outH": 9, "scaleH": 2, "outL": 7})"}) {
    Session first, second;
    std::string error;
    ASSERT_TRUE(parseSession(std::string(R"({"gradlab-session": 1, "request": )") + request + "}", &first, &error))
        << error;
    ASSERT_TRUE(parseSession(sessionJson(first), &second, &error)) << error;
    EXPECT_TRUE(second.spec == first.spec) << request;
  }
}

// A name read from the file is quoted on one line, its control bytes escaped (the files fuzzer: an op
// named "upres\ntpsample1d" gave a two-line reason).
TEST(VizSession, AReasonIsOneLineWhateverTheFileHolds) {
  Session out;
  std::string error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 1, \"request\": {\"op\": \"up\\nsample\\u0001\"}}", &out, &error));
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_NE(error.find("unknown op \"up\\nsample\\x01\""), std::string::npos) << error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 1, \"request\": {\"op\": \"" + std::string(5000, 'x') + "\"}}", &out, &error));
  EXPECT_LT(error.size(), 500u) << "a long name is cut, its length said";
  EXPECT_NE(error.find("bytes)"), std::string::npos) << error;
}

TEST(VizSession, RefusesWhatItCannotRead) {
  Session out;
  std::string error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 2, \"request\": {\"op\": \"upsample2d\"}}", &out, &error));
  EXPECT_NE(error.find("version 2, newer than this app reads (1)"), std::string::npos) << error;
  EXPECT_FALSE(parseSession("[1, 2]", &out, &error));
  EXPECT_NE(error.find("not a gradlab session"), std::string::npos) << error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 1}", &out, &error));
  EXPECT_NE(error.find("\"request\" is missing"), std::string::npos) << error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 1, \"at\": 3, \"request\": {\"op\": \"upsample2d\"}}", &out, &error));
  EXPECT_NE(error.find("\"at\" is 3"), std::string::npos) << error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 1, \"request\": {\"op\": \"upsample2d\", \"dtype\": 7}}", &out, &error));
  EXPECT_NE(error.find("\"dtype\" has the wrong type"), std::string::npos) << error;
  EXPECT_FALSE(parseSession("{\"gradlab-session\": 1, \"request\": {\"op\": \"upsample2d\", \"schedule\": \"seed:-1\"}}",
                            &out, &error));
  EXPECT_NE(error.find("unknown schedule \"seed:-1\" (host or seed:N)"), std::string::npos) << error;
}

}  // namespace
}  // namespace gradlab::viz
#endif
