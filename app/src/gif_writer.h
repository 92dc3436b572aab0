// Animated GIF output (giflib): each frame stores only the rectangle that differs from what the GIF shows so
// far, which keeps UI recordings small, with a palette of its own: its 255 most frequent colours (all of them,
// exact, in most frames). The comparison is with the pixels shown (within a small tolerance), not with the
// previous frame's source, so a colour drawn in a neighbour of the palette is drawn again by the next frame
// instead of staying on screen (a median cut's wrong colours left dark smears and trails in empty areas).
#pragma once

#include <string>

#include "image.h"
#include "gradlab/no_copy.h"

struct GifFileType;

namespace gradlab::app {

class GifWriter : NoCopy {
 public:
  GifWriter() = default;
  ~GifWriter();

  bool open(const std::string& path, int width, int height, std::string* error);  // loops forever
  // Adds a frame shown for `delayCentiseconds`; frames must have the size given to open().
  bool add(const Image& frame, int delayCentiseconds, std::string* error);
  bool close(std::string* error);
  bool isOpen() const { return gif_ != nullptr; }
  int frames() const { return frames_; }

 private:
  GifFileType* gif_ = nullptr;
  int width_ = 0, height_ = 0, frames_ = 0;
  Image shown_;  // what a decoder shows after the frames so far (RGBA, alpha 255)
  std::string path_;
};

}  // namespace gradlab::app
