// The grids' cell images (viz/widgets/cell_images.h) as WebGL textures, sampled nearest.
#pragma once

#include <memory>

#include "viz/widgets/cell_images.h"

namespace gradlab::app {

// The grids draw their images with it while it lives; beginFrame() before each frame.
std::unique_ptr<viz::PooledCellImages> makeWebCellImages();

}  // namespace gradlab::app
