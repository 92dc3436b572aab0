// Trace files gradlab did not write: nesting deep enough to overflow the stack of a recursive walk, and
// numbers their field cannot hold (2^40 for a core, a fraction for a tile, 1e300 for an fp32 value), are
// refused with a line naming the field, never truncated, wrapped or crashed on.
#include <gtest/gtest.h>

#include <string>

#include "gradlab/runner.h"
#include "gradlab/trace_export.h"

namespace gradlab {
namespace {

std::string sampleTraceText() {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.inH = r.inW = 2;
  r.outH = r.outW = 4;
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

}  // namespace
}  // namespace gradlab
