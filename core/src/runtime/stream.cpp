#include "runtime/stream.h"

#include "gradlab/host_threads.h"
#include "runtime/error.h"
#include "runtime/host_thread.h"
#include "runtime/thread_scratch.h"

namespace gradlab::rt {
namespace {

// In a browser a new thread comes from the page's main thread, which hands one out only between frames
// (tens of milliseconds each under a software renderer): a stream started per call would cost that much
// per call, and its thread would only overlap host work the page already keeps off its main thread. So
// there streams have no thread, as single-threaded, while launches still spread over the cores' pool.
#ifdef __EMSCRIPTEN__
constexpr bool kStreamThreads = false;
#else
constexpr bool kStreamThreads = true;
#endif

}  // namespace

std::shared_ptr<Stream> Stream::start(int32_t device, std::string* reason) {
  std::shared_ptr<Stream> stream(new Stream(device));
  // No thread: synchronize and the destructor run the queue (drain).
  if (singleThreaded() || !kStreamThreads) return stream;
  Stream* raw = stream.get();
  const bool started = startHostThread(
      [raw] {
        markLibraryThread();
        raw->loop();
        releaseThreadScratch();
      },
      &stream->worker_, reason);
  return started ? stream : nullptr;
}

Stream::~Stream() {
  {
    std::unique_lock lock(mutex_);
    drain(lock);
    stopping_ = true;
  }
  wake_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void Stream::enqueue(Task task, bool wake) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(task));
  }
  if (wake) wake_.notify_one();
}

void Stream::runFront(std::unique_lock<std::mutex>& lock) {
  Task task = std::move(queue_.front());
  queue_.pop_front();
  if (firstError_.code != 0) {
    ++skippedAfterError_;
  } else {
    running_ = true;
    lock.unlock();
    TaskResult result = task();
    task = nullptr;  // release captured executors and pins before reporting idle
    lock.lock();
    running_ = false;
    if (result.code != 0 && firstError_.code == 0) firstError_ = std::move(result);
  }
  idle_.notify_all();
  if (!queue_.empty()) wake_.notify_one();
}

void Stream::drain(std::unique_lock<std::mutex>& lock) {
  for (;;) {
    idle_.wait(lock, [this] { return !running_; });
    if (queue_.empty()) return;
    runFront(lock);  // the stream thread has not picked it up yet: run it here
  }
}

void Stream::loop() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return (stopping_ && queue_.empty()) || (!queue_.empty() && !running_); });
    if (queue_.empty()) return;  // stopping and drained
    runFront(lock);
  }
}

TaskResult Stream::synchronize() {
  std::unique_lock lock(mutex_);
  drain(lock);
  TaskResult result = std::move(firstError_);
  if (result.code != 0 && skippedAfterError_ > 0) {
    result.message += cat("; ", skippedAfterError_, " task(s) queued after it on this stream were skipped");
  }
  firstError_ = {};
  skippedAfterError_ = 0;
  return result;
}

}  // namespace gradlab::rt
