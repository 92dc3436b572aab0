#include "viz/model/animation.h"

#include <map>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace gradlab::viz {

const char* pacingName(Pacing pacing) {
  return pacing == Pacing::kOneAtATime ? "one move at a time" : "cores in parallel";
}

Animation::Animation(const Scene& scene, Pacing pacing) : pacing_(pacing) {
  if (!scene.trace) return;
  trace_ = scene.trace;
  const auto& all = trace_->moves;
  moves_.reserve(scene.planeMoves.size());
  std::unordered_map<int32_t, double> coreNext;
  std::unordered_map<int64_t, double> dstNext;
  double serial = 0.0;
  // planeMoves is in sequence order, which respects both the per-core order and the per-cell order.
  for (uint32_t index : scene.planeMoves) {
    const CellMove& m = all[index];
    AnimatedMove a;
    a.move = index;
    a.from = scene.srcCellOf(m);
    a.to = scene.dstCellOf(m);
    if (pacing == Pacing::kOneAtATime) {
      a.beat = serial;
      serial += 1.0;
    } else {
      double& c = coreNext[m.core];
      // Cells of the intermediate and of the output are different cells with the same flat index.
      double& d = dstNext[m.hop == Hop::kIntoIntermediate ? -1 - m.dst : m.dst];
      a.beat = std::max(c, d);
      c = a.beat + 1.0;
      d = a.beat + 1.0;
    }
    moves_.push_back(a);
  }
  std::stable_sort(moves_.begin(), moves_.end(), [&](const AnimatedMove& x, const AnimatedMove& y) {
    return x.beat < y.beat;
  });
  duration_ = moves_.empty() ? 0.0 : moves_.back().beat + 1.0;
}

int Animation::coresStartingLate() const {
  std::unordered_map<int32_t, double> first;
  for (const AnimatedMove& m : moves_) first.try_emplace(trace_->moves[m.move].core, m.beat);  // sorted by beat
  return static_cast<int>(std::count_if(first.begin(), first.end(), [](const auto& core) { return core.second > 0.0; }));
}

size_t Animation::landedAt(double t) const {
  // Landing time beat + kTravel grows with beat, so the landed moves are a prefix.
  auto it = std::upper_bound(moves_.begin(), moves_.end(), t,
                             [](double time, const AnimatedMove& m) { return time < m.beat + kTravel; });
  return static_cast<size_t>(it - moves_.begin());
}

std::vector<Flight> Animation::flightsAt(double t) const {
  std::vector<Flight> out;
  size_t first = landedAt(t);
  for (size_t i = first; i < moves_.size() && moves_[i].beat <= t; ++i) {
    float p = static_cast<float>((t - moves_[i].beat) / kTravel);
    out.push_back({&moves_[i], std::clamp(p, 0.0f, 1.0f)});
  }
  return out;
}

void Animation::dstValuesAt(double t, const Scene& scene, std::vector<float>* values,
                            std::vector<uint8_t>* touched) const {
  gridValuesAt(t, scene, scene.dst, values, touched);
}

void Animation::gridValuesAt(double t, const Scene& scene, int grid, std::vector<float>* values,
                             std::vector<uint8_t>* touched) const {
  const SceneGrid* dst = scene.gridAt(grid);
  const size_t cells = dst ? static_cast<size_t>(dst->grid.dims.planeCells()) : 0;
  values->assign(cells, 0.0f);
  if (touched) touched->assign(cells, 0);
  if (!trace_) return;
  std::vector<uint32_t> order(cells, 0);
  std::vector<uint8_t> seen(cells, 0);
  const size_t landed = landedAt(t);
  for (size_t i = 0; i < landed; ++i) {
    const AnimatedMove& a = moves_[i];
    const CellMove& m = trace_->moves[a.move];
    if (a.to.grid != grid) continue;
    size_t cell = static_cast<size_t>(a.to.row * dst->grid.dims.cols + a.to.col);
    if (cell >= cells) continue;
    if (!seen[cell] || m.orderAtDst >= order[cell]) {
      seen[cell] = 1;
      order[cell] = m.orderAtDst;
      (*values)[cell] = m.sumAfter;
    }
  }
  if (touched) *touched = seen;
}

void Animation::srcSentAt(double t, const Scene& scene, std::vector<uint8_t>* sent) const {
  const SceneGrid* src = scene.gridAt(scene.src);
  const size_t cells = src ? static_cast<size_t>(src->grid.dims.planeCells()) : 0;
  sent->assign(cells, 0);
  std::vector<uint32_t> pending(cells, 0);
  for (const AnimatedMove& a : moves_) {
    size_t cell = static_cast<size_t>(a.from.row * src->grid.dims.cols + a.from.col);
    if (a.from.grid == scene.src && cell < cells) ++pending[cell];
  }
  for (const AnimatedMove& a : moves_) {
    if (a.beat > t) break;
    size_t cell = static_cast<size_t>(a.from.row * src->grid.dims.cols + a.from.col);
    if (a.from.grid == scene.src && cell < cells && --pending[cell] == 0) (*sent)[cell] = 1;
  }
}

namespace {

// The beat at which each tile, core or phase sends its first move.
std::vector<double> firstBeats(const std::vector<AnimatedMove>& moves, const Trace& trace, StepUnit unit) {
  std::map<int64_t, double> first;
  for (const AnimatedMove& a : moves) {
    const CellMove& m = trace.moves[a.move];
    int64_t key = unit == StepUnit::kCore ? m.core : m.tile;
    if (unit == StepUnit::kPhase)
      key = m.tile >= 0 && static_cast<size_t>(m.tile) < trace.plan.tiles.size() ? trace.plan.tiles[static_cast<size_t>(m.tile)].phase : -1;
    first.try_emplace(key, a.beat);
  }
  std::vector<double> beats;
  for (const auto& [key, beat] : first) beats.push_back(beat);
  std::sort(beats.begin(), beats.end());
  return beats;
}

}  // namespace

double Animation::nextStart(double t, StepUnit unit) const {
  if (unit == StepUnit::kBeat || !trace_) return nextStop(t);
  for (double beat : firstBeats(moves_, *trace_, unit))
    if (beat > t + 1e-9) return beat;
  return duration_;
}

double Animation::previousStart(double t, StepUnit unit) const {
  if (unit == StepUnit::kBeat || !trace_) return previousStop(t);
  const std::vector<double> beats = firstBeats(moves_, *trace_, unit);
  for (auto it = beats.rbegin(); it != beats.rend(); ++it)
    if (*it < t - 1e-9) return *it;
  return 0.0;
}

double Animation::nextStop(double t) const {
  double next = std::floor(t + 1e-9) + 1.0;
  return std::min(next, duration_);
}

double Animation::previousStop(double t) const {
  double prev = std::ceil(t - 1e-9) - 1.0;
  return std::max(prev, 0.0);
}

}  // namespace gradlab::viz
