// Renders ImGui frames with SDL's software renderer onto an SDL_Surface: no window, no display.
// The same SDL_Renderer backend as the window, so headless images look like the app.
#pragma once

#include <memory>
#include <string>

#include "image.h"
#include "imgui_sdl_renderer.h"
#include "viz/panels/app_state.h"
#include "gradlab/no_copy.h"

struct SDL_Surface;
struct SDL_Renderer;

namespace gradlab::app {

class OffscreenRenderer : NoCopy {
 public:
  OffscreenRenderer() = default;
  ~OffscreenRenderer();

  // Needs an ImGui context with fonts (setUpImGui).
  bool init(int width, int height, std::string* error);
  // Builds one UI frame (dt seconds after the last) and returns its pixels.
  Image renderFrame(viz::AppState& state, float dtSeconds);
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  SDL_Surface* surface_ = nullptr;
  SDL_Renderer* renderer_ = nullptr;
  std::unique_ptr<ImGuiSdlRenderer> imgui_;  // draws ImGui's frames on renderer_
  int width_ = 0, height_ = 0;
};

}  // namespace gradlab::app
