#include <stb_image_write.h>

#include "image.h"

namespace gradlab::app {

bool writePng(const std::string& path, const Image& image, std::string* error) {
  if (image.empty()) {
    if (error) *error = "nothing was rendered";
    return false;
  }
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4)) {
    if (error) *error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace gradlab::app
