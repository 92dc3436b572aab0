#include "viz/model/code_view.h"

#include <algorithm>

#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

// The phase a tile belongs to, or -1 for a tile the plan does not have.
int32_t phaseOf(const Plan& plan, int32_t tile) {
  return tile >= 0 && static_cast<size_t>(tile) < plan.tiles.size() ? plan.tiles[static_cast<size_t>(tile)].phase : -1;
}

// How many events (or moves) of each phase carry each step: a table per phase, indexed by step.
using StepCounts = std::vector<std::vector<int32_t>>;

void count(StepCounts& counts, int32_t phase, int16_t step) {
  if (phase < 0 || static_cast<size_t>(phase) >= counts.size() || step < 0) return;
  std::vector<int32_t>& c = counts[static_cast<size_t>(phase)];
  if (static_cast<size_t>(step) >= c.size()) c.resize(static_cast<size_t>(step) + 1, 0);
  ++c[static_cast<size_t>(step)];
}

// Each line of a phase gets the count of its step.
void spread(const StepCounts& counts, std::vector<CodePhase>& phases, bool moves) {
  for (size_t p = 0; p < phases.size(); ++p) {
    CodePhase& c = phases[p];
    for (size_t i = 0; i < c.listing.lines.size(); ++i) {
      const int16_t step = c.listing.lines[i].step;
      if (step >= 0 && static_cast<size_t>(step) < counts[p].size()) (moves ? c.moves : c.events)[i] = counts[p][static_cast<size_t>(step)];
    }
  }
}

}  // namespace

CodeModel buildCodeModel(const Plan& plan, const Trace* trace) {
  CodeModel m;
  for (int32_t p = 0; p < static_cast<int32_t>(plan.phases.size()); ++p) {
    CodePhase c;
    c.listing = kernelListing(plan, p);
    c.events.assign(c.listing.lines.size(), 0);
    c.moves.assign(c.listing.lines.size(), 0);
    const auto [first, last] = plan.phaseTiles(p);
    c.tiles = static_cast<int32_t>(last - first);
    m.phases.push_back(std::move(c));
  }
  if (trace == nullptr) return m;
  StepCounts events(m.phases.size()), moves(m.phases.size());
  for (const TraceEvent& e : trace->events) count(events, phaseOf(plan, e.tile), e.step);
  for (const CellMove& mv : trace->moves) count(moves, phaseOf(plan, mv.tile), mv.step);
  spread(events, m.phases, false);
  spread(moves, m.phases, true);
  m.stepped = std::any_of(trace->events.begin(), trace->events.end(), [](const TraceEvent& e) { return e.step >= 0; }) ||
              std::any_of(trace->moves.begin(), trace->moves.end(), [](const CellMove& mv) { return mv.step >= 0; });
  return m;
}

CodeFocus codeFocusAt(const Scene& scene, const Animation& animation, double t) {
  CodeFocus f;
  const std::vector<AnimatedMove>& moves = animation.moves();
  if (moves.empty() || !scene.trace || !scene.plan) return f;
  // moves() is sorted by beat: the last one that has started, or the first before any has.
  auto it = std::upper_bound(moves.begin(), moves.end(), t, [](double at, const AnimatedMove& m) { return at < m.beat; });
  const AnimatedMove& current = it == moves.begin() ? moves.front() : *(it - 1);
  const CellMove& m = scene.trace->moves[current.move];
  f.move = current.move;
  f.tile = m.tile;
  f.phase = phaseOf(*scene.plan, m.tile);
  if (m.step >= 0) f.steps.push_back(m.step);
  for (const Flight& flight : animation.flightsAt(t)) {
    const CellMove& other = scene.trace->moves[flight.move->move];
    if (other.step < 0 || phaseOf(*scene.plan, other.tile) != f.phase) continue;
    if (std::find(f.steps.begin(), f.steps.end(), other.step) == f.steps.end()) f.steps.push_back(other.step);
  }
  return f;
}

std::vector<uint8_t> barsOfStep(const TimelineModel& timeline, const Plan& plan, int32_t phase, int16_t step,
                                int32_t tile) {
  std::vector<uint8_t> marks(timeline.bars.size(), 0);
  if (step < 0) return marks;
  for (size_t i = 0; i < timeline.bars.size(); ++i) {
    const TimelineBar& b = timeline.bars[i];
    marks[i] = b.step == step && phaseOf(plan, b.tile) == phase && (tile < 0 || b.tile == tile) ? 1 : 0;
  }
  return marks;
}

}  // namespace gradlab::viz
