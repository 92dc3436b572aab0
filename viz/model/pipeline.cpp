#include "viz/model/pipeline.h"

#include <algorithm>

namespace gradlab::viz {

PipelineModel buildPipeline(const TimelineModel& t) {
  PipelineModel m;
  m.names = t.names;
  std::vector<bool> busy(static_cast<size_t>(std::max(t.cores, 0)), false);
  for (const TimelineBar& b : t.bars) {
    if (b.core >= 0 && b.core < t.cores) busy[static_cast<size_t>(b.core)] = true;
  }
  // Per core, per pipe: its row.
  std::vector<std::vector<int32_t>> rowOf(busy.size());
  for (int32_t c = 0; c < t.cores; ++c) {
    if (!busy[static_cast<size_t>(c)]) {
      ++m.idleCores;
      continue;
    }
    rowOf[static_cast<size_t>(c)].assign(kPipeCount, -1);
    bool first = true;
    for (Pipe p : pipesOf(t.kindOf(c))) {
      rowOf[static_cast<size_t>(c)][static_cast<size_t>(p)] = static_cast<int32_t>(m.rows.size());
      m.rows.push_back({c, p, first});
      first = false;
    }
  }
  for (const TimelineBar& b : t.bars) {
    int32_t row = -1;
    if (b.core >= 0 && b.core < t.cores && !rowOf[static_cast<size_t>(b.core)].empty()) {
      row = rowOf[static_cast<size_t>(b.core)][static_cast<size_t>(pipeOf(b.kind))];
    }
    m.barRow.push_back(row);
  }
  return m;
}

PipelineGeometry layoutPipeline(const PipelineModel& m, const TimelineModel& t, Rect area, float labelWidth,
                                float rowHeight, float coreGap, bool kernelsOnly) {
  PipelineGeometry g;
  const TimeAxis axis = timeAxis(t, area, labelWidth, kernelsOnly);
  const float x0 = axis.x0, width = axis.width;
  g.originUs = axis.originUs;
  g.pxPerUs = axis.pxPerUs;
  float y = area.y0;
  for (size_t r = 0; r < m.rows.size(); ++r) {
    if (r > 0 && m.rows[r].firstOfCore) y += coreGap;
    g.rows.push_back({x0, y, x0 + width, y + rowHeight});
    y += rowHeight;
  }
  for (size_t i = 0; i < t.bars.size(); ++i) {
    const int32_t row = i < m.barRow.size() ? m.barRow[i] : -1;
    if (row < 0) {
      g.bars.push_back({});
      continue;
    }
    const Rect& lane = g.rows[static_cast<size_t>(row)];
    const TimelineBar& b = t.bars[i];
    const float bx0 = axis.x(b.startUs), bx1 = axis.x(b.endUs);
    g.bars.push_back({std::max(bx0, x0), lane.y0 + 1.0f, std::max(bx1, bx0 + 1.0f), lane.y1 - 1.0f});
  }
  return g;
}

int hitTestPipeline(const PipelineGeometry& g, float x, float y) {
  for (size_t i = 0; i < g.bars.size(); ++i) {
    if (g.bars[i].width() > 0.0f && g.bars[i].contains(x, y)) return static_cast<int>(i);
  }
  return -1;
}

const char* bufferName(int8_t buffer) {
  if (buffer == 0) return "ping";
  if (buffer == 1) return "pong";
  return "";
}

}  // namespace gradlab::viz
