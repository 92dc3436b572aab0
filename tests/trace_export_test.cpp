// Trace exports: the Chrome trace-event JSON and the compact plan + moves JSON (and its loader), on a
// hand-made trace. Traces of real operator runs are checked in runner_test.cpp.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "gradlab/trace_export.h"

namespace gradlab {
namespace {

using nlohmann::json;

uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

Trace sampleTrace() {
  Trace t;
  Plan& p = t.plan;
  p.op = OpKind::kUpsampleNearestExact2dBackward;
  p.profile = builtinProfiles().back();
  p.deterministic = true;
  p.dtype = ACL_FLOAT16;
  p.srcShape = {1, 2, 4, 4};
  p.dstShape = {1, 2, 2, 2};
  p.planes = 2;
  p.workspaceBytes = 32;
  p.coresUsed = 2;
  p.strategy = "one plane per core, \"quoted\"\tand tabbed";
  p.phases = {{PhaseKind::kZero, "zero, \"quoted\""}, {PhaseKind::kCompute, "compute"}};
  for (int c = 0; c < 2; ++c) {
    Tile tile;
    tile.id = c;
    tile.phase = c;
    tile.core = c;
    tile.src = Box{c, c + 1, 0, 4, 0, 4};
    tile.dst = Box{c, c + 1, 0, 2, 0, 2};
    tile.ubBytes = 96;
    tile.bytesIn = 32;
    tile.bytesOut = 8;
    tile.vectorElems = 16;
    tile.estimatedUs = 0.1 + c;
    p.tiles.push_back(tile);
  }
  for (int c = 0; c < 2; ++c) {
    t.events.push_back({c, c, EventKind::kCopyIn, Pipe::kMte2, 0.0, 0.00128, 32});
    t.events.push_back({c, c, EventKind::kCompute, Pipe::kVector, 0.00128, 0.00328, 0});
    t.events.push_back({c, c, EventKind::kCopyOut, Pipe::kMte3, 0.00328, 0.0036, 8});
  }
  const float values[] = {0.1f, -0.0f, 3.4028235e38f, 1e-45f, std::numeric_limits<float>::quiet_NaN(),
                          std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(), 1.0f / 3};
  float sum = 0;
  for (int i = 0; i < 8; ++i) {
    sum += values[i];
    t.moves.push_back({i + 3, i % 2, i / 4, i / 4, static_cast<uint64_t>(i), static_cast<uint32_t>(i / 2), values[i], sum});
  }
  return t;
}

TEST(ChromeTrace, ParsesAndHasALanePerCoreAndPipe) {
  const Trace t = sampleTrace();
  json doc = json::parse(chromeTraceJson(t));
  ASSERT_TRUE(doc.contains("traceEvents"));
  std::map<int, std::string> processes;
  std::map<std::pair<int, int>, std::string> lanes;
  int complete = 0;
  for (const json& e : doc["traceEvents"]) {
    const std::string ph = e["ph"];
    if (ph == "M" && e["name"] == "process_name") processes[e["pid"]] = e["args"]["name"];
    if (ph == "M" && e["name"] == "thread_name") lanes[{e["pid"], e["tid"]}] = e["args"]["name"];
    if (ph == "X") {
      ++complete;
      EXPECT_TRUE(e["ts"].is_number());
      EXPECT_GE(e["dur"].get<double>(), 0.0);
      if (e["cat"] != "launch") {
        EXPECT_TRUE(e["args"].contains("tile"));
        EXPECT_TRUE(e["args"].contains("bytes"));
      }
      EXPECT_TRUE(lanes.count({e["pid"], e["tid"]})) << "every event sits on a named lane: " << e.dump();
    }
  }
  EXPECT_EQ(complete, 7) << "six events and the launch";
  EXPECT_EQ(processes.size(), 3u);
  EXPECT_EQ(processes[1], "AIV 1");
  EXPECT_EQ(processes[2], "launch");
  EXPECT_EQ(lanes.size(), 7u);
  EXPECT_EQ((lanes[{1, 0}]), "AIV 1 / MTE2");
  EXPECT_EQ((lanes[{1, 1}]), "AIV 1 / VECTOR");
  EXPECT_EQ((lanes[{1, 2}]), "AIV 1 / MTE3");

  const json* copyIn = nullptr;
  for (const json& e : doc["traceEvents"]) {
    if (e["ph"] == "X" && e["pid"] == 1 && e["name"] == "CopyIn") copyIn = &e;
  }
  ASSERT_NE(copyIn, nullptr);
  EXPECT_EQ((*copyIn)["tid"], 0);
  EXPECT_DOUBLE_EQ((*copyIn)["dur"].get<double>(), 0.00128);
  EXPECT_EQ((*copyIn)["args"]["tile"], 1);
  EXPECT_EQ((*copyIn)["args"]["bytes"], 32);

  const json* launch = nullptr;
  for (const json& e : doc["traceEvents"]) {
    if (e["ph"] == "X" && e["name"] == "kernel launch") launch = &e;
  }
  ASSERT_NE(launch, nullptr);
  EXPECT_DOUBLE_EQ((*launch)["dur"].get<double>(), t.plan.profile.launchOverheadUs);
  EXPECT_TRUE(doc["otherData"]["modelledUs"].is_number());
}

TEST(ChromeTrace, EmptyTraceIsStillValidJson) {
  Trace t;
  json doc = json::parse(chromeTraceJson(t));
  EXPECT_TRUE(doc["traceEvents"].is_array());
}

TEST(TraceMoves, RoundTripsBitExactly) {
  const Trace t = sampleTrace();
  const std::string text = traceMovesJson(t);
  EXPECT_NO_THROW(json::parse(text));
  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(text, &back, &error)) << error;

  EXPECT_EQ(back.plan.op, t.plan.op);
  EXPECT_EQ(back.plan.dtype, ACL_FLOAT16);
  EXPECT_TRUE(back.plan.deterministic);
  EXPECT_EQ(back.plan.profile.name, "classroom");
  EXPECT_EQ(back.plan.profile.ubBytes, t.plan.profile.ubBytes);
  EXPECT_EQ(back.plan.profile.vectorElemsPerNs, t.plan.profile.vectorElemsPerNs);
  EXPECT_EQ(back.plan.srcShape, t.plan.srcShape);
  EXPECT_EQ(back.plan.dstShape, t.plan.dstShape);
  EXPECT_EQ(back.plan.strategy, t.plan.strategy);
  EXPECT_EQ(back.plan.workspaceBytes, 32u);
  ASSERT_EQ(back.plan.tiles.size(), 2u);
  EXPECT_EQ(back.plan.tiles[1].src.plane0, 1);
  EXPECT_EQ(back.plan.tiles[1].dst.col1, 2);
  EXPECT_EQ(back.plan.tiles[1].estimatedUs, 1.1);
  ASSERT_EQ(back.events.size(), t.events.size());
  for (size_t i = 0; i < t.events.size(); ++i) {
    EXPECT_EQ(back.events[i].kind, t.events[i].kind);
    EXPECT_EQ(back.events[i].pipe, t.events[i].pipe);
    EXPECT_EQ(back.events[i].endUs, t.events[i].endUs);
  }
  ASSERT_EQ(back.moves.size(), t.moves.size());
  for (size_t i = 0; i < t.moves.size(); ++i) {
    const CellMove &a = t.moves[i], &b = back.moves[i];
    EXPECT_EQ(b.src, a.src);
    EXPECT_EQ(b.dst, a.dst);
    EXPECT_EQ(b.core, a.core);
    EXPECT_EQ(b.tile, a.tile);
    EXPECT_EQ(b.orderAtDst, a.orderAtDst);
    EXPECT_EQ(b.sequence, i);
    if (std::isnan(a.value)) {
      EXPECT_TRUE(std::isnan(b.value));
    } else {
      EXPECT_EQ(bitsOf(b.value), bitsOf(a.value)) << i;
    }
    if (!std::isnan(a.sumAfter)) {
      EXPECT_EQ(bitsOf(b.sumAfter), bitsOf(a.sumAfter)) << i;
    }
  }
}

// Steps (the kernel listing's line of each event and move) are optional: written where a run recorded one,
// in all four move shapes (with and without hop and weight), and read back; version 3 files have none.
TEST(TraceMoves, StepsRoundTripAndOlderFilesLoadWithout) {
  Trace t = sampleTrace();
  t.events[0].step = 3;
  t.moves[0].step = 5;                                       // 8 entries
  t.moves[1].hop = Hop::kIntoIntermediate, t.moves[1].step = 7;  // 10 entries
  t.moves[2].hop = Hop::kOutOfIntermediate;                  // 9 entries, no step
  const std::string text = traceMovesJson(t);
  json doc = json::parse(text);
  EXPECT_EQ(doc["version"], 4);
  EXPECT_EQ(doc["events"][0].size(), 8u);
  EXPECT_EQ(doc["events"][1].size(), 7u);
  EXPECT_EQ(doc["moves"][0].size(), 8u);
  EXPECT_EQ(doc["moves"][1].size(), 10u);
  EXPECT_EQ(doc["moves"][2].size(), 9u);
  EXPECT_EQ(doc["moves"][3].size(), 7u);
  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(text, &back, &error)) << error;
  EXPECT_EQ(back.events[0].step, 3);
  EXPECT_EQ(back.events[1].step, kNoStep);
  EXPECT_EQ(back.moves[0].step, 5);
  EXPECT_EQ(back.moves[0].hop, Hop::kDirect);
  EXPECT_EQ(back.moves[1].step, 7);
  EXPECT_EQ(back.moves[1].hop, Hop::kIntoIntermediate);
  EXPECT_EQ(back.moves[2].step, kNoStep);
  EXPECT_EQ(back.moves[2].hop, Hop::kOutOfIntermediate);
  EXPECT_EQ(back.moves[3].step, kNoStep);

  // A version 3 file (no steps) still loads.
  doc = json::parse(traceMovesJson(sampleTrace()));
  doc["version"] = 3;
  ASSERT_TRUE(parseTraceMovesJson(doc.dump(), &back, &error)) << error;
  for (const CellMove& m : back.moves) EXPECT_EQ(m.step, kNoStep);
}

TEST(TraceMoves, ManyFloatsRoundTrip) {
  Trace t = sampleTrace();
  t.moves.clear();
  uint32_t state = 12345;
  for (int i = 0; i < 20000; ++i) {
    state = state * 1664525u + 1013904223u;
    float f;
    uint32_t bits = state;
    if ((bits & 0x7F800000u) == 0x7F800000u) bits ^= 0x40000000u;  // keep them finite
    std::memcpy(&f, &bits, 4);
    t.moves.push_back({i, i, 0, 0, static_cast<uint64_t>(i), 0, f, f});
  }
  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(traceMovesJson(t), &back, &error)) << error;
  for (size_t i = 0; i < t.moves.size(); ++i) ASSERT_EQ(bitsOf(back.moves[i].value), bitsOf(t.moves[i].value)) << i;
}

TEST(TraceMoves, FilesAndErrors) {
  const std::string path = ::testing::TempDir() + "gradlab_trace_moves.json";
  std::string error;
  ASSERT_TRUE(writeTraceMoves(sampleTrace(), path, &error)) << error;
  Trace back;
  ASSERT_TRUE(loadTraceMoves(path, &back, &error)) << error;
  EXPECT_EQ(back.moves.size(), 8u);
  std::remove(path.c_str());

  EXPECT_FALSE(loadTraceMoves(path, &back, &error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
  EXPECT_FALSE(writeChromeTrace(sampleTrace(), "/nonexistent-dir/x.json", &error));
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;

  EXPECT_FALSE(parseTraceMovesJson("{", &back, &error));
  EXPECT_FALSE(parseTraceMovesJson("{\"traceEvents\": []}", &back, &error));
  EXPECT_NE(error.find("not a gradlab trace"), std::string::npos) << error;

  json doc = json::parse(traceMovesJson(sampleTrace()));
  doc["version"] = 5;
  EXPECT_FALSE(parseTraceMovesJson(doc.dump(), &back, &error));
  EXPECT_NE(error.find("version 5"), std::string::npos) << error;

  doc = json::parse(traceMovesJson(sampleTrace()));
  doc["events"][0].push_back(-2);  // a step id is never negative in a file
  EXPECT_FALSE(parseTraceMovesJson(doc.dump(), &back, &error));
  EXPECT_NE(error.find("step -2"), std::string::npos) << error;

  doc = json::parse(traceMovesJson(sampleTrace()));
  doc["moves"][3] = json::array({1, 2, 3});
  EXPECT_FALSE(parseTraceMovesJson(doc.dump(), &back, &error));
  EXPECT_NE(error.find("moves[3]"), std::string::npos) << error;

  doc = json::parse(traceMovesJson(sampleTrace()));
  doc["moves"][0][3] = 7;
  EXPECT_FALSE(parseTraceMovesJson(doc.dump(), &back, &error));
  EXPECT_NE(error.find("names tile 7"), std::string::npos) << error;

  doc = json::parse(traceMovesJson(sampleTrace()));
  doc["plan"]["op"] = "Conv2d";
  EXPECT_FALSE(parseTraceMovesJson(doc.dump(), &back, &error));
  EXPECT_NE(error.find("unknown op"), std::string::npos) << error;
}

}  // namespace
}  // namespace gradlab
