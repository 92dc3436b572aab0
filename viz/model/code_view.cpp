#include "viz/model/code_view.h"

#include <algorithm>

#include "viz/model/scene.h"

namespace gradlab::viz {
namespace {

// The phase a tile belongs to, or -1 for a tile the plan does not have.
int32_t phaseOf(const Plan& plan, int32_t tile) {
  return tile >= 0 && static_cast<size_t>(tile) < plan.tiles.size() ? plan.tiles[static_cast<size_t>(tile)].phase : -1;
}

// Adds one to the count of every line of `phase` that carries `step`.
void count(CodeModel& m, int32_t phase, int16_t step, bool move) {
  if (phase < 0 || static_cast<size_t>(phase) >= m.phases.size() || step < 0) return;
  CodePhase& p = m.phases[static_cast<size_t>(phase)];
  m.stepped = true;
  for (size_t i = 0; i < p.listing.lines.size(); ++i) {
    if (p.listing.lines[i].step == step) ++(move ? p.moves : p.events)[i];
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
  for (const TraceEvent& e : trace->events) count(m, phaseOf(plan, e.tile), e.step, false);
  for (const CellMove& mv : trace->moves) count(m, phaseOf(plan, mv.tile), mv.step, true);
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
