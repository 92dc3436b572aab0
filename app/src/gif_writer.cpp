#include "gif_writer.h"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
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

// How far a shown pixel may be from the frame's, per channel, and still count as shown right: a rare colour
// drawn in a close palette neighbour is not drawn again every frame, a wrong colour is.
constexpr int kShownTolerance = 12;

bool closeEnough(const uint8_t* a, const uint8_t* b) {
  return std::abs(a[0] - b[0]) <= kShownTolerance && std::abs(a[1] - b[1]) <= kShownTolerance &&
         std::abs(a[2] - b[2]) <= kShownTolerance;
}

// The smallest rectangle holding every pixel of `frame` that `shown` does not show closely enough (the
// whole frame if nothing is shown yet).
Rect changedRect(const Image& frame, const Image& shown) {
  if (shown.empty()) return {0, 0, frame.width, frame.height};
  Rect r{frame.width, frame.height, 0, 0};
  for (int y = 0; y < frame.height; ++y) {
    const uint8_t* a = &frame.rgba[static_cast<size_t>(y) * frame.width * 4];
    const uint8_t* b = &shown.rgba[static_cast<size_t>(y) * frame.width * 4];
    if (std::memcmp(a, b, static_cast<size_t>(frame.width) * 4) == 0) continue;
    int x0 = 0, x1 = frame.width;
    while (x0 < x1 && closeEnough(a + x0 * 4, b + x0 * 4)) ++x0;
    if (x0 == x1) continue;
    while (closeEnough(a + (x1 - 1) * 4, b + (x1 - 1) * 4)) --x1;
    r.x0 = std::min(r.x0, x0), r.x1 = std::max(r.x1, x1);
    r.y0 = std::min(r.y0, y), r.y1 = std::max(r.y1, y + 1);
  }
  if (r.x0 >= r.x1) return {0, 0, 1, 1};  // nothing to draw: one transparent pixel carries the delay
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
  shown_ = Image{};
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
  const bool incremental = !shown_.empty();
  const Rect r = changedRect(frame, shown_);
  const int w = r.x1 - r.x0, h = r.y1 - r.y0;
  const auto rgb = [](const uint8_t* p) { return static_cast<uint32_t>(p[0]) | p[1] << 8 | p[2] << 16; };
  const auto pixel = [&](const Image& image, int x, int y) { return &image.rgba[(static_cast<size_t>(r.y0 + y) * width_ + r.x0 + x) * 4]; };
  // Index 255 is transparent: the pixels the GIF already shows right (closely enough).
  const auto same = [&](int x, int y) { return incremental && closeEnough(pixel(frame, x, y), pixel(shown_, x, y)); };
  std::vector<GifByteType> index(static_cast<size_t>(w) * h, 255);
  GifColorType palette[256] = {};
  // The colours to draw, by how many pixels have each. A UI frame is mostly a few flat colours plus text's
  // antialiased edges: the 255 most frequent colours are the palette (exact where there are no more), and a
  // rarer colour is drawn in its nearest one; where that is off by more than the tolerance the next frame
  // draws it again, then mostly with exact colours.
  std::unordered_map<uint32_t, uint32_t> count;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (!same(x, y)) ++count[rgb(pixel(frame, x, y))];
  std::vector<std::pair<uint32_t, uint32_t>> byCount(count.begin(), count.end());  // (colour, pixels)
  const size_t kept = std::min<size_t>(byCount.size(), 255);
  std::partial_sort(byCount.begin(), byCount.begin() + static_cast<std::ptrdiff_t>(kept), byCount.end(),
                    [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  const auto channel = [](uint32_t colour, int shift) { return static_cast<GifByteType>(colour >> shift & 255); };
  std::unordered_map<uint32_t, GifByteType> indexOf;
  for (size_t i = 0; i < kept; ++i) {
    const uint32_t colour = byCount[i].first;
    palette[i] = {channel(colour, 0), channel(colour, 8), channel(colour, 16)};
    indexOf.emplace(colour, static_cast<GifByteType>(i));
  }
  for (size_t i = kept; i < byCount.size(); ++i) {  // nearest by squared distance
    const uint32_t colour = byCount[i].first;
    int best = 0;
    long bestDistance = -1;
    for (size_t j = 0; j < kept; ++j) {
      const long dr = channel(colour, 0) - palette[j].Red, dg = channel(colour, 8) - palette[j].Green,
                 db = channel(colour, 16) - palette[j].Blue;
      const long d = dr * dr + dg * dg + db * db;
      if (bestDistance < 0 || d < bestDistance) bestDistance = d, best = static_cast<int>(j);
    }
    indexOf.emplace(colour, static_cast<GifByteType>(best));
  }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (!same(x, y)) index[static_cast<size_t>(y) * w + x] = indexOf.at(rgb(pixel(frame, x, y)));
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;  // later frames only patch what differs
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
  // What a decoder shows now: the drawn pixels in their palette colours, the transparent ones as they were.
  if (!incremental) shown_ = frame;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const GifByteType i = index[static_cast<size_t>(y) * w + x];
      if (incremental && i == 255) continue;
      uint8_t* p = &shown_.rgba[(static_cast<size_t>(r.y0 + y) * width_ + r.x0 + x) * 4];
      p[0] = palette[i].Red, p[1] = palette[i].Green, p[2] = palette[i].Blue, p[3] = 255;
    }
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
