// Dear ImGui's draw data on an SDL_Renderer: the window's (with or without a GPU) and the headless
// exporter's. It does what Dear ImGui's SDL_Renderer backend does (that backend is not in Debian's libimgui,
// and third-party sources are not copied into this repository), plus one thing for CPU renderers: triangles
// whose corners all use the font atlas's white texel are drawn untextured, which SDL fills directly instead of
// sampling and modulating that texel for every pixel (about twice as fast; the same picture within 2 levels
// per channel, SDL rounding the colour product differently). It also makes the grids' cell images
// (viz/widgets/cell_images.h) while it lives.
#pragma once

#include <string>
#include <vector>

#include "viz/widgets/cell_images.h"

struct SDL_Renderer;
struct SDL_Texture;
struct ImDrawData;

namespace gradlab::app {

class ImGuiSdlRenderer : public viz::CellImageTextures {
 public:
  explicit ImGuiSdlRenderer(SDL_Renderer* renderer);  // becomes the grids' image maker
  ~ImGuiSdlRenderer() override;  // the textures go; the SDL renderer is the caller's
  ImGuiSdlRenderer(const ImGuiSdlRenderer&) = delete;
  ImGuiSdlRenderer& operator=(const ImGuiSdlRenderer&) = delete;

  // Before each frame: the font atlas as a texture, made again after dropFonts(); false (and `error`) when
  // SDL refuses the texture. Cell images the last frame did not use go.
  bool prepareFrame(std::string* error = nullptr);
  ImTextureID upload(int width, int height, const ImU32* texels) override;
  // After the fonts were rebuilt (another language, presenter mode): the next frame uploads the new atlas.
  void dropFonts();
  // Draws `data` with alpha blending and ImGui's clip rectangles (scaled by its framebuffer scale when SDL's
  // render scale is 1); leaves the renderer's viewport and clip rectangle as it found them.
  void render(const ImDrawData& data);
  bool software() const { return software_; }

 private:
  SDL_Renderer* renderer_;
  SDL_Texture* fonts_ = nullptr;
  bool software_ = false;
  struct CellImage {
    SDL_Texture* texture = nullptr;
    int width = 0, height = 0;
    bool used = false;  // by the frame being built
  };
  std::vector<CellImage> images_;
};

}  // namespace gradlab::app
