#include "background_gif.h"

namespace gradlab::app {

BackgroundGif::~BackgroundGif() {
  if (worker_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      frames_ = encoded_ + static_cast<int>(queue_.size());  // whatever is queued is the last of it
      queue_.emplace_back(Image{}, 0);                         // an empty frame wakes the worker to stop
    }
    ready_.notify_one();
    worker_.join();
  }
}

bool BackgroundGif::start(const std::string& path, int width, int height, int frames, std::string* error) {
  if (worker_.joinable()) result();
  if (!writer_.open(path, width, height, error)) return false;
  path_ = path;
  error_.clear();
  frames_ = frames;
  encoded_ = 0;
  finished_ = false;
  worker_ = std::thread([this] { run(); });
  return true;
}

void BackgroundGif::add(Image frame, int delayCentiseconds) {
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(frame), delayCentiseconds);
  }
  ready_.notify_one();
}

void BackgroundGif::run() {
  while (true) {
    std::pair<Image, int> next;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [&] { return !queue_.empty(); });
      next = std::move(queue_.front());
      queue_.pop_front();
    }
    if (next.first.empty()) break;
    std::string error;
    if (error_.empty() && !writer_.add(next.first, next.second, &error)) error_ = error;
    if (++encoded_ >= frames_) break;
  }
  std::string error;
  if (!writer_.close(&error) && error_.empty()) error_ = error;
  finished_ = true;
}

std::string BackgroundGif::result() {
  if (worker_.joinable()) worker_.join();
  return error_;
}

}  // namespace gradlab::app
