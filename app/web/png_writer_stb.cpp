// writePng (app/src/image.h) for the browser build, where Debian's libpng is not at hand: stb_image_write
// (Debian's libstb-dev, header-only), into the page's memory file system; the browser downloads the file.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include "image.h"
#include "i18n/translate.h"

namespace gradlab::app {

bool writePng(const std::string& path, const Image& image, std::string* error) {
  if (image.empty()) {
    if (error) *error = i18n::tr("nothing was rendered");
    return false;
  }
  if (stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4) == 0) {
    if (error) *error = i18n::trf("cannot write {0}", path);
    return false;
  }
  return true;
}

}  // namespace gradlab::app
