#include "viz/model/step_clock.h"

#include <algorithm>

namespace gradlab::viz {

void StepClock::observe(int step, uint64_t done, uint64_t total, double now) {
  if (step != step_ || done < done_) {
    step_ = step;
    start_ = now;
    doneAtStart_ = done;
  }
  done_ = done;
  total_ = total;
  now_ = now;
}

double StepClock::fraction() const {
  return total_ == 0 ? 0.0 : std::clamp(static_cast<double>(done_) / static_cast<double>(total_), 0.0, 1.0);
}

std::optional<double> StepClock::secondsLeft() const {
  const double elapsed = now_ - start_;
  if (elapsed < 1.0 || done_ <= doneAtStart_ || total_ < done_) return std::nullopt;
  const double rate = static_cast<double>(done_ - doneAtStart_) / elapsed;
  return static_cast<double>(total_ - done_) / rate;
}

}  // namespace gradlab::viz
