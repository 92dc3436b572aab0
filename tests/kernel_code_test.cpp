// The kernel listings (gradlab/kernel_code.h) and the steps traces carry: every event and every cell move of
// every operator, strategy, dtype and mode is on a line of its phase's listing, over real runs; listings fit
// a code panel; trace files keep the steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "gradlab/kernel_code.h"
#include "gradlab/ops.h"
#include "gradlab/runner.h"
#include "gradlab/trace_export.h"
#include "profile_spec.h"

namespace gradlab {
namespace {

struct Shape {
  int64_t N, C, inH, inW, outH, outW;
};

// The operator's own example, and shapes that split rows and planes between cores (shared cells, atomic
// adds, the fp16 workspace's zero and round phases), ragged scales, overlapping and disjoint pooling windows.
std::vector<Shape> shapesOf(const OpInfo& op) {
  const Extents& e = op.example;
  std::vector<Shape> shapes = {{e.N, e.C, e.in[kH], e.in[kW], e.out[kH], e.out[kW]}};
  const bool oneD = op.spatialRank == 1;
  if (op.rule == IndexRule::kAdaptiveMax) {
    shapes.push_back({1, 3, 9, 11, 4, 5});
    shapes.push_back({2, 2, 8, 8, 4, 4});
  } else {
    shapes.push_back({1, 3, oneD ? 1 : 5, 7, oneD ? 1 : 11, 13});
    shapes.push_back({2, 1, oneD ? 1 : 3, 16, oneD ? 1 : 3, 16});  // scale 1: the cube skips its identity pass
  }
  return shapes;
}

std::vector<aclDataType> dtypesOf(const OpInfo& op) {
  std::vector<aclDataType> out;
  for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE}) {
    if (std::find(op.dtypes.begin(), op.dtypes.end(), d) != op.dtypes.end()) out.push_back(d);
  }
  return out;
}

std::string describe(const RunRequest& r, const std::string& strategy) {
  return std::string(opName(r.op)) + " " + strategy + " " + dtypeText(r.dtype) +
         (r.deterministic ? " deterministic" : " default") + " " + std::to_string(r.shape.in[kH]) + "x" + std::to_string(r.shape.in[kW]) +
         " <- " + std::to_string(r.shape.out[kH]) + "x" + std::to_string(r.shape.out[kW]) + " on " + r.profile->name +
         (r.accumulate == Accumulation::kDtype ? " accumulate=dtype" : "");
}

// Every event and move of `trace` carries a step that a line of its tile's phase listing carries.
void expectEveryStepOnALine(const Trace& trace, const std::string& what, std::set<std::string>* kernels) {
  const Plan& plan = trace.plan;
  std::vector<KernelListing> listings;
  for (int32_t p = 0; p < static_cast<int32_t>(plan.phases.size()); ++p) {
    listings.push_back(kernelListing(plan, p));
    EXPECT_FALSE(listings.back().empty()) << what << ": phase " << p << " has no listing";
    kernels->insert(listings.back().name);
  }
  auto onALine = [&](int32_t tile, int16_t step) {
    if (tile < 0 || static_cast<size_t>(tile) >= plan.tiles.size()) return false;
    return listings[static_cast<size_t>(plan.tiles[static_cast<size_t>(tile)].phase)].has(step);
  };
  for (const TraceEvent& e : trace.events) {
    ASSERT_TRUE(onALine(e.tile, e.step)) << what << ": a " << eventKindName(e.kind) << " event of tile " << e.tile
                                         << " carries step " << e.step << ", on no line of its listing";
  }
  for (const CellMove& m : trace.moves) {
    ASSERT_TRUE(onALine(m.tile, m.step)) << what << ": a move of tile " << m.tile << " carries step " << m.step
                                         << ", on no line of its listing";
  }
}

TEST(KernelCode, EveryEventAndMoveOfEveryOperatorMapsToALine) {
  std::set<std::string> kernels;
  int runs = 0;
  for (const OpInfo& op : allOps()) {
    for (const StrategyInfo& strategy : strategiesOf(op.kind)) {
      for (aclDataType dtype : dtypesOf(op)) {
        for (Accumulation accumulate : {Accumulation::kFp32, Accumulation::kDtype}) {
          if (accumulate == Accumulation::kDtype && (dtype != ACL_FLOAT16 || !op.backward)) continue;
          for (bool deterministic : {false, true}) {
            for (const char* device : {"classroom", "atlas-a2", "ascend950"}) {
              // The 950 runs its SIMT kernels; the others there give way to them or to the default.
              if (std::string(device) == "ascend950" && std::string(strategy.name) != "simt") continue;
              for (const Shape& s : shapesOf(op)) {
                RunRequest r;
                r.op = op.kind;
                r.shape.N = s.N, r.shape.C = s.C, r.shape.in[kH] = s.inH, r.shape.in[kW] = s.inW, r.shape.out[kH] = s.outH, r.shape.out[kW] = s.outW;
                r.dtype = dtype;
                r.deterministic = deterministic;
                r.accumulate = accumulate;
                r.strategy = strategy.name;
                r.profile = testing::profileOf(device);
                r.valueSource = ValueSource::kSmallIntegers;
                r.trace = true;
                const std::string what = describe(r, strategy.name);
                const RunResult result = run(r);
                ASSERT_TRUE(result.ok()) << what << ": " << result.message;
                ASSERT_TRUE(result.trace) << what;
                ASSERT_FALSE(result.trace->movesTruncated) << what;
                EXPECT_FALSE(result.trace->events.empty()) << what;
                EXPECT_FALSE(result.trace->moves.empty()) << what;
                expectEveryStepOnALine(*result.trace, what, &kernels);
                ++runs;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(runs, 300);
  // Every kernel gradlab has was shown at least once.
  for (const char* name : {"SumRows", "ZeroSharedRows", "RoundRows", "GatherRows", "CastIn", "BuildSelect", "MatmulW",
                           "MatmulH", "ZeroSharedPlanes", "RoundPlanes", "ScatterAdd", "InitSums",
                           "CalcBlock", "WindowMax"}) {
    EXPECT_TRUE(kernels.count(name)) << name << " never ran";
  }
}

// The cube's two passes record their own listings' Mmad line: hop 1 moves in MatmulW, hop 2 in MatmulH.
TEST(KernelCode, TheCubesPassesRecordTheirOwnListings) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 3;
  r.shape.out[kH] = r.shape.out[kW] = 6;
  r.strategy = "cube";
  r.profile = testing::profileOf("atlas-a2");
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  const Plan& plan = result.trace->plan;
  std::set<std::string> seen;
  for (const CellMove& m : result.trace->moves) {
    const KernelListing l = kernelListing(plan, plan.tiles[static_cast<size_t>(m.tile)].phase);
    const int line = l.firstLine(m.step);
    ASSERT_GE(line, 0);
    EXPECT_NE(l.lines[static_cast<size_t>(line)].text.find("Mmad("), std::string::npos) << l.lines[static_cast<size_t>(line)].text;
    EXPECT_EQ(l.name, m.hop == Hop::kIntoIntermediate ? "MatmulW" : "MatmulH");
    seen.insert(l.name);
  }
  EXPECT_EQ(seen.size(), 2u);
}

// Listings stay short and narrow enough for a code panel at 1280x720 and in presenter mode: 6 to 20 lines,
// none wider than 46 characters with its indentation (two spaces a level); the lines that record something
// say what they do, at least once per step.
TEST(KernelCode, ListingsAreShortAndNarrow) {
  for (const OpInfo& op : allOps()) {
    for (const StrategyInfo& strategy : strategiesOf(op.kind)) {
      for (aclDataType dtype : dtypesOf(op)) {
        RunRequest r;
        r.op = op.kind;
        r.shape.N = 1, r.shape.C = 3;
        r.shape.in[kH] = op.rule == IndexRule::kAdaptiveMax ? 9 : 5, r.shape.in[kW] = 7;
        r.shape.out[kH] = op.rule == IndexRule::kAdaptiveMax ? 4 : 11, r.shape.out[kW] = op.rule == IndexRule::kAdaptiveMax ? 3 : 13;
        r.dtype = dtype;
        r.strategy = strategy.name;
        r.profile = testing::profileOf("classroom");
        const RunResult result = run(r);
        ASSERT_TRUE(result.ok()) << result.message;
        for (int32_t p = 0; p < static_cast<int32_t>(result.plan->phases.size()); ++p) {
          const KernelListing l = kernelListing(*result.plan, p);
          EXPECT_GE(l.lines.size(), 6u) << l.name;
          EXPECT_LE(l.lines.size(), 20u) << l.name;
          EXPECT_FALSE(l.what.empty()) << l.name;
          EXPECT_TRUE(l.core == "AIV" || l.core == "AIC") << l.name;
          std::set<int16_t> explained, steps;
          for (const CodeLine& c : l.lines) {
            EXPECT_LE(c.text.size() + 2 * static_cast<size_t>(c.indent), 46u) << l.name << ": " << c.text;
            if (c.step < 0) continue;
            steps.insert(c.step);
            if (!c.note.empty()) explained.insert(c.step);
          }
          EXPECT_EQ(explained, steps) << l.name << ": a step with no line that says what it does";
        }
      }
    }
  }
  EXPECT_TRUE(kernelListing(Plan{}, 0).empty());
  EXPECT_TRUE(kernelListing(Plan{}, -1).empty());
}

// A real run's steps survive the trace file.
TEST(KernelCode, TraceFilesKeepTheSteps) {
  RunRequest r;
  r.op = OpKind::kAdaptiveMaxPool2dBackward;
  r.shape.C = 2, r.shape.in[kH] = 9, r.shape.in[kW] = 11, r.shape.out[kH] = 4, r.shape.out[kW] = 5;
  r.profile = testing::profileOf("classroom");
  r.trace = true;
  const RunResult result = run(r);
  ASSERT_TRUE(result.ok()) << result.message;
  Trace back;
  std::string error;
  ASSERT_TRUE(parseTraceMovesJson(traceMovesJson(*result.trace), &back, &error)) << error;
  ASSERT_EQ(back.events.size(), result.trace->events.size());
  ASSERT_EQ(back.moves.size(), result.trace->moves.size());
  for (size_t i = 0; i < back.events.size(); ++i) EXPECT_EQ(back.events[i].step, result.trace->events[i].step);
  for (size_t i = 0; i < back.moves.size(); ++i) EXPECT_EQ(back.moves[i].step, result.trace->moves[i].step);
}

}  // namespace
}  // namespace gradlab
