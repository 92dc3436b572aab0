// Which of a run's adds are atomic. A tile the plan marks atomic may still store plainly into the rows only its
// core writes: the line of its kernel's listing that recorded a move says whether that move added with
// SetAtomicAdd on. Sentences that say "atomic" about a cell (the inspector, the answers' explanations, the
// atomic-cells question) ask here, so they are true of the run.
#pragma once

#include <cstdint>
#include <map>

#include "gradlab/kernel_code.h"
#include "gradlab/plan.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

class AtomicAdds {
 public:
  explicit AtomicAdds(const Plan* plan) : plan_(plan) {}
  // Move `m` adds atomically into its cell (false without a plan, or for a move that carries nothing).
  bool atomic(const CellMove& m);
  // Some move into `cell` (on the scene's plane) adds atomically; `tile` >= 0: one of that tile's moves.
  bool anyInto(const Scene& s, const CellRef& cell, int32_t tile = -1);

 private:
  const Plan* plan_;
  std::map<int32_t, KernelListing> listings_;  // by phase, made when first needed
};

}  // namespace gradlab::viz
