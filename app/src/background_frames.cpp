#include "background_frames.h"

#include "gradlab/host_threads.h"

namespace gradlab::app {

BackgroundFrames::~BackgroundFrames() { stop(); }

void BackgroundFrames::stop() {
  if (inline_) {
    inline_ = false;
    if (!finished_) close();
    return;
  }
  if (!worker_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    // Whatever was taken or is queued is the last of it. Counting what the worker took (under this lock),
    // not what it finished, keeps a frame it is still encoding from cutting the queue's last one.
    frames_ = taken_ + static_cast<int>(queue_.size());
    queue_.push_back(Frame{});                               // an empty frame wakes the worker to stop
  }
  ready_.notify_one();
  worker_.join();
}

bool BackgroundFrames::start(const std::string& gifPath, int width, int height, int frames, size_t maxQueued,
                             std::string* error) {
  if (worker_.joinable() || inline_) result();
  if (!gifPath.empty() && !writer_.open(gifPath, width, height, error)) return false;
  path_ = gifPath;
  error_.clear();
  frames_ = frames;
  maxQueued_ = maxQueued;
  encoded_ = 0;
  taken_ = 0;
  finished_ = false;
  failed_ = false;
  if (singleThreaded()) {
    inline_ = true;  // add() writes each frame before it returns
  } else {
    worker_ = std::thread([this] { run(); });
  }
  return true;
}

void BackgroundFrames::add(Image frame, int delayCentiseconds, std::string pngPath) {
  if (inline_) {
    if (!finished_ && write(Frame{std::move(frame), delayCentiseconds, std::move(pngPath)})) close();
    return;
  }
  {
    std::unique_lock lock(mutex_);
    if (maxQueued_ > 0) room_.wait(lock, [&] { return queue_.size() < maxQueued_; });
    queue_.push_back(Frame{std::move(frame), delayCentiseconds, std::move(pngPath)});
  }
  ready_.notify_one();
}

void BackgroundFrames::run() {
  while (true) {
    Frame next;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return !queue_.empty(); });
      next = std::move(queue_.front());
      queue_.pop_front();
      if (!next.image.empty()) ++taken_;
    }
    room_.notify_one();
    if (next.image.empty() || write(next)) break;
  }
  close();
}

bool BackgroundFrames::write(const Frame& frame) {
  std::string error;
  if (error_.empty() && !frame.pngPath.empty() && !writePng(frame.pngPath, frame.image, &error)) error_ = error;
  if (error_.empty() && writer_.isOpen() && !writer_.add(frame.image, frame.delay, &error)) error_ = error;
  if (!error_.empty()) failed_ = true;
  return ++encoded_ >= frames_;
}

void BackgroundFrames::close() {
  std::string error;
  if (writer_.isOpen() && !writer_.close(&error) && error_.empty()) error_ = error;
  if (!error_.empty()) failed_ = true;
  finished_ = true;
}

std::string BackgroundFrames::result() {
  stop();
  return error_;
}

}  // namespace gradlab::app
