// Trace files gradlab did not write: nesting deep enough to overflow the stack of a recursive walk, and
// numbers their field cannot hold (2^40 for a core, a fraction for a tile, 1e300 for an fp32 value), are
// refused with a line naming the field, never truncated, wrapped or crashed on.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "gradlab/runner.h"
#include "gradlab/trace_export.h"

namespace gradlab {
namespace {

std::string sampleTraceText() {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 2;
  r.shape.out[kH] = r.shape.out[kW] = 4;
  r.trace = true;
  const RunResult result = run(r);
  EXPECT_TRUE(result.ok() && result.trace) << result.message;
  return result.trace ? traceMovesJson(*result.trace) : std::string();
}

// The trace with the first entry of its first move replaced by `entry`.
std::string withFirstMoveEntry(std::string text, size_t index, const std::string& entry) {
  size_t at = text.find("\"moves\":") + 8;
  at = text.find('[', at) + 1;  // the moves array
  at = text.find('[', at) + 1;  // its first move
  for (size_t i = 0; i < index; ++i) at = text.find(',', at) + 1;
  const size_t end = text.find_first_of(",]", at);
  return text.replace(at, end - at, entry);
}

::testing::AssertionResult refused(const std::string& text, const std::string& expected) {
  Trace out;
  std::string error;
  if (parseTraceMovesJson(text, &out, &error)) return ::testing::AssertionFailure() << "parsed";
  if (error.find(expected) == std::string::npos) return ::testing::AssertionFailure() << "error: " << error;
  return ::testing::AssertionSuccess();
}

TEST(TraceJsonLimits, TheSampleParses) {
  Trace out;
  std::string error;
  EXPECT_TRUE(parseTraceMovesJson(sampleTraceText(), &out, &error)) << error;
}

TEST(TraceJsonLimits, DeepNestingIsRefused) {
  const std::string deep = std::string(200'000, '[') + "1" + std::string(200'000, ']');
  std::string text = sampleTraceText();
  text.insert(1, "\"extra\": " + deep + ", ");
  EXPECT_TRUE(refused(text, "\"extra\" nests arrays or objects deeper than 64 levels"));
}

TEST(TraceJsonLimits, NumbersOutsideTheirFieldAreRefused) {
  const std::string text = sampleTraceText();
  EXPECT_TRUE(refused(withFirstMoveEntry(text, 2, "1099511627776"), "moves[0] is 1099511627776, outside [-2147483648, 2147483647]"));
  EXPECT_TRUE(refused(withFirstMoveEntry(text, 3, "0.5"), "moves[0] is not an integer"));
  EXPECT_TRUE(refused(withFirstMoveEntry(text, 4, "-1"), "moves[0] is -1, outside [0, 4294967295]"));
  EXPECT_TRUE(refused(withFirstMoveEntry(text, 5, "1e300"), "moves[0] holds 1e+300, outside float32's finite range"));
  EXPECT_TRUE(refused(withFirstMoveEntry(text, 0, "18446744073709551615"), "moves[0] is 18446744073709551615, outside the range of int64"));
}

// The text with the first `"key":NUMBER` replaced by `"key":value`.
std::string withField(std::string text, const std::string& key, const std::string& value) {
  const size_t at = text.find("\"" + key + "\":");
  EXPECT_NE(at, std::string::npos) << key;
  if (at == std::string::npos) return text;
  const size_t from = at + key.size() + 3;
  return text.replace(from, text.find_first_of(",}", from) - from, value);
}

// Counts the readers allocate by (chromeTraceJson's per-core tracks, the app's lanes) are bounded by what
// the profile holds: coresUsed = 2^31 - 1 used to load and then throw bad_alloc in chromeTraceJson.
TEST(TraceJsonLimits, CoreCountsOutsideTheProfileAreRefused) {
  const std::string text = sampleTraceText();
  EXPECT_TRUE(refused(withField(text, "coresUsed", "2147483647"), "plan.coresUsed (the profile has"));
  EXPECT_TRUE(refused(withField(text, "coresUsed", "2147483647"), "is 2147483647, outside [0, "));
  EXPECT_TRUE(refused(withField(text, "coresUsed", "-1"), "plan.coresUsed"));
  EXPECT_TRUE(refused(withField(text, "vectorCores", "2147483647"), "profile.vectorCores is 2147483647, outside [1, 1024]"));
  EXPECT_TRUE(refused(withField(text, "cubeCores", "100000"), "profile.cubeCores is 100000, outside [0, 1024]"));
  EXPECT_TRUE(refused(withField(text, "cubeLanes", "2147483647"), "plan.cubeLanes is 2147483647"));
}

TEST(TraceJsonLimits, AnEventOnACoreThePlanDoesNotUseIsRefused) {
  std::string text = sampleTraceText();
  size_t at = text.find("\"events\":");
  ASSERT_NE(at, std::string::npos);
  at = text.find('[', text.find('[', at) + 1) + 1;  // the first event's core
  text.replace(at, text.find(',', at) - at, "2147483646");
  EXPECT_TRUE(refused(text, "events[0]'s core is 2147483646, outside [0, "));
}

// A tile is looked up by its id (modelledTime, for chromeTraceJson): an id past the tiles read outside
// the vector (the files fuzzer's, UBSan), and tiles out of phase order break the phase lookup.
TEST(TraceJsonLimits, TileIdsAreTheirPositionsInPhaseOrder) {
  const std::string text = sampleTraceText();
  EXPECT_TRUE(refused(withField(text, "id", "5"), "plan.tiles[0].id is 5, not its position 0"));
  Trace trace;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(text, &trace, &error)) << error;
  ASSERT_GE(trace.plan.tiles.size(), 2u);
  trace.plan.phases.push_back({PhaseKind::kCompute, "later"});
  trace.plan.tiles[0].phase = 1;
  trace.events.clear();
  EXPECT_TRUE(refused(traceMovesJson(trace), "plan.tiles[1].phase 0 comes after phase 1 (tiles are in phase order)"));
}

// A name read from the file is quoted on one line (its newline escaped), so the reason stays one line.
TEST(TraceJsonLimits, AReasonIsOneLineWhateverTheFileHolds) {
  std::string text = sampleTraceText();
  const std::string op = "\"UpsampleNearestExact2dBackward\"";
  const size_t at = text.find(op);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, op.size(), "\"Upsample\\nBackward\"");
  Trace trace;
  std::string error;
  EXPECT_FALSE(parseTraceMovesJson(text, &trace, &error));
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_NE(error.find("unknown op \"Upsample\\nBackward\""), std::string::npos) << error;
}

TEST(TraceJsonLimits, TheFileIsNamedWithTheField) {
  const std::string path = ::testing::TempDir() + "gradlab_trace_cores_used.json";
  {
    std::ofstream file(path);
    file << withField(sampleTraceText(), "coresUsed", "2147483647");
  }
  Trace out;
  std::string error;
  EXPECT_FALSE(loadTraceMoves(path, &out, &error));
  EXPECT_EQ(error.find("'" + path + "': plan.coresUsed"), 0u) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  std::remove(path.c_str());
}

}  // namespace
}  // namespace gradlab
