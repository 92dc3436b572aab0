#include <png.h>

#include "image.h"

#include <algorithm>
#include <cstdio>
#include <memory>

#include "i18n/translate.h"

namespace gradlab::app {

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// libpng's own handlers print to stderr; the caller reports one line of its own instead.
[[noreturn]] void jumpOnError(png_structp png, png_const_charp) { png_longjmp(png, 1); }
void ignoreWarning(png_structp, png_const_charp) {}

void writeRows(png_structp png, const Image& image) {
  for (int y = 0; y < image.height; ++y)
    png_write_row(png, image.rgba.data() + static_cast<size_t>(y) * static_cast<size_t>(image.width) * 4);
}

// libpng at zlib level 1 with the "sub" filter: lesson frames are flat colour and text, which this
// compresses to within a few percent of the slow settings, several times faster (headless export writes
// a PNG per frame; stb's encoder took two thirds of each frame's time). libpng reports a failure by
// longjmp to here: this frame holds no C++ object and changes no local after setjmp.
bool encode(png_structp png, png_infop info, std::FILE* file, const Image& image) {
  if (setjmp(png_jmpbuf(png))) return false;
  png_init_io(png, file);
  png_set_IHDR(png, info, static_cast<png_uint_32>(image.width), static_cast<png_uint_32>(image.height), 8,
               PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 1);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
  png_write_info(png, info);
  writeRows(png, image);
  png_write_end(png, nullptr);
  return true;
}

}  // namespace

bool writePng(const std::string& path, const Image& image, std::string* error) {
  if (image.empty()) {
    if (error) *error = i18n::tr("nothing was rendered");
    return false;
  }
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "wb"));
  png_structp png = file ? png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, jumpOnError, ignoreWarning) : nullptr;
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  const bool written = info && encode(png, info, file.get(), image);
  png_destroy_write_struct(&png, info ? &info : nullptr);
  if (!written || std::fflush(file.get()) != 0) {
    if (error) *error = i18n::trf("cannot write {0}", path);
    return false;
  }
  return true;
}

}  // namespace gradlab::app
