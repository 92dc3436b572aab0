// Dear ImGui's draw data on an SDL_Renderer: the window's (with or without a GPU) and the headless
// exporter's. It does what Dear ImGui's SDL_Renderer backend does (that backend is not in Debian's libimgui,
// and third-party sources are not copied into this repository), plus one thing for CPU renderers: triangles
// whose corners all use the font atlas's white texel are drawn untextured, which SDL fills directly instead of
// sampling and modulating that texel for every pixel (about twice as fast; the same picture within 2 levels
// per channel, SDL rounding the colour product differently). It also makes the grids' cell images
// (viz/widgets/cell_images.h) while it lives.
#pragma once

#include <string>

#include "viz/widgets/cell_images.h"
#include "gradlab/no_copy.h"

struct SDL_Renderer;
struct SDL_Texture;
struct ImDrawData;

namespace gradlab::app {

class ImGuiSdlRenderer : NoCopy {
 public:
  explicit ImGuiSdlRenderer(SDL_Renderer* renderer);  // the grids draw their images with it while it lives
  ~ImGuiSdlRenderer();  // the textures go; the SDL renderer is the caller's

  // Before each frame: the font atlas as a texture, made again after dropFonts(); false (and `error`) when
  // SDL refuses the texture. Cell images the last frame did not use go.
  bool prepareFrame(std::string* error = nullptr);
  // After the fonts were rebuilt (another language, presenter mode): the next frame uploads the new atlas.
  void dropFonts();
  // Draws `data` with alpha blending and ImGui's clip rectangles (scaled by its framebuffer scale when SDL's
  // render scale is 1); leaves the renderer's viewport and clip rectangle as it found them.
  void render(const ImDrawData& data);

 private:
  SDL_Renderer* renderer_;
  SDL_Texture* fonts_ = nullptr;
  bool software_ = false;
  viz::PooledCellImages cellImages_;  // the grids' images, as SDL textures
};

}  // namespace gradlab::app
