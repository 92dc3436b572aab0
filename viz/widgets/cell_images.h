// Grids zoomed too far out for digits (cells under 8 pixels, no gaps) are drawn as one image, a texel per
// cell, instead of a rectangle per cell: a 128x128 gradOutput is 16,384 rectangles, 65,536 vertices a frame,
// which a software renderer (a browser without a GPU, SDL's CPU renderer) fills at half the frame rate.
// The window layer makes the images' textures (it knows the renderer); where none is installed (tests
// without a renderer) grids draw rectangles.
#pragma once

#include <imgui.h>

#include <functional>
#include <vector>

#include "gradlab/no_copy.h"

namespace gradlab::viz {

class CellImageTextures {
 public:
  virtual ~CellImageTextures() = default;
  // A texture of `width` x `height` RGBA8 texels (ImU32 colours, row after row), sampled nearest, that stays
  // valid until the frame being built has been rendered; nullptr when the renderer cannot make one (the
  // grid then draws rectangles).
  virtual ImTextureID upload(int width, int height, const ImU32* texels) = 0;
};

// The textures grids draw with from now on (nullptr: rectangles). The caller keeps it alive meanwhile.
void setCellImageTextures(CellImageTextures* textures);
CellImageTextures* cellImageTextures();

// The grids' textures on a renderer: one per grid drawn in a frame, reused by size frame after frame and
// dropped once a frame did not use it. The grids draw with it while it lives.
class PooledCellImages : public CellImageTextures, NoCopy {
 public:
  struct Renderer {
    std::function<ImTextureID(int width, int height)> make;  // nearest-sampled RGBA8; nullptr when it cannot
    std::function<bool(ImTextureID, int width, int height, const ImU32* texels)> fill;  // the whole texture
    std::function<void(ImTextureID)> drop;
  };
  explicit PooledCellImages(Renderer renderer);
  ~PooledCellImages() override;  // drops every texture

  void beginFrame();  // before a frame is built: drops the textures the last one did not use
  ImTextureID upload(int width, int height, const ImU32* texels) override;

 private:
  struct Texture {
    ImTextureID id = nullptr;
    int width = 0, height = 0;
    bool used = false;  // by the frame being built
  };
  Renderer renderer_;
  std::vector<Texture> textures_;
};

}  // namespace gradlab::viz
