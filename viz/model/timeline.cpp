#include "viz/model/timeline.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "i18n/translate.h"
#include "viz/model/heat_scale.h"
#include "viz/model/text.h"

#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

// The row of a pipe within its core's lane: the order pipesOf lists them (a vector core: copy-in, compute,
// copy-out and atomic adds; a cube core: copy-in, load L0, matmul, FixPipe).
int pipeRow(CoreKind core, Pipe pipe) {
  const std::span<const Pipe> pipes = pipesOf(core);
  const auto it = std::find(pipes.begin(), pipes.end(), pipe);
  return it == pipes.end() ? 0 : static_cast<int>(it - pipes.begin());
}

}  // namespace

const char* eventName(const TimelineModel& model, EventKind kind) {
  if (!model.simt) return eventKindName(kind);
  switch (kind) {
    case EventKind::kCopyIn: return i18n::tr("loads");
    case EventKind::kCompute: return i18n::tr("adds");
    case EventKind::kCopyOut: return i18n::tr("stores");
    case EventKind::kAtomicAdd: return i18n::tr("atomic adds");
    default: return eventKindName(kind);
  }
}

const char* rowName(const TimelineModel& model, Pipe pipe) {
  // A SIMT lane's row is named for the events it holds: the threads' loads on MTE2's row, and so on.
  if (model.simt)
    for (const EventKind kind : {EventKind::kCopyIn, EventKind::kCompute, EventKind::kCopyOut})
      if (pipeOf(kind) == pipe) return eventName(model, kind);
  return pipeName(pipe);
}

TimelineModel withAtomicAddsAsCopiesOut(TimelineModel model) {
  for (TimelineBar& b : model.bars)
    if (b.kind == EventKind::kAtomicAdd) b.kind = EventKind::kCopyOut;
  return model;
}

std::vector<EventKind> eventKindsIn(const TimelineModel& model) {
  bool present[8] = {};
  for (const TimelineBar& b : model.bars) present[static_cast<int>(b.kind)] = true;
  std::vector<EventKind> kinds;
  for (int k = 0; k <= static_cast<int>(EventKind::kFixPipe); ++k)
    if (present[k]) kinds.push_back(static_cast<EventKind>(k));
  return kinds;
}

int TimelineModel::rowsOf(int32_t core) const {
  return static_cast<int>(pipesOf(kindOf(core)).size());
}

CoreKind TimelineModel::kindOf(int32_t core) const {
  return core >= 0 && static_cast<size_t>(core) < kinds.size() ? kinds[static_cast<size_t>(core)] : CoreKind::kVector;
}

TimelineModel buildTimeline(const Plan& plan, const Trace* trace) {
  TimelineModel m;
  m.cores = plan.coresUsed;
  m.loadUs = plan.coreLoadUs();
  m.imbalance = plan.imbalance();
  m.launchUs = plan.profile.launchOverheadUs;
  m.modelled = modelledTime(plan);
  m.simt = plan.simtThreads > 0;
  if (trace != nullptr && !trace->events.empty()) {
    m.fromTrace = true;
    for (const TraceEvent& e : trace->events) {
      m.bars.push_back({e.core, e.tile, e.kind, e.startUs, e.endUs, e.bytes, e.buffer, e.step});
      m.cores = std::max(m.cores, e.core + 1);
    }
    std::stable_sort(m.bars.begin(), m.bars.end(),
                     [](const TimelineBar& a, const TimelineBar& b) { return a.core < b.core; });
  } else {
    // No trace: the events the core's cost model expects of the plan.
    for (const TraceEvent& e : planEvents(plan)) {
      m.bars.push_back({e.core, e.tile, e.kind, e.startUs, e.endUs, e.bytes, e.buffer, e.step});
    }
  }
  for (int32_t c = 0; c < m.cores; ++c) {
    m.kinds.push_back(plan.coreKind(c));
    m.names.push_back(plan.coreName(c));
    m.tags.push_back(coreTag(plan, c));
  }
  m.totalUs = m.launchUs;
  for (const TimelineBar& b : m.bars) m.totalUs = std::max(m.totalUs, b.endUs);
  return m;
}

TimeAxis timeAxis(const TimelineModel& model, Rect area, float labelWidth, bool skipLaunch) {
  TimeAxis a;
  a.x0 = area.x0 + labelWidth;
  a.width = std::max(area.x1 - a.x0, 1.0f);
  a.originUs = skipLaunch ? std::min(model.launchUs, model.totalUs) : 0.0;
  const double span = model.totalUs - a.originUs;
  a.pxPerUs = span > 0 ? static_cast<float>(a.width / span) : 0.0f;
  return a;
}

TimelineGeometry layoutTimeline(const TimelineModel& model, Rect area, float labelWidth, float laneHeight,
                                float laneGap, bool skipLaunch) {
  TimelineGeometry g;
  const TimeAxis axis = timeAxis(model, area, labelWidth, skipLaunch);
  const float x0 = axis.x0, width = axis.width;
  g.originUs = axis.originUs;
  g.pxPerUs = axis.pxPerUs;
  for (int32_t c = 0; c < model.cores; ++c) {
    float y = area.y0 + static_cast<float>(c) * (laneHeight + laneGap);
    g.lanes.push_back({x0, y, x0 + width, y + laneHeight});
  }
  for (const TimelineBar& b : model.bars) {
    const Rect& lane = g.lanes[static_cast<size_t>(b.core)];
    const float row = laneHeight / static_cast<float>(model.rowsOf(b.core));
    const float y0 = lane.y0 + row * static_cast<float>(pipeRow(model.kindOf(b.core), pipeOf(b.kind)));
    const float bx0 = axis.x(b.startUs), bx1 = axis.x(b.endUs);
    g.bars.push_back({bx0, y0, std::max(bx1, bx0 + 1.0f), y0 + row});
  }
  const float lanesEnd = g.lanes.empty() ? area.y0 : g.lanes.back().y1;
  if (!skipLaunch) g.launch = {x0, area.y0, x0 + static_cast<float>(model.launchUs) * g.pxPerUs, lanesEnd};
  return g;
}

int hitTestTimeline(const TimelineGeometry& geometry, float x, float y) {
  for (size_t i = 0; i < geometry.bars.size(); ++i)
    if (geometry.bars[i].contains(x, y)) return static_cast<int>(i);
  return -1;
}

std::string timeTickText(double us, double startUs, double endUs) {
  const auto compact = [](double t) { return formatTick(static_cast<float>(t)); };
  const double middle = (startUs + endUs) / 2.0;
  if (compact(startUs) != compact(middle) && compact(middle) != compact(endUs)) return cat(compact(us), " µs");
  const double span = std::max(endUs - startUs, 1e-9);
  const int decimals = std::clamp(static_cast<int>(std::ceil(-std::log10(span / 2.0))) + 1, 0, 6);
  return fmt::format("{:.{}f} µs", us, decimals);
}

}  // namespace gradlab::viz
