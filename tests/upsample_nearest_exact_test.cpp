// The upsample-nearest-exact case table (seed sample, PyTorch cases, random problems against the
// independent reference, tiling, traces, golden vectors, every check) plus focused tests of the pieces.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <tuple>

#include "gradlab/profile.h"
#include "ops/upsample_nearest_exact/source_index.h"
#include "support/cases.h"
#include "support/device_tensor.h"
#include "support/reference_upsample.h"
#include "support/upsample_case_runner.h"

namespace gradlab {
namespace {

const std::vector<cases::Case>& table() {
  static const std::vector<cases::Case> all = cases::upsampleCases();
  return all;
}

class UpsampleCase : public ::testing::TestWithParam<size_t> {};

TEST_P(UpsampleCase, Passes) {
  testing::RuntimeScope::shared();
  const cases::Case& c = table()[GetParam()];
  const cases::CaseResult r = c.run();
  EXPECT_TRUE(r.passed) << c.group << "/" << c.name << ": " << r.detail;
}

INSTANTIATE_TEST_SUITE_P(Table, UpsampleCase, ::testing::Range<size_t>(0, table().size()),
                         [](const ::testing::TestParamInfo<size_t>& info) { return table()[info.param].name; });

TEST(UpsampleTable, NamesAreUniqueAndGroupsPresent) {
  std::set<std::string> names, groups;
  for (const cases::Case& c : table()) {
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate case " << c.name;
    for (char ch : c.name) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') << c.name;
    groups.insert(c.group);
  }
  for (const char* g : {"seed", "rounding", "pytorch", "reference", "tiling", "trace", "modes", "checks"}) {
    EXPECT_TRUE(groups.count(g)) << "no case in group " << g;
  }
}

TEST(UpsampleSourceIndex, Float32RoundingOfTheProduct) {
  using ops::upsample::makeAxisMap;
  const auto m = makeAxisMap(2, 41, 0.0);
  EXPECT_EQ(m.src[20], 0);  // 20.5 * float(2/41) rounds to 0.99999994f
  EXPECT_EQ(m.src[21], 1);
  EXPECT_EQ(m.first, (std::vector<int64_t>{0, 21, 41}));
  for (int64_t o = 0; o < 41; ++o) EXPECT_EQ(m.src[o], reference::nearestExactSource(o, 2, 41, 0.0));
}

TEST(UpsampleSourceIndex, InverseRangesAndUniformFactor) {
  using ops::upsample::makeAxisMap;
  for (auto [in, out, scale] : {std::tuple<int64_t, int64_t, double>{4, 8, 0.0},
                                {3, 7, 0.0},
                                {8, 4, 2.0},
                                {5, 40, 0.5},
                                {10, 15, 1.7},
                                {7, 7, 0.6},
                                {4, 12, 3.0}}) {
    const auto m = makeAxisMap(in, out, scale);
    ASSERT_EQ(static_cast<int64_t>(m.first.size()), in + 1);
    EXPECT_EQ(m.first.front(), 0);
    EXPECT_EQ(m.first.back(), out);
    for (int64_t i = 0; i < in; ++i) {
      for (int64_t o = m.first[i]; o < m.first[i + 1]; ++o) EXPECT_EQ(m.src[o], i) << in << "->" << out;
    }
    for (int64_t o = 0; o < out; ++o) EXPECT_EQ(m.src[o], reference::nearestExactSource(o, in, out, scale));
  }
  EXPECT_EQ(makeAxisMap(4, 8, 0.0).factor, 2);
  EXPECT_EQ(makeAxisMap(4, 12, 3.0).factor, 3);
  EXPECT_EQ(makeAxisMap(3, 7, 0.0).factor, 0);
  EXPECT_EQ(makeAxisMap(5, 5, 0.0).factor, 1);
}

TEST(UpsampleSourceIndex, HugeProductSaturatesAtTheLastCell) {
  const auto m = ops::upsample::makeAxisMap(3, 4, 1e-300);  // s = float(1e300) = inf
  for (int64_t v : m.src) EXPECT_EQ(v, 2);
}

// The classroom profile (4 cores, 16 KiB UB) forces many tiles; the deterministic plan must give every
// gradInput cell exactly one owner and keep every tile within the UB.
TEST(UpsamplePlan, ClassroomDeterministicPlanOwnsEveryCellOnce) {
  cases::upsample::Problem p;
  p.shape = {2, 3, 21, 300, 50, 610, 0.0, 0.0};
  p.profile = "classroom";
  p.deterministic = true;
  const cases::upsample::Outcome o = cases::upsample::runProblem(p);
  ASSERT_EQ(o.status, 0) << o.message;
  const cases::CaseResult plan = cases::upsample::judgePlan(p, o.plan);
  EXPECT_TRUE(plan.passed) << plan.detail;
  EXPECT_EQ(o.plan.profile.name, "classroom");
  EXPECT_LE(o.plan.coresUsed, 4);
  EXPECT_GE(o.plan.tiles.size(), 2u * static_cast<size_t>(o.plan.coresUsed));  // several tiles per core
  EXPECT_FALSE(o.plan.strategy.empty());
  EXPECT_EQ(o.workspaceBytes, 0u);
  for (const Tile& t : o.plan.tiles) {
    EXPECT_LE(t.ubBytes, 16u * 1024u);
    EXPECT_FALSE(t.atomic);
  }
}

TEST(UpsamplePlan, DefaultModeSharesRowsAtCoreBoundariesWithAtomics) {
  cases::upsample::Problem p;
  p.shape = {1, 1, 5, 3, 10, 6, 0.0, 0.0};  // 10 gradOutput rows over 48 cores
  p.deterministic = false;
  const cases::upsample::Outcome o = cases::upsample::runProblem(p);
  ASSERT_EQ(o.status, 0) << o.message;
  size_t atomic = 0;
  for (const Tile& t : o.plan.tiles) atomic += t.atomic;
  EXPECT_GT(atomic, 0u);
  EXPECT_TRUE(cases::upsample::judgePlan(p, o.plan).passed);
  EXPECT_TRUE(cases::upsample::judgeValues(p, o).passed);
}

// The judges must be able to fail: a wrong golden expectation is reported.
TEST(UpsampleGolden, LoaderRunsCasesAndReportsMismatches) {
  const std::string path = ::testing::TempDir() + "upsample_golden_test.json";
  {
    std::ofstream f(path);
    f << R"({"cases":[
      {"name":"seed sample","op":"upsample_nearest_exact2d_backward","dtype":"float32",
       "params":{"output_size":[4,2],"input_size":[1,1,8,4],"scales":[2.0,2.0]},
       "inputs":{"gradOutput":{"shape":[1,1,4,2],"dtype":"float32","data":[0,1,2,3,4,5,6,7]}},
       "expected":{"gradInput":{"shape":[1,1,8,4],"dtype":"float32",
         "data":[6,0,0,0,22,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}}},
      {"name":"wrong","op":"upsample_nearest_exact1d","dtype":"float32",
       "params":{"output_size":[4],"scales":null},
       "inputs":{"self":{"shape":[1,1,2],"dtype":"float32","data":[1,"nan"]}},
       "expected":{"out":{"shape":[1,1,4],"dtype":"float32","data":[1,1,"nan",5]}}}]})";
  }
  const std::vector<cases::Case> golden = cases::upsample::goldenCases(path);
  std::remove(path.c_str());
  ASSERT_EQ(golden.size(), 2u);
  EXPECT_EQ(golden[0].name, "golden_seed_sample");
  EXPECT_EQ(golden[0].group, "golden");
  EXPECT_TRUE(golden[0].run().passed) << golden[0].run().detail;
  const cases::CaseResult wrong = golden[1].run();
  EXPECT_FALSE(wrong.passed);
  EXPECT_NE(wrong.detail.find("cell 3"), std::string::npos) << wrong.detail;
  EXPECT_TRUE(cases::upsample::goldenCases(path).empty());  // a missing file gives no cases
}

TEST(UpsampleJudges, WrongValuesAndOutsideWritesFail) {
  cases::upsample::Problem p;
  p.shape = {1, 1, 2, 2, 4, 4, 0.0, 0.0};
  cases::upsample::Outcome o = cases::upsample::runProblem(p);
  ASSERT_TRUE(cases::upsample::judgeValues(p, o).passed);
  o.output[3] = std::nextafter(o.output[3], 10.0f);
  EXPECT_FALSE(cases::upsample::judgeValues(p, o).passed);
  o = cases::upsample::runProblem(p);
  o.outsideProblem = "storage element 0 changed";
  EXPECT_FALSE(cases::upsample::judgeValues(p, o).passed);
}

}  // namespace
}  // namespace gradlab
