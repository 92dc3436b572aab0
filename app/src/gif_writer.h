// Animated GIF output (giflib): each frame gets its own 256-colour palette (median cut), and only the
// rectangle that changed since the previous frame is stored, which keeps UI recordings small.
#pragma once

#include <string>

#include "image.h"

struct GifFileType;

namespace gradlab::app {

class GifWriter {
 public:
  GifWriter() = default;
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  bool open(const std::string& path, int width, int height, std::string* error);  // loops forever
  // Adds a frame shown for `delayCentiseconds`; frames must have the size given to open().
  bool add(const Image& frame, int delayCentiseconds, std::string* error);
  bool close(std::string* error);
  bool isOpen() const { return gif_ != nullptr; }
  int frames() const { return frames_; }

 private:
  GifFileType* gif_ = nullptr;
  int width_ = 0, height_ = 0, frames_ = 0;
  Image previous_;
  std::string path_;
};

}  // namespace gradlab::app
