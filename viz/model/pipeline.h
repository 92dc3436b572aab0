// The pipeline view of a run: every core that worked, one row per pipe of its kind (a vector core's MTE2,
// VECTOR and MTE3; a cube core's MTE2, MTE1, CUBE and FIXPIPE), each event a bar in modelled device time,
// double-buffered tiles marked ping or pong. Built from the timeline (the trace's events, or the plan's
// when there is no trace); geometry and hit-testing here so that tests can check them without ImGui.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "viz/model/timeline.h"

namespace gradlab::viz {

struct PipelineRow {
  int32_t core = 0;
  Pipe pipe = Pipe::kMte2;
  bool firstOfCore = false;  // the core's name is written on this row
};

struct PipelineModel {
  std::vector<PipelineRow> rows;     // cores in lane order (idle ones left out), pipes as gradlab::pipesOf lists them
  std::vector<int32_t> barRow;       // per TimelineModel bar: its row, or -1 (a core without rows)
  std::vector<std::string> names;    // per core lane: "AIV 3", "AIC 0"
  int32_t idleCores = 0;             // lanes of the plan that ran nothing (not shown)
};

PipelineModel buildPipeline(const TimelineModel& timeline);

struct PipelineGeometry {
  std::vector<Rect> rows;  // per row, the full-width strip after the label column
  std::vector<Rect> bars;  // per TimelineModel bar (empty rects for bars without a row)
  float pxPerUs = 0.0f;
  double originUs = 0.0;
};

// Rows `rowHeight` tall, a `coreGap` between cores; time from `originUs` (the launch's end with kernelsOnly,
// else 0) to the timeline's end across the area after `labelWidth`.
PipelineGeometry layoutPipeline(const PipelineModel& model, const TimelineModel& timeline, Rect area, float labelWidth,
                                float rowHeight, float coreGap, bool kernelsOnly);
// The bar under (x, y), or -1.
int hitTestPipeline(const PipelineGeometry& geometry, float x, float y);

// "ping", "pong" or "" (a tile that needs more than half its buffers runs alone).
const char* bufferName(int8_t buffer);

}  // namespace gradlab::viz
