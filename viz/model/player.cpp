#include "viz/model/player.h"

#include <algorithm>
#include <cmath>

#include "viz/model/animation.h"

namespace gradlab::viz {

void Player::reset(double newDuration) {
  duration = std::max(newDuration, 0.0);
  t = 0.0;
  playing = false;
}

void Player::update(double dtSeconds) {
  if (!playing) return;
  t += dtSeconds * speed;
  if (t < duration) return;
  if (loop && duration > 0) {
    t = std::fmod(t, duration);
  } else {
    t = duration;
    playing = false;
  }
}

void Player::togglePlay() {
  if (playing) {
    playing = false;
    return;
  }
  if (atEnd()) t = 0.0;
  playing = true;
}

const char* stepUnitName(StepUnit unit) {
  switch (unit) {
    case StepUnit::kBeat: return "beat";
    case StepUnit::kTile: return "tile";
    case StepUnit::kCore: return "core";
    case StepUnit::kPhase: return "phase";
  }
  return "beat";
}

void Player::stepForward(const Animation& a, StepUnit unit) {
  playing = false;
  t = std::min(a.nextStart(t, unit), duration);
}

void Player::stepBack(const Animation& a, StepUnit unit) {
  playing = false;
  t = a.previousStart(t, unit);
}

void Player::scrub(double time) {
  playing = false;
  t = std::clamp(time, 0.0, duration);
}

}  // namespace gradlab::viz
