// The grids' cell images (viz/widgets/cell_images.h) as WebGL textures, sampled nearest. A texture serves
// one grid of one frame; one the frame being built did not reuse goes at the next frame's start.
#pragma once

#include <vector>

#include "viz/widgets/cell_images.h"

namespace gradlab::app {

class WebCellImages : public viz::CellImageTextures {
 public:
  WebCellImages();  // becomes the grids' image maker
  ~WebCellImages() override;
  WebCellImages(const WebCellImages&) = delete;
  WebCellImages& operator=(const WebCellImages&) = delete;

  void beginFrame();  // before the frame is built
  ImTextureID upload(int width, int height, const ImU32* texels) override;

 private:
  struct Texture {
    unsigned name = 0;  // GL's
    int width = 0, height = 0;
    bool used = false;
  };
  std::vector<Texture> textures_;
};

}  // namespace gradlab::app
