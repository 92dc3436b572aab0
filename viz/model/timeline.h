// Per-core timeline of a run: the launch overhead, then one lane per core with its copy-in / compute /
// copy-out (and atomic add) bars on three pipe rows (MTE2, vector, MTE3: double-buffered tiles overlap), or
// a cube core's four (MTE2, MTE1, CUBE, FIXPIPE),
// from the trace's events (modelled device time), or from the core's planEvents when there is no trace;
// plus the load balance. Geometry is computed here so tests can check it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/trace.h"

namespace gradlab::viz {

struct TimelineBar {
  int32_t core = 0;
  int32_t tile = 0;
  EventKind kind = EventKind::kCompute;
  double startUs = 0.0, endUs = 0.0;
  uint64_t bytes = 0;
  int8_t buffer = -1;  // 0 ping, 1 pong (double-buffered tiles), -1 single
  int16_t step = kNoStep;  // the kernel listing's line that recorded it (gradlab/kernel_code.h)
};

struct TimelineModel {
  int32_t cores = 0;
  double totalUs = 0.0;              // launch overhead + kernels: when the last event ends
  double launchUs = 0.0;             // the launch overhead every event comes after
  std::vector<TimelineBar> bars;     // grouped by core, in issue order
  std::vector<double> loadUs;        // plan.coreLoadUs()
  double imbalance = 1.0;            // plan.imbalance()
  bool fromTrace = false;            // false: estimated from the plan (no trace events)
  ModelledTime modelled;             // the plan's modelledTime
  std::vector<CoreKind> kinds;       // per core lane: vector (3 pipe rows) or cube (4)
  std::vector<std::string> names;    // per core lane: "AIV 3", "AIC 0"
  std::vector<std::string> tags;     // per core lane, short: "c3" (vector cores only), "AIV3", "AIC0"
  bool simt = false;                 // the 950's SIMT threads: their loads, adds and stores, not copy engines
  CoreKind kindOf(int32_t core) const;
  int rowsOf(int32_t core) const;    // its pipes, one row each (gradlab::pipesOf)
};

TimelineModel buildTimeline(const Plan& plan, const Trace* trace);
// The timeline an open question that hides the plan may show: atomic adds drawn and named as the copies out
// they also are (which tiles add atomically is what an atomic-cells question asks).
TimelineModel withAtomicAddsAsCopiesOut(TimelineModel model);
// What a bar's kind and a lane's row are called: "CopyIn" and "MTE2" on the vector and cube cores (the names
// CANN's tools use), "loads" (in the reader's language) for both on a SIMT run, whose threads load, add and store
// at once.
const char* eventName(const TimelineModel& model, EventKind kind);
const char* rowName(const TimelineModel& model, Pipe pipe);
// The event kinds its bars have, in EventKind's order: what a legend names.
std::vector<EventKind> eventKindsIn(const TimelineModel& model);

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float width() const { return x1 - x0; }
  float height() const { return y1 - y0; }
  bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

struct TimelineGeometry {
  std::vector<Rect> lanes;  // per core, the full-width lane (after the label column)
  std::vector<Rect> bars;   // parallel to TimelineModel::bars, each on its pipe's third of the lane
  Rect launch;              // [0, launchUs) across every lane (empty when the launch is skipped)
  float pxPerUs = 0.0f;
  double originUs = 0.0;    // the time at the lanes' left edge
};

// A timeline's time axis across `area` after a `labelWidth` column: from originUs (where the kernels start
// with skipLaunch, else 0) to the model's end. Shared by the Tiling tab's lanes and the Pipeline tab's rows.
struct TimeAxis {
  float x0 = 0.0f, width = 1.0f;
  double originUs = 0.0;
  float pxPerUs = 0.0f;
  float x(double us) const { return x0 + static_cast<float>(us - originUs) * pxPerUs; }
};
TimeAxis timeAxis(const TimelineModel& model, Rect area, float labelWidth, bool skipLaunch);

// Lays the lanes out inside `area`: a `labelWidth` column for "core N", then time left to right;
// each lane is `laneHeight` tall with `laneGap` between lanes (the caller scrolls if it is taller).
// With skipLaunch the time axis starts where the kernels do, to look at their pipelines up close.
TimelineGeometry layoutTimeline(const TimelineModel& model, Rect area, float labelWidth, float laneHeight,
                                float laneGap, bool skipLaunch = false);
// The bar under (x, y), or -1.
int hitTestTimeline(const TimelineGeometry& geometry, float x, float y);

// A tick of a time axis from `startUs` to `endUs` whose ticks are the start, the middle and the end: compact
// ("3 µs"), or with as many decimals as the span needs where compact would print two of the three alike (the
// kernels of a small call, a few ns after a 3 µs launch: "3.0000 µs", "3.0071 µs", "3.0142 µs").
std::string timeTickText(double us, double startUs, double endUs);

}  // namespace gradlab::viz
