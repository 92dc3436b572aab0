#include "image.h"

#include <algorithm>

namespace gradlab::app {

Image cropped(const Image& image, int x0, int y0, int x1, int y1) {
  x0 = std::clamp(x0, 0, image.width), x1 = std::clamp(x1, 0, image.width);
  y0 = std::clamp(y0, 0, image.height), y1 = std::clamp(y1, 0, image.height);
  if (x0 >= x1 || y0 >= y1) return image;
  Image out;
  out.width = x1 - x0, out.height = y1 - y0;
  out.rgba.resize(static_cast<size_t>(out.width) * out.height * 4);
  for (int y = 0; y < out.height; ++y) {
    const uint8_t* from = image.rgba.data() + (static_cast<size_t>(y0 + y) * image.width + x0) * 4;
    std::copy(from, from + static_cast<size_t>(out.width) * 4, out.rgba.data() + static_cast<size_t>(y) * out.width * 4);
  }
  return out;
}

}  // namespace gradlab::app
