// A stream runs its tasks on its own host thread, one after another, in submission order.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace gradlab::rt {

struct TaskResult {
  int code = 0;  // ACL_SUCCESS or the device error
  std::string message;
};

class Stream {
 public:
  using Task = std::function<TaskResult()>;
  explicit Stream(int32_t device);
  ~Stream();  // waits for queued work, then joins
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  int32_t device() const { return device_; }
  void enqueue(Task task);
  // Waits until every queued task has run. Returns the first failure since the last synchronize
  // (tasks queued after a failure are skipped and counted in its message) and clears it.
  TaskResult synchronize();

 private:
  void loop();
  int32_t device_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<Task> queue_;
  bool running_ = false;
  bool stopping_ = false;
  TaskResult firstError_;
  size_t skippedAfterError_ = 0;
  std::thread worker_;
};

}  // namespace gradlab::rt
