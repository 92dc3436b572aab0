#include "viz/model/atomic_adds.h"

namespace gradlab::viz {

bool AtomicAdds::atomic(const CellMove& m) {
  if (!plan_ || m.weight == 0.0f || m.tile < 0 || static_cast<size_t>(m.tile) >= plan_->tiles.size()) return false;
  const int32_t phase = plan_->tiles[static_cast<size_t>(m.tile)].phase;
  auto it = listings_.find(phase);
  if (it == listings_.end()) it = listings_.emplace(phase, kernelListing(*plan_, phase)).first;
  const int line = it->second.firstLine(m.step);
  return line >= 0 && it->second.lines[static_cast<size_t>(line)].atomic;
}

bool AtomicAdds::anyInto(const Scene& s, const CellRef& cell, int32_t tile) {
  const std::vector<uint32_t>* moves = s.movesInto(cell);
  if (!moves || !s.trace) return false;
  for (uint32_t i : *moves) {
    const CellMove& m = s.trace->moves[i];
    if ((tile < 0 || m.tile == tile) && atomic(m)) return true;
  }
  return false;
}

}  // namespace gradlab::viz
