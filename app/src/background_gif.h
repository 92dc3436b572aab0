// A GIF encoded on a worker thread: the window loop hands over captured frames (cheap) and stays
// responsive while giflib quantizes and writes them (most of an export's time); progress is readable at
// any moment.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "gif_writer.h"
#include "image.h"

namespace gradlab::app {

class BackgroundGif {
 public:
  BackgroundGif() = default;
  ~BackgroundGif();
  BackgroundGif(const BackgroundGif&) = delete;
  BackgroundGif& operator=(const BackgroundGif&) = delete;

  // Starts a file of `frames` frames of width x height; false (and `error`) when it cannot be created.
  bool start(const std::string& path, int width, int height, int frames, std::string* error);
  void add(Image frame, int delayCentiseconds);  // in order; the last one closes the file
  bool active() const { return worker_.joinable() && !finished_; }
  bool finished() const { return finished_; }
  int encoded() const { return encoded_; }
  int frames() const { return frames_; }
  const std::string& path() const { return path_; }
  // After finished(): "" or what went wrong. Joins the worker.
  std::string result();

 private:
  void run();
  GifWriter writer_;
  std::string path_, error_;
  int frames_ = 0;
  std::atomic<int> encoded_{0};
  std::atomic<bool> finished_{false};
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::pair<Image, int>> queue_;
  std::thread worker_;
};

}  // namespace gradlab::app
