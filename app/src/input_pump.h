// Feeds SDL's events to Dear ImGui one button or key transition a frame, in the order they happened.
//
// ImGui 1.86's SDL backend polls the mouse and keys once a frame: a press and a release that arrive
// together (a quick click, a short Enter tap, xdotool's "mousemove x y click 1") collapse, and the
// pointer's position is dropped while SDL does not yet know the window has the mouse. A person then
// sees a tab click that does nothing or a typed value that never commits. Here every event is handled
// in order, a frame ends after each button or key transition (the rest wait for the next frame, drawn
// at once), and the pointer's position and buttons come from the events themselves.
#pragma once

#include <SDL.h>

#include <chrono>
#include <deque>
#include <functional>

namespace gradlab::app {

class InputPump {
 public:
  // Takes what SDL has queued; waits up to `waitMs` for something first when nothing is pending.
  void collect(int waitMs);
  // Hands this frame's events to ImGui's backend and to `handle`, up to and including the first button
  // or key transition.
  void dispatch(const std::function<void(const SDL_Event&)>& handle);
  // After the backend's NewFrame: the pointer and buttons as the dispatched events left them.
  void applyToImGui() const;
  // Events are waiting: draw the next frame without sleeping.
  bool pending() const { return !queue_.empty(); }
  // An event came within the last `seconds`. ImGui settles over a few frames after input (a popup is laid
  // out on its first frame and placed on the second; a panel scrolls a new question into view): the
  // window keeps drawing that long instead of leaving the rest to its next idle wake-up, a quarter of a
  // second later.
  bool recentInput(double seconds) const;

 private:
  std::deque<SDL_Event> queue_;
  std::chrono::steady_clock::time_point lastEvent_{};
  bool inside_ = false;       // the pointer is over the window (or a button is held since it was)
  float x_ = 0, y_ = 0;
  bool down_[3] = {false, false, false};
};

}  // namespace gradlab::app
