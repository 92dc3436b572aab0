// Frames written on a worker thread, in order: each to its own PNG (when given a path) and to one GIF
// (when started with one). The window loop hands over captured frames (cheap) and stays responsive while
// giflib quantizes them; headless export renders the next frame while the last one is compressed. Progress
// is readable at any moment. Single-threaded (gradlab/host_threads.h: a browser page without threads)
// add() writes the frame itself before it returns.
#pragma once

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>

#include "gif_writer.h"
#include "image.h"
#include "gradlab/no_copy.h"

namespace gradlab::app {

class BackgroundFrames : NoCopy {
 public:
  BackgroundFrames() = default;
  ~BackgroundFrames();

  // Starts a run of `frames` frames of width x height, with a GIF at `gifPath` unless it is empty; false
  // (and `error`) when the GIF cannot be created. `maxQueued` > 0 makes add() wait while that many frames
  // are waiting (headless export: memory stays bounded); 0 never waits (the window must not stall).
  bool start(const std::string& gifPath, int width, int height, int frames, size_t maxQueued, std::string* error);
  // In order; the last one closes the GIF. `pngPath` empty: the frame goes to the GIF only.
  void add(Image frame, int delayCentiseconds, std::string pngPath = {});
  bool active() const { return (worker_.joinable() || inline_) && !finished_; }
  bool finished() const { return finished_; }
  bool failed() const { return failed_; }  // a write went wrong: result() says what
  int encoded() const { return encoded_; }
  int frames() const { return frames_; }
  const std::string& path() const { return path_; }
  // Ends the run after the frames already added (fewer than announced, after a failure) and waits for
  // the worker: "" or the first thing that went wrong.
  std::string result();

 private:
  struct Frame {
    Image image;
    int delay = 0;
    std::string pngPath;
  };
  void run();
  bool write(const Frame& frame);  // true when it was the last one
  void close();                    // the GIF's end; finished
  void stop();
  GifWriter writer_;
  std::string path_, error_;
  std::atomic<int> frames_{0};
  size_t maxQueued_ = 0;
  std::atomic<int> encoded_{0};
  std::atomic<bool> finished_{false};
  std::atomic<bool> failed_{false};
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<Frame> queue_;
  int taken_ = 0;  // frames the worker has taken off the queue (guarded by mutex_)
  std::thread worker_;
  bool inline_ = false;  // started single-threaded: no worker
};

}  // namespace gradlab::app
