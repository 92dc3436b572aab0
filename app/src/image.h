// An RGBA8 image (what the renderers read back) and PNG output.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gradlab::app {

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4, rows top to bottom
  bool empty() const { return width <= 0 || height <= 0; }
};

// The part [x0, x1) x [y0, y1) of `image`, clamped to it (the whole image when the rectangle is empty).
Image cropped(const Image& image, int x0, int y0, int x1, int y1);

// Writes `image` as a PNG; false with a reason in `error` when the file cannot be written.
bool writePng(const std::string& path, const Image& image, std::string* error);

}  // namespace gradlab::app
