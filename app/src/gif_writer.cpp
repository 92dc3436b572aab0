#include "gif_writer.h"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "i18n/translate.h"

namespace gradlab::app {
namespace {

std::string gifError(int code) {
  const char* s = GifErrorString(code);
  return s ? s : "unknown giflib error";
}

struct Rect {
  int x0, y0, x1, y1;  // half-open
};

// The smallest rectangle holding every pixel that differs between a and b (whole frame if b is empty).
Rect changedRect(const Image& a, const Image& b) {
  if (b.empty()) return {0, 0, a.width, a.height};
  Rect r{a.width, a.height, 0, 0};
  const uint32_t* pa = reinterpret_cast<const uint32_t*>(a.rgba.data());
  const uint32_t* pb = reinterpret_cast<const uint32_t*>(b.rgba.data());
  for (int y = 0; y < a.height; ++y) {
    const uint32_t* ra = pa + static_cast<size_t>(y) * a.width;
    const uint32_t* rb = pb + static_cast<size_t>(y) * a.width;
    if (std::memcmp(ra, rb, static_cast<size_t>(a.width) * 4) == 0) continue;
    int x0 = 0, x1 = a.width;
    while (ra[x0] == rb[x0]) ++x0;
    while (ra[x1 - 1] == rb[x1 - 1]) --x1;
    r.x0 = std::min(r.x0, x0), r.x1 = std::max(r.x1, x1);
    r.y0 = std::min(r.y0, y), r.y1 = std::max(r.y1, y + 1);
  }
  if (r.x0 >= r.x1) return {0, 0, 1, 1};  // identical: store one pixel to carry the delay
  return r;
}

}  // namespace

GifWriter::~GifWriter() { close(nullptr); }

bool GifWriter::open(const std::string& path, int width, int height, std::string* error) {
  int code = 0;
  // EGifOpenFileName creates files readable by their owner only; open it ourselves with the usual mode.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  gif_ = fd >= 0 ? EGifOpenFileHandle(fd, &code) : nullptr;
  if (fd >= 0 && !gif_) ::close(fd);
  if (fd < 0) code = E_GIF_ERR_OPEN_FAILED;
  if (!gif_) {
    if (error) *error = i18n::trf("cannot create {0}: {1}", path, gifError(code));
    return false;
  }
  path_ = path;
  width_ = width, height_ = height, frames_ = 0;
  previous_ = Image{};
  EGifSetGifVersion(gif_, true);
  if (EGifPutScreenDesc(gif_, width, height, 8, 0, nullptr) == GIF_ERROR) {
    if (error) *error = i18n::trf("cannot write {0}: {1}", path, gifError(gif_->Error));
    return false;
  }
  // NETSCAPE2.0 application extension: loop forever.
  const unsigned char loop[3] = {1, 0, 0};
  EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE);
  EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0");
  EGifPutExtensionBlock(gif_, 3, loop);
  EGifPutExtensionTrailer(gif_);
  return true;
}

bool GifWriter::add(const Image& frame, int delayCentiseconds, std::string* error) {
  if (!gif_ || frame.width != width_ || frame.height != height_) {
    if (error) *error = i18n::tr("GIF frame size does not match");
    return false;
  }
  const Rect r = changedRect(frame, previous_);
  const int w = r.x1 - r.x0, h = r.y1 - r.y0;
  std::vector<GifByteType> red(static_cast<size_t>(w) * h), green(red.size()), blue(red.size()), index(red.size());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const uint8_t* p = &frame.rgba[(static_cast<size_t>(r.y0 + y) * width_ + r.x0 + x) * 4];
      size_t i = static_cast<size_t>(y) * w + x;
      red[i] = p[0], green[i] = p[1], blue[i] = p[2];
    }
  // 255 colours for the patch; index 255 is transparent and marks pixels that did not change, so the
  // previous frame shows through exactly (no seams where palettes of neighbouring patches differ).
  int colours = 255;
  GifColorType palette[256] = {};
  if (GifQuantizeBuffer(static_cast<unsigned>(w), static_cast<unsigned>(h), &colours, red.data(), green.data(),
                        blue.data(), index.data(), palette) == GIF_ERROR) {
    if (error) *error = i18n::tr("GIF colour quantization failed");
    return false;
  }
  const bool incremental = !previous_.empty();
  if (incremental) {
    const uint32_t* now = reinterpret_cast<const uint32_t*>(frame.rgba.data());
    const uint32_t* before = reinterpret_cast<const uint32_t*>(previous_.rgba.data());
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const size_t at = static_cast<size_t>(r.y0 + y) * width_ + r.x0 + x;
        if (now[at] == before[at]) index[static_cast<size_t>(y) * w + x] = 255;
      }
  }
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;  // later frames only patch the changed rectangle
  gcb.UserInputFlag = false;
  gcb.DelayTime = std::max(delayCentiseconds, 2);
  gcb.TransparentColor = incremental ? 255 : NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  size_t len = EGifGCBToExtension(&gcb, ext);
  ColorMapObject* map = GifMakeMapObject(256, palette);
  bool ok = EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(len), ext) != GIF_ERROR &&
            EGifPutImageDesc(gif_, r.x0, r.y0, w, h, false, map) != GIF_ERROR;
  for (int y = 0; ok && y < h; ++y) ok = EGifPutLine(gif_, &index[static_cast<size_t>(y) * w], w) != GIF_ERROR;
  GifFreeMapObject(map);
  if (!ok) {
    if (error) *error = i18n::trf("cannot write {0}: {1}", path_, gifError(gif_->Error));
    return false;
  }
  previous_ = frame;
  ++frames_;
  return true;
}

bool GifWriter::close(std::string* error) {
  if (!gif_) return true;
  int code = 0;
  bool ok = EGifCloseFile(gif_, &code) != GIF_ERROR;
  gif_ = nullptr;
  if (!ok && error) *error = i18n::trf("cannot finish {0}: {1}", path_, gifError(code));
  return ok;
}

}  // namespace gradlab::app
