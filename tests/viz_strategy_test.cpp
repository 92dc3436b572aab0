// The app's pictures of strategies, from real runs: the cube's scene passes every value through its
// intermediate product T, the pipeline view gives every core a row per pipe of its kind with ping and pong
// marked, and the Compare tab's strategies mode puts the strategies' timelines on one time axis.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <set>

#include "gradlab/runner.h"
#include "viz/model/animation.h"
#include "viz/model/pipeline.h"
#include "viz/model/scene.h"
#include "viz/model/timeline.h"

namespace gradlab::viz {
namespace {

RunResult cubeRun(int64_t in, int64_t out, const char* device = "classroom") {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = in;
  r.shape.out[kH] = r.shape.out[kW] = out;
  r.strategy = "cube";
  r.trace = true;
  r.valueSource = ValueSource::kSmallIntegers;
  DeviceProfile p;
  std::string error;
  EXPECT_TRUE(parseProfileSpec(device, &p, &error)) << error;
  r.profile = p;
  RunResult result = run(r);
  EXPECT_TRUE(result.ok()) << result.message;
  return result;
}

TEST(VizCubeScene, ValuesHopThroughTheIntermediateBetweenSourceAndDestination) {
  const RunResult result = cubeRun(3, 6);
  const Scene s = buildScene(sceneSourceOf(result, OpKind::kUpsampleNearestExact2dBackward), 0);
  ASSERT_GE(s.mid, 0);
  const SceneGrid& src = s.grids[static_cast<size_t>(s.src)];
  const SceneGrid& mid = s.grids[static_cast<size_t>(s.mid)];
  const SceneGrid& dst = s.grids[static_cast<size_t>(s.dst)];
  EXPECT_EQ(mid.role, GridRole::kIntermediate);
  EXPECT_EQ(mid.grid.dims.rows, 6) << "T keeps gradOutput's rows";
  EXPECT_EQ(mid.grid.dims.cols, 3) << "and has gradInput's columns";
  EXPECT_LT(src.x + src.width(), mid.x);
  EXPECT_LT(mid.x + mid.width(), dst.x);
  // T's values: each cell sums the two gradOutput values of its row that map to it.
  for (int64_t r = 0; r < 6; ++r) {
    for (int64_t j = 0; j < 3; ++j) {
      EXPECT_EQ(mid.grid.value(0, r, j), src.grid.value(0, r, 2 * j) + src.grid.value(0, r, 2 * j + 1)) << r << "," << j;
    }
  }
  // gradInput cell (1, 2) gets two adds, from T rows 2 and 3; T cell (2, 2) gets two, from gradOutput.
  const std::vector<uint32_t>* into = s.movesInto(CellRef{s.dst, 1, 2});
  ASSERT_NE(into, nullptr);
  ASSERT_EQ(into->size(), 2u);
  for (uint32_t m : *into) {
    const CellRef from = s.srcCellOf(s.trace->moves[m]);
    EXPECT_EQ(from.grid, s.mid);
    EXPECT_EQ(from.col, 2);
  }
  ASSERT_EQ(s.movesInto(CellRef{s.mid, 2, 2})->size(), 2u);
  EXPECT_EQ(s.movesOutOf(CellRef{s.mid, 2, 2})->size(), 1u);
  EXPECT_EQ(s.movesOutOf(CellRef{s.src, 0, 0})->size(), 1u);
  EXPECT_GE(mid.tileOf[0], 0) << "T's cells belong to the W pass tile that writes them";
  // The animation lands hop 1 in T and hop 2 in gradInput; at the end T shows its final sums.
  const Animation a(s, Pacing::kOneAtATime);
  std::vector<float> values;
  a.gridValuesAt(a.duration(), s, s.mid, &values, nullptr);
  ASSERT_EQ(values.size(), 18u);
  for (size_t i = 0; i < values.size(); ++i) EXPECT_EQ(values[i], mid.grid.values[i]);
}

TEST(VizPipeline, EveryCoreGetsARowPerPipeOfItsKind) {
  const RunResult result = cubeRun(16, 32, "atlas-a2:cores=8");
  const TimelineModel t = buildTimeline(*result.plan, result.trace.get());
  const PipelineModel m = buildPipeline(t);
  std::set<int32_t> cores;
  for (const PipelineRow& row : m.rows) cores.insert(row.core);
  for (int32_t core : cores) {
    std::vector<Pipe> pipes;
    for (const PipelineRow& row : m.rows) {
      if (row.core == core) pipes.push_back(row.pipe);
    }
    const std::span<const Pipe> want = pipesOf(result.plan->coreKind(core));
    EXPECT_EQ(pipes, std::vector<Pipe>(want.begin(), want.end())) << m.names[static_cast<size_t>(core)];
  }
  EXPECT_GT(m.idleCores, 0) << "most vector cores only wait while the cube multiplies";
  EXPECT_EQ(static_cast<int32_t>(cores.size()) + m.idleCores, t.cores);
  ASSERT_EQ(m.barRow.size(), t.bars.size());
  bool pong = false;
  for (size_t i = 0; i < t.bars.size(); ++i) {
    ASSERT_GE(m.barRow[i], 0);
    const PipelineRow& row = m.rows[static_cast<size_t>(m.barRow[i])];
    EXPECT_EQ(row.core, t.bars[i].core);
    EXPECT_EQ(row.pipe, pipeOf(t.bars[i].kind));
    pong |= t.bars[i].buffer == 1;
  }
  EXPECT_TRUE(pong) << "a core's second double-buffered tile uses the pong buffer";
  const Rect area{0, 0, 800, 1};
  const PipelineGeometry g = layoutPipeline(m, t, area, 100, 20, 6, true);
  for (size_t i = 0; i < t.bars.size(); ++i) {
    const Rect& bar = g.bars[i];
    const Rect& row = g.rows[static_cast<size_t>(m.barRow[i])];
    EXPECT_GE(bar.y0, row.y0);
    EXPECT_LE(bar.y1, row.y1);
    EXPECT_GE(bar.x0, 100.0f);
    EXPECT_EQ(hitTestPipeline(g, (bar.x0 + bar.x1) / 2, (bar.y0 + bar.y1) / 2) >= 0, true);
  }
  EXPECT_EQ(hitTestPipeline(g, 50, 5), -1) << "the label column";
  EXPECT_STREQ(bufferName(0), "ping");
  EXPECT_STREQ(bufferName(1), "pong");
  EXPECT_STREQ(bufferName(-1), "");
}

}  // namespace
}  // namespace gradlab::viz
#endif
