// The whole case table of the verify library (gradlab/verify.h), one test per case, plus what the table as
// a whole promises: unique names, golden vectors for every operator, and traced runs equal to untraced ones.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <string>

#include "gradlab/verify.h"
#include "runtime/core_pool.h"

namespace gradlab {
namespace {

const std::vector<verify::Case>& table() { return verify::allCases(); }

class VerifyCase : public ::testing::TestWithParam<size_t> {};

TEST_P(VerifyCase, Passes) {
  const verify::Case& c = table()[GetParam()];
  const verify::CaseResult r = c.run();
  EXPECT_TRUE(r.passed) << c.group << "/" << c.name << ": " << r.detail;
  RecordProperty("detail", r.detail);
}

INSTANTIATE_TEST_SUITE_P(Table, VerifyCase, ::testing::Range<size_t>(0, table().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) { return table()[info.param].name; });

TEST(VerifyTable, NamesAreUniqueIdentifiers) {
  std::set<std::string> names;
  for (const verify::Case& c : table()) {
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate case " << c.name;
    for (char ch : c.name) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') << c.name;
  }
}

// Golden vectors are found (from the source tree in a build) and every operator of the catalog has some:
// a golden file that vanished would fail here, not shrink the table silently.
TEST(VerifyTable, EveryOperatorHasGoldenVectors) {
  EXPECT_FALSE(verify::goldenDir().empty());
  std::map<OpKind, int> golden;
  for (const verify::Case& c : table()) {
    if (c.group != "golden") continue;
    EXPECT_NE(c.op, OpKind::kCount) << c.name << ": " << c.run().detail;
    ++golden[c.op];
  }
  for (const OpInfo& op : allOps()) EXPECT_GT(golden[op.kind], 0) << op.name << " has no golden case";
}

// Tracing only records: every case that computes something gives bit-identical outputs traced and untraced.
// One host thread fixes the order in which the cores' atomic adds land, so default-mode cases compare too.
TEST(VerifyTable, TracingNeverChangesAnOutput) {
  rt::limitHostThreads(1);
  std::map<std::string, uint64_t> untraced;
  for (const verify::Case& c : table()) untraced[c.name] = c.run().digest;
  verify::setTraceEveryRun(true);
  size_t compared = 0;
  for (const verify::Case& c : table()) {
    const verify::CaseResult traced = c.run();
    EXPECT_TRUE(traced.passed) << c.name << " traced: " << traced.detail;
    if (untraced[c.name] == 0) continue;
    EXPECT_EQ(traced.digest, untraced[c.name]) << c.name << ": the traced run computed different outputs";
    ++compared;
  }
  verify::setTraceEveryRun(false);
  rt::limitHostThreads(0);
  EXPECT_GT(compared, 300u);
}

}  // namespace
}  // namespace gradlab
