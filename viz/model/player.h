// Play / pause / step / scrub state of the animation clock (in beats). Pure: the UI calls update(dt).
#pragma once

namespace gradlab::viz {

class Animation;

// What the step buttons jump by: a beat, or to where the next tile, core or phase starts.
enum class StepUnit { kBeat, kTile, kCore, kPhase };
const char* stepUnitName(StepUnit unit);

struct Player {
  double t = 0.0;          // current time, beats
  double duration = 0.0;   // beats
  double speed = 2.0;      // beats per second
  bool playing = false;
  bool loop = false;

  void reset(double newDuration);          // t = 0, paused
  void update(double dtSeconds);           // advances while playing; stops (or loops) at the end
  void togglePlay();                       // at the end, play restarts from 0
  // Pause and jump to the next / previous beat boundary, or start of a tile, core or phase.
  void stepForward(const Animation& a, StepUnit unit = StepUnit::kBeat);
  void stepBack(const Animation& a, StepUnit unit = StepUnit::kBeat);
  void scrub(double time);                 // pauses and jumps
  void toEnd() { scrub(duration); }
  bool atEnd() const { return t >= duration; }
  double fraction() const { return duration > 0 ? t / duration : 1.0; }
};

}  // namespace gradlab::viz
