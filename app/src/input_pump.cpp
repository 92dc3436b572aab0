#include "input_pump.h"

#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <cfloat>

namespace gradlab::app {
namespace {

bool isTransition(const SDL_Event& e) {
  return e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP || e.type == SDL_KEYDOWN || e.type == SDL_KEYUP;
}

int buttonIndex(Uint8 button) {
  switch (button) {
    case SDL_BUTTON_LEFT: return 0;
    case SDL_BUTTON_RIGHT: return 1;
    case SDL_BUTTON_MIDDLE: return 2;
    default: return -1;
  }
}

}  // namespace

void InputPump::collect(int waitMs) {
  // SDL_WaitEventTimeout with no event structure waits without taking the event, so the order stays.
  if (queue_.empty() && waitMs > 0) SDL_WaitEventTimeout(nullptr, waitMs);
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
    queue_.push_back(e);
    lastEvent_ = std::chrono::steady_clock::now();
  }
}

bool InputPump::recentInput(double seconds) const {
  return std::chrono::steady_clock::now() - lastEvent_ < std::chrono::duration<double>(seconds);
}

void InputPump::dispatch(const std::function<void(const SDL_Event&)>& handle) {
  const float frameX = x_, frameY = y_;
  const bool frameInside = inside_;
  while (!queue_.empty()) {
    const SDL_Event e = queue_.front();
    const bool button = e.type == SDL_MOUSEBUTTONDOWN || e.type == SDL_MOUSEBUTTONUP;
    if (button && (!frameInside || e.button.x != frameX || e.button.y != frameY)) {
      // The pointer arrives and presses in one go: ImGui first needs a frame with the pointer over the
      // widget (an item hovered the frame before blocks the click), as a hand gives it.
      x_ = static_cast<float>(e.button.x), y_ = static_cast<float>(e.button.y);
      inside_ = true;
      break;
    }
    queue_.pop_front();
    switch (e.type) {
      case SDL_MOUSEMOTION:
        x_ = static_cast<float>(e.motion.x), y_ = static_cast<float>(e.motion.y);
        inside_ = true;
        break;
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
        x_ = static_cast<float>(e.button.x), y_ = static_cast<float>(e.button.y);
        inside_ = true;
        if (const int i = buttonIndex(e.button.button); i >= 0) down_[i] = e.type == SDL_MOUSEBUTTONDOWN;
        break;
      case SDL_WINDOWEVENT:
        if (e.window.event == SDL_WINDOWEVENT_LEAVE) inside_ = false;
        if (e.window.event == SDL_WINDOWEVENT_ENTER) inside_ = true;
        break;
      default: break;
    }
    ImGui_ImplSDL2_ProcessEvent(&e);
    if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) {
      // The backend reads the modifiers SDL holds now, after every queued event: Ctrl released in the same
      // burst as Ctrl+A (a fast hand, a remote desktop) made it a bare A. The event's own are the ones held.
      ImGuiIO& io = ImGui::GetIO();
      const Uint16 mod = e.key.keysym.mod;
      io.KeyCtrl = (mod & KMOD_CTRL) != 0;
      io.KeyShift = (mod & KMOD_SHIFT) != 0;
      io.KeyAlt = (mod & KMOD_ALT) != 0;
      io.KeySuper = (mod & KMOD_GUI) != 0;
    }
    handle(e);
    if (isTransition(e)) break;
  }
}

void InputPump::applyToImGui() const {
  ImGuiIO& io = ImGui::GetIO();
  const bool held = down_[0] || down_[1] || down_[2];
  io.MousePos = inside_ || held ? ImVec2(x_, y_) : ImVec2(-FLT_MAX, -FLT_MAX);
  for (int i = 0; i < 3; ++i) io.MouseDown[i] = down_[i];
}

}  // namespace gradlab::app
