// How far the current step of a run has got and, from the pace so far, about how long it still needs
// (gradlab/run_progress.h: the app reads the progress once a frame).
#pragma once

#include <cstdint>
#include <optional>

namespace gradlab::viz {

class StepClock {
 public:
  // What the progress said at `now` (seconds on any steady clock). A new step starts the clock again.
  void observe(int step, uint64_t done, uint64_t total, double now);
  int step() const { return step_; }
  double fraction() const;  // of the current step, 0..1 (0 while its total is unknown)
  // Seconds the current step still needs at its pace so far; none until a second of it has gone by with
  // some of it done (an early guess swings wildly).
  std::optional<double> secondsLeft() const;

 private:
  int step_ = -1;
  double start_ = 0.0, now_ = 0.0;
  uint64_t doneAtStart_ = 0, done_ = 0, total_ = 0;
};

}  // namespace gradlab::viz
