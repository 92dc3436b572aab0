// gradlab/refusal.h: every rule of the table explains a real refusal with the call's own numbers; a run
// that succeeds gets no explanation; a refusal no rule fits, or one whose sentence disagrees with what the
// rule recomputes from the request, gets the honest fallback, never a wrong explanation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "aclnnop/aclnn_upsample_nearest_exact1d_backward.h"
#include "gradlab/profile.h"
#include "gradlab/refusal_facts.h"

#include "refusal_cases.h"

namespace gradlab {
namespace {

using refusal::Explanation;

bool anyContains(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += "\n  " + l;
  return s;
}

class ExplainRefusalCase : public ::testing::TestWithParam<refusal_cases::Case> {};

TEST_P(ExplainRefusalCase, NamesTheRuleWithTheCallsNumbers) {
  const refusal_cases::Case& c = GetParam();
  const Explanation e = c.explanation();
  ASSERT_TRUE(e.refused);
  ASSERT_TRUE(e.matched) << "status " << e.status << " at " << e.stage << ": " << e.message;
  EXPECT_EQ(e.ruleId, c.rule) << e.message;
  for (const std::string& n : c.numbers) EXPECT_TRUE(anyContains(e.numbers, n)) << n << " not in" << joined(e.numbers);
  EXPECT_TRUE(anyContains(e.fixes, c.fix)) << c.fix << " not in" << joined(e.fixes);
  EXPECT_EQ(e.picture.kind, c.picture);
  EXPECT_FALSE(e.plain.empty());
  EXPECT_FALSE(e.rule.empty());
  // The picture has what its kind promises, and marks the offence.
  switch (e.picture.kind) {
    case refusal::PictureKind::kGauges:
      ASSERT_FALSE(e.picture.gauges.empty());
      EXPECT_TRUE(std::any_of(e.picture.gauges.begin(), e.picture.gauges.end(), [](const refusal::Gauge& g) {
        return g.offending && !refusal::gaugeLegal(g, g.value);
      }));
      break;
    case refusal::PictureKind::kShapes:
      ASSERT_FALSE(e.picture.shapes.empty());
      EXPECT_TRUE(std::any_of(e.picture.shapes.begin(), e.picture.shapes.end(), [](const refusal::ShapeView& s) {
        return std::find(s.marked.begin(), s.marked.end(), true) != s.marked.end();
      }));
      break;
    case refusal::PictureKind::kPlane: {
      const refusal::PlaneView& p = e.picture.plane;
      EXPECT_TRUE(p.index < 0 || p.index >= p.rows * p.cols);
      EXPECT_EQ(p.row * p.cols + p.col, p.index);
      EXPECT_LT(p.winRow0, p.winRow1);
      EXPECT_LT(p.winCol0, p.winCol1);
      break;
    }
    case refusal::PictureKind::kChoices:
      EXPECT_FALSE(e.picture.choices.allowed.empty());
      EXPECT_EQ(std::count(e.picture.choices.allowed.begin(), e.picture.choices.allowed.end(), e.picture.choices.given), 0);
      break;
    case refusal::PictureKind::kNone:
      break;
  }
  // The text the CLI prints: the rule, the numbers and the fixes.
  const std::string text = refusal::text(e);
  EXPECT_NE(text.find("[" + c.rule + "]"), std::string::npos) << text;
  EXPECT_NE(text.find(c.numbers.front().substr(0, 20)), std::string::npos) << text;
  EXPECT_NE(text.find("to make it legal:"), std::string::npos) << text;
}

INSTANTIATE_TEST_SUITE_P(Rules, ExplainRefusalCase, ::testing::ValuesIn(refusal_cases::allCases()),
                         [](const ::testing::TestParamInfo<refusal_cases::Case>& info) { return info.param.name; });

TEST(ExplainRefusal, EveryRuleOfTheTableHasACase) {
  std::set<std::string> covered;
  for (const refusal_cases::Case& c : refusal_cases::allCases()) covered.insert(c.rule);
  for (const refusal::RuleInfo& r : refusal::rules()) {
    EXPECT_TRUE(covered.count(r.id)) << r.id << " has no case";
    EXPECT_NE(std::string(r.name), "");
    EXPECT_NE(std::string(r.trigger), "");
    EXPECT_NE(r.picture, refusal::PictureKind::kNone);
  }
  EXPECT_EQ(covered.size(), refusal::rules().size());
}

TEST(ExplainRefusal, ASuccessfulRunIsNotExplained) {
  const RunRequest r = refusal_cases::requestFor(OpKind::kUpsampleNearestExact1dBackward, 1, 2, 1, 60);  // 30x
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Explanation e = refusal::explain(r, result);
  EXPECT_FALSE(e.refused);
  EXPECT_FALSE(e.matched);
  EXPECT_EQ(refusal::text(e), "");
  // Exactly 50x is legal: the ratio 1/50 is 0.02.
  EXPECT_TRUE(run(refusal_cases::requestFor(OpKind::kUpsampleNearestExact1dBackward, 1, 1, 1, 50)).ok());
  // The empty 2-D backward is success (out zeroed), not a refusal.
  RunRequest empty = refusal_cases::requestFor(OpKind::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
  empty.shape.N = 0;
  const RunResult emptyResult = run(empty);
  EXPECT_TRUE(emptyResult.ok()) << emptyResult.message;
  EXPECT_FALSE(refusal::explain(empty, emptyResult).refused);
}

TEST(ExplainRefusal, AnUnknownFailureGetsTheHonestFallback) {
  const RunRequest r = refusal_cases::requestFor(OpKind::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
  RunResult odd;
  odd.status = ACLNN_ERR_PARAM_INVALID;
  odd.stage = "GetWorkspaceSize";
  odd.message = "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize: out format NHWC differs from gradOutput format NCHW";
  const Explanation e = refusal::explain(r, odd);
  EXPECT_TRUE(e.refused);
  EXPECT_FALSE(e.matched);
  EXPECT_EQ(e.codeName, "ACLNN_ERR_PARAM_INVALID");
  EXPECT_TRUE(e.numbers.empty());
  EXPECT_EQ(e.picture.kind, refusal::PictureKind::kNone);
  const std::string text = refusal::text(e);
  EXPECT_NE(text.find("No rule of the explainer's table matches"), std::string::npos) << text;
  EXPECT_NE(text.find("out format NHWC"), std::string::npos) << text;
}

// The explanation comes from the rule and facts the library recorded where it refused, never from its
// sentence: a reworded (or translated, or emptied) message explains the same, and a sentence that reads like
// a rule's but comes with no recorded rule is not explained.
TEST(ExplainRefusal, ExplainsFromTheRecordedFactsNeverFromTheSentence) {
  for (const refusal_cases::Case& c : refusal_cases::allCases()) {
    if (!c.deviceSpec.empty()) continue;  // ADeviceSpecIsExplainedFromFactsNotFromTheSentence
    const RunResult result = c.result();
    ASSERT_FALSE(result.refusal.empty()) << c.name << ": " << result.message;
    EXPECT_EQ(result.refusal.rule, c.rule) << c.name;
    const refusal::Explanation asRun = refusal::explain(c.request, result);
    RunResult reworded = result;
    reworded.message = "the library said no";
    const refusal::Explanation e = refusal::explain(c.request, reworded);
    EXPECT_TRUE(e.matched) << c.name;
    EXPECT_EQ(e.ruleId, asRun.ruleId) << c.name;
    EXPECT_EQ(e.numbers, asRun.numbers) << c.name;
    EXPECT_EQ(e.fixes, asRun.fixes) << c.name;
    EXPECT_EQ(e.message, "the library said no") << c.name;
    RunResult noRule = result;
    noRule.refusal = RefusalFacts{};
    EXPECT_FALSE(refusal::explain(c.request, noRule).matched) << c.name << ": no rule recorded, no explanation";
  }
}

// A device spec is explained from the parser's facts, never from its sentence: a reworded (or translated,
// or empty) error gives the same explanation.
TEST(ExplainRefusal, ADeviceSpecIsExplainedFromFactsNotFromTheSentence) {
  for (const std::string spec : {"classroom:ub=512", "cubes=0", "cores=4000", "atlas-a9"}) {
    DeviceProfile p;
    std::string error;
    ASSERT_FALSE(parseProfileSpec(spec, &p, &error)) << spec;
    const refusal::Explanation asWritten = refusal::explainDeviceSpec(spec, error);
    const refusal::Explanation reworded = refusal::explainDeviceSpec(spec, "the device spec was not accepted");
    ASSERT_TRUE(asWritten.matched) << spec;
    EXPECT_TRUE(reworded.matched) << spec;
    EXPECT_EQ(reworded.ruleId, asWritten.ruleId) << spec;
    EXPECT_EQ(reworded.numbers, asWritten.numbers) << spec;
    EXPECT_EQ(reworded.fixes, asWritten.fixes) << spec;
    EXPECT_EQ(reworded.message, "the device spec was not accepted");
  }
  EXPECT_EQ(refusal::explainDeviceSpec("classroom:ub=512", "").numbers,
            std::vector<std::string>{"profile classroom: ubBytes = 512 B is outside [1 KiB, 64 MiB]"});
  EXPECT_EQ(refusal::explainDeviceSpec("cubes=0", "").fixes, std::vector<std::string>{"cubes=1 .. 1024"});
  // A spec that parses, or one refused for its form, has no rule to explain it.
  EXPECT_FALSE(refusal::explainDeviceSpec("classroom", "").matched);
  EXPECT_FALSE(refusal::explainDeviceSpec("classroom:cores", "bad item").matched);
}

TEST(ExplainRefusal, TheTextDrawsASmallPicture) {
  const RunRequest r = refusal_cases::requestFor(OpKind::kUpsampleNearestExact1dBackward, 1, 1, 1, 60);
  const std::string text = refusal::text(refusal::explain(r, run(r)));
  EXPECT_NE(text.find("explain: ACLNN_ERR_PARAM_INVALID (161002) in GetWorkspaceSize"), std::string::npos) << text;
  EXPECT_NE(text.find("=|!"), std::string::npos) << text;  // the bar crosses the limit
  EXPECT_NE(text.find("60x  (at most 50x)"), std::string::npos) << text;

  RunRequest pool = refusal_cases::requestFor(OpKind::kAdaptiveMaxPool2dBackward, 3, 3, 2, 2);
  pool.indices = {4, 5, 10, 8};
  const std::string plane = refusal::text(refusal::explain(pool, run(pool)));
  EXPECT_NE(plane.find("| o o . |"), std::string::npos) << plane;  // the window, rows 1..2
  EXPECT_NE(plane.find("X      <- indices[0, 0, 1, 0] = 10"), std::string::npos) << plane;
}

// A direct aclnn call leaves its rule and facts beside aclGetRecentErrMsg(); a check without a rule, or a
// runtime error, leaves none.
TEST(ExplainRefusal, TheLastRefusalIsAQueryOfItsOwn) {
  const RunRequest r = refusal_cases::requestFor(OpKind::kUpsampleNearestExact1dBackward, 1, 1, 1, 60);
  const RunResult result = run(r);
  ASSERT_EQ(result.status, ACLNN_ERR_PARAM_INVALID);
  EXPECT_EQ(result.refusal.rule, "upsample-ratio");
  EXPECT_EQ(result.refusal.text("axis"), "L");
  EXPECT_EQ(result.refusal.number("in"), 1.0);
  EXPECT_EQ(result.refusal.number("out"), 60.0);
  EXPECT_EQ(result.refusal.number("maxGrowth"), 50.0);
  EXPECT_DOUBLE_EQ(result.refusal.number("minRatio"), 0.02);
  EXPECT_EQ(result.refusal.text("api"), "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize");
  EXPECT_TRUE(std::isnan(result.refusal.number("api")));
  EXPECT_TRUE(std::isnan(result.refusal.number("absent")));
  EXPECT_EQ(result.refusal.text("absent"), "");
  // The same facts on the calling thread, as the check left them.
  EXPECT_EQ(lastRefusalFacts().rule, "upsample-ratio");
  uint64_t workspace = 0;
  aclOpExecutor* executor = nullptr;
  ASSERT_EQ(aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, 0.0, nullptr, &workspace,
                                                                &executor),
            ACLNN_ERR_PARAM_NULLPTR);
  EXPECT_TRUE(lastRefusalFacts().empty()) << "a null check records no rule";
  EXPECT_NE(aclrtSetDevice(-1), ACL_SUCCESS);  // a runtime refusal: no rule either
  EXPECT_TRUE(lastRefusalFacts().empty());
}

TEST(ExplainRefusal, CodeNames) {
  EXPECT_STREQ(refusal::codeName(161002), "ACLNN_ERR_PARAM_INVALID");
  EXPECT_STREQ(refusal::codeName(161001), "ACLNN_ERR_PARAM_NULLPTR");
  EXPECT_STREQ(refusal::codeName(507015), "ACL_ERROR_RT_AICORE_EXCEPTION");
  EXPECT_STREQ(refusal::codeName(12345), "");
}

}  // namespace
}  // namespace gradlab
