// The scatter animation of one plane, generated from the trace's cell moves. Time is counted in beats:
// a move starts travelling at its beat and lands kTravel beats later, when its dst cell shows the
// move's running sum (sumAfter). Beats come from the recorded order:
//   - one at a time: the n-th move of the plane (in sequence order) starts at beat n;
//   - cores in parallel: each core issues its next move every beat, but a move never starts before the
//     previous add into the same dst cell has landed, so every cell still shows the exact order of adds
//     the run recorded (atomic order in default mode, the owner's gather order in deterministic mode).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "viz/model/player.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

enum class Pacing { kOneAtATime, kCoresInParallel };
const char* pacingName(Pacing pacing);

constexpr double kTravel = 0.8;  // beats a cell spends in flight


struct AnimatedMove {
  uint32_t move = 0;   // index into trace->moves
  double beat = 0.0;   // when it leaves its src cell
  CellRef from, to;
};

struct Flight {
  const AnimatedMove* move = nullptr;
  float progress = 0.0f;  // 0 at the src cell .. 1 at the dst cell
};

class Animation {
 public:
  Animation() = default;
  Animation(const Scene& scene, Pacing pacing);

  Pacing pacing() const { return pacing_; }
  double duration() const { return duration_; }  // beats until the last move has landed
  const std::vector<AnimatedMove>& moves() const { return moves_; }  // sorted by beat, then sequence
  bool empty() const { return moves_.empty(); }

  // Moves in the air at time t.
  std::vector<Flight> flightsAt(double t) const;
  // How many moves have landed by time t (they are a prefix of moves()).
  size_t landedAt(double t) const;
  // The value each dst cell of the plane shows at time t: the sumAfter of the last add that landed
  // there, 0 before the first (the output starts zeroed). `touched` marks cells that received an add.
  void dstValuesAt(double t, const Scene& scene, std::vector<float>* values, std::vector<uint8_t>* touched) const;
  // The same for any grid the moves land in (the dst, or the intermediate of a two-hop plan).
  void gridValuesAt(double t, const Scene& scene, int grid, std::vector<float>* values, std::vector<uint8_t>* touched) const;
  // Src cells (plane-local) that have already sent every one of their moves by time t.
  void srcSentAt(double t, const Scene& scene, std::vector<uint8_t>* sent) const;
  // The next / previous time a move lands or starts, for stepping (beat boundaries).
  double nextStop(double t) const;
  double previousStop(double t) const;
  // The next / previous beat at which a tile, core or phase sends its first move of the plane (kBeat: the
  // stops above); the end / the start when there is none.
  double nextStart(double t, StepUnit unit) const;
  double previousStart(double t, StepUnit unit) const;
  // Cores (of the plane's moves) whose first move starts after beat 0: in "cores in parallel" pacing, a core
  // that waits for another core's add into a shared cell to land first.
  int coresStartingLate() const;

 private:
  Pacing pacing_ = Pacing::kOneAtATime;
  double duration_ = 0.0;
  std::vector<AnimatedMove> moves_;
  std::shared_ptr<const Trace> trace_;
};

}  // namespace gradlab::viz
