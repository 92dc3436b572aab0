// The nearest upsample part of the case table (its cases run in verify_table_test.cpp) and focused tests
// of the pieces: axis maps, plans, golden loading, the judges.
#include <gtest/gtest.h>

#include <limits>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <tuple>

#include "gradlab/profile.h"
#include "ops/nearest_engine/axis_map.h"
#include "verify/cases.h"
#include "verify/device_tensor.h"
#include "verify/reference_upsample.h"
#include "verify/judge.h"
#include "verify/run_case.h"

namespace gradlab {
namespace {

struct UpsampleShapeLiteral {
  int64_t N, C, inH, inW, outH, outW;
};

TEST(UpsampleTable, NamesAreUniqueAndGroupsPresent) {
  std::set<std::string> names, groups;
  for (const verify::Case& c : verify::upsampleCases()) {
    EXPECT_TRUE(names.insert(c.name).second) << "duplicate case " << c.name;
    for (char ch : c.name) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') << c.name;
    groups.insert(c.group);
  }
  for (const char* g : {"seed", "rounding", "pytorch", "reference", "tiling", "trace", "modes", "checks"}) {
    EXPECT_TRUE(groups.count(g)) << "no case in group " << g;
  }
}

TEST(UpsampleSourceIndex, Float32RoundingOfTheProduct) {
  using ops::nearest::makeAxisMap;
  const auto m = makeAxisMap(IndexRule::kNearestExact, 2, 41, 0.0);
  EXPECT_EQ(m.src[20], 0);  // 20.5 * float(2/41) rounds to 0.99999994f
  EXPECT_EQ(m.src[21], 1);
  EXPECT_EQ(m.first, (std::vector<int64_t>{0, 21, 41}));
  for (int64_t o = 0; o < 41; ++o) EXPECT_EQ(m.src[o], reference::nearestExactSource(o, 2, 41, 0.0));
}

TEST(UpsampleSourceIndex, InverseRangesAndUniformFactor) {
  using ops::nearest::makeAxisMap;
  for (auto [in, out, scale] : {std::tuple<int64_t, int64_t, double>{4, 8, 0.0},
                                {3, 7, 0.0},
                                {8, 4, 2.0},
                                {5, 40, 0.5},
                                {10, 15, 1.7},
                                {7, 7, 0.6},
                                {4, 12, 3.0}}) {
    const auto m = makeAxisMap(IndexRule::kNearestExact, in, out, scale);
    ASSERT_EQ(static_cast<int64_t>(m.first.size()), in + 1);
    EXPECT_EQ(m.first.front(), 0);
    EXPECT_EQ(m.first.back(), out);
    for (int64_t i = 0; i < in; ++i) {
      for (int64_t o = m.first[i]; o < m.first[i + 1]; ++o) EXPECT_EQ(m.src[o], i) << in << "->" << out;
    }
    for (int64_t o = 0; o < out; ++o) EXPECT_EQ(m.src[o], reference::nearestExactSource(o, in, out, scale));
  }
  EXPECT_EQ(makeAxisMap(IndexRule::kNearestExact, 4, 8, 0.0).factor, 2);
  EXPECT_EQ(makeAxisMap(IndexRule::kNearestExact, 4, 12, 3.0).factor, 3);
  EXPECT_EQ(makeAxisMap(IndexRule::kNearestExact, 3, 7, 0.0).factor, 0);
  EXPECT_EQ(makeAxisMap(IndexRule::kNearestExact, 5, 5, 0.0).factor, 1);
}

TEST(UpsampleSourceIndex, HugeProductSaturatesAtTheLastCell) {
  const auto m = ops::nearest::makeAxisMap(IndexRule::kNearestExact, 3, 4, 1e-300);  // s = float(1e300) = inf
  for (int64_t v : m.src) EXPECT_EQ(v, 2);
}

RunRequest upsample2d(UpsampleShapeLiteral s, bool deterministic) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.N = s.N, r.shape.C = s.C, r.shape.in[kH] = s.inH, r.shape.in[kW] = s.inW, r.shape.out[kH] = s.outH, r.shape.out[kW] = s.outW;
  r.deterministic = deterministic;
  return r;
}

// The classroom profile (4 cores, 16 KiB UB) forces many tiles; the deterministic plan must give every
// gradInput cell exactly one owner and keep every tile within the UB.
TEST(UpsamplePlan, ClassroomDeterministicPlanOwnsEveryCellOnce) {
  const RunRequest p = verify::onProfile(upsample2d({2, 3, 21, 300, 50, 610}, true), "classroom");
  const RunResult o = verify::runCase(p);
  ASSERT_TRUE(o.ok()) << o.message;
  const verify::CaseResult plan = verify::judgePlan(p, *o.plan);
  EXPECT_TRUE(plan.passed) << plan.detail;
  EXPECT_EQ(o.plan->profile.name, "classroom");
  EXPECT_LE(o.plan->coresUsed, 4);
  EXPECT_GE(o.plan->tiles.size(), 2u * static_cast<size_t>(o.plan->coresUsed));  // several tiles per core
  EXPECT_FALSE(o.plan->strategy.empty());
  EXPECT_EQ(o.workspaceBytes, 0u);
  for (const Tile& t : o.plan->tiles) {
    EXPECT_LE(t.ubBytes, 16u * 1024u);
    EXPECT_FALSE(t.atomic);
  }
}

TEST(UpsamplePlan, DefaultModeSharesRowsAtCoreBoundariesWithAtomics) {
  const RunRequest p = upsample2d({1, 1, 5, 3, 10, 6}, false);  // 10 gradOutput rows over 48 cores
  const RunResult o = verify::runCase(p);
  ASSERT_TRUE(o.ok()) << o.message;
  size_t atomic = 0;
  for (const Tile& t : o.plan->tiles) atomic += t.atomic;
  EXPECT_GT(atomic, 0u);
  ASSERT_GE(o.plan->phases.size(), 2u);
  EXPECT_EQ(o.plan->phases.front().kind, PhaseKind::kZero) << "shared rows are zeroed before the atomic adds";
  EXPECT_TRUE(verify::judgePlan(p, *o.plan).passed);
  EXPECT_TRUE(verify::checkRun(p, o).passed);
}

// The judges must be able to fail: a wrong golden expectation is reported, and a missing golden directory
// is a failing case, never an empty list.
TEST(UpsampleGolden, LoaderRunsCasesAndReportsMismatches) {
  const std::string dir = ::testing::TempDir() + "gradlab_golden_test";
  std::filesystem::create_directories(dir);
  {
    std::ofstream f(dir + "/upsample.json");
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
  const std::vector<verify::Case> golden = verify::goldenCasesIn(dir);
  std::filesystem::remove_all(dir);
  ASSERT_EQ(golden.size(), 2u);
  EXPECT_EQ(golden[0].name, "golden_seed_sample");
  EXPECT_EQ(golden[0].group, "golden");
  EXPECT_EQ(golden[0].op, OpKind::kUpsampleNearestExact2dBackward);
  EXPECT_TRUE(golden[0].run().passed) << golden[0].run().detail;
  const verify::CaseResult wrong = golden[1].run();
  EXPECT_FALSE(wrong.passed);
  EXPECT_NE(wrong.detail.find("cell 3"), std::string::npos) << wrong.detail;
  const std::vector<verify::Case> missing = verify::goldenCasesIn(dir);
  ASSERT_EQ(missing.size(), 1u) << "a missing directory is one failing case";
  EXPECT_FALSE(missing[0].run().passed);
}

// An empty gradInput (in W = 0) with a non-empty gradOutput is a legal 2-D call that writes nothing; the
// reference must not look for a source cell that does not exist (found by the fuzzer: UBSan in the reference).
TEST(UpsampleJudges, EmptyGradInputHasAnEmptyReference) {
  RunRequest p = upsample2d({1, 1, 3, 0, 3, 3}, false);
  const RunResult o = verify::runCase(p);
  ASSERT_TRUE(o.ok()) << o.message;
  EXPECT_TRUE(verify::checkRun(p, o).passed);
}

TEST(UpsampleJudges, WrongValuesFail) {
  const RunRequest p = upsample2d({1, 1, 2, 2, 4, 4}, true);
  RunResult o = verify::runCase(p);
  ASSERT_TRUE(verify::checkRun(p, o).passed);
  o.outputs[0].values.at(3) = std::nextafter(o.outputs[0].values[3], 10.0f);
  EXPECT_FALSE(verify::checkRun(p, o).passed);
}

// Four fp16 gradients of 65504 sum to 262016, beyond fp16's largest value: the default mode's result is
// +inf, and the judge accepts it (found by the fuzzer: it reported a mismatch). A finite wrong value fails.
TEST(UpsampleJudges, AFloat16SumThatOverflowsIsInfinity) {
  RunRequest p;
  p.op = OpKind::kUpsampleNearestExact1dBackward;
  p.shape.in[kH] = p.shape.out[kH] = 1;
  p.shape.in[kW] = 1;
  p.shape.out[kW] = 4;
  p.dtype = ACL_FLOAT16;
  p.values = {65504.0f, 65504.0f, 65504.0f, 65504.0f};
  RunResult o = verify::runCase(p);
  ASSERT_TRUE(o.ok()) << o.message;
  EXPECT_EQ(o.outputs[0].values[0], std::numeric_limits<float>::infinity());
  const verify::Verdict v = verify::checkRun(p, o);
  EXPECT_TRUE(v.passed) << v.lines.back();
  o.outputs[0].values.at(0) = 65504.0f;
  EXPECT_FALSE(verify::checkRun(p, o).passed);
  o.outputs[0].values.at(0) = -std::numeric_limits<float>::infinity();
  EXPECT_FALSE(verify::checkRun(p, o).passed);
}

}  // namespace
}  // namespace gradlab
