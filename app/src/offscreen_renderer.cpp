#include "offscreen_renderer.h"

#include <SDL.h>
#include <imgui.h>

#include <cfloat>
#include <cstring>

#include "app_setup.h"
#include "i18n/translate.h"
#include "viz/widgets/theme.h"

namespace gradlab::app {

OffscreenRenderer::~OffscreenRenderer() {
  imgui_.reset();
  if (renderer_) SDL_DestroyRenderer(renderer_);
  if (surface_) SDL_FreeSurface(surface_);
}

bool OffscreenRenderer::init(int width, int height, std::string* error) {
  width_ = width, height_ = height;
  surface_ = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32);
  if (surface_) renderer_ = SDL_CreateSoftwareRenderer(surface_);
  if (!surface_ || !renderer_) {
    if (error) *error = i18n::trf("cannot create the software renderer: {0}", SDL_GetError());
    return false;
  }
  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "gradlab-offscreen";
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  imgui_ = std::make_unique<ImGuiSdlRenderer>(renderer_);
  return imgui_->prepareFrame(error);
}

Image OffscreenRenderer::renderFrame(viz::AppState& state, float dt) {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(width_), static_cast<float>(height_));
  io.DeltaTime = dt > 0 ? dt : 1.0f / 60.0f;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no mouse: nothing hovered but the lesson's focus cell
  if (fontsOutOfDate(state)) {
    imgui_->dropFonts();
    rebuildFonts(state);
  }
  imgui_->prepareFrame();
  buildFrame(state, dt);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  SDL_SetRenderDrawColor(renderer_, static_cast<Uint8>(bg.x * 255), static_cast<Uint8>(bg.y * 255),
                         static_cast<Uint8>(bg.z * 255), 255);
  SDL_RenderClear(renderer_);
  imgui_->render(*ImGui::GetDrawData());
  SDL_RenderFlush(renderer_);
  Image image;
  image.width = width_, image.height = height_;
  image.rgba.resize(static_cast<size_t>(width_) * height_ * 4);
  SDL_LockSurface(surface_);
  for (int y = 0; y < height_; ++y)
    std::memcpy(&image.rgba[static_cast<size_t>(y) * width_ * 4],
                static_cast<const uint8_t*>(surface_->pixels) + static_cast<size_t>(y) * surface_->pitch,
                static_cast<size_t>(width_) * 4);
  SDL_UnlockSurface(surface_);
  return image;
}

}  // namespace gradlab::app
