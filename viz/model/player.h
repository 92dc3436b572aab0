// Play / pause / step / scrub state of the animation clock (in beats). Pure: the UI calls update(dt).
#pragma once

namespace gradlab::viz {

class Animation;

struct Player {
  double t = 0.0;          // current time, beats
  double duration = 0.0;   // beats
  double speed = 2.0;      // beats per second
  bool playing = false;
  bool loop = false;

  void reset(double newDuration);          // t = 0, paused
  void update(double dtSeconds);           // advances while playing; stops (or loops) at the end
  void togglePlay();                       // at the end, play restarts from 0
  void stepForward(const Animation& a);    // pauses and jumps to the next beat boundary
  void stepBack(const Animation& a);
  void scrub(double time);                 // pauses and jumps
  void toEnd() { scrub(duration); }
  bool atEnd() const { return t >= duration; }
  double fraction() const { return duration > 0 ? t / duration : 1.0; }
};

}  // namespace gradlab::viz
