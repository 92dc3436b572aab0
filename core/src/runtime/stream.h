// A stream runs its tasks in submission order, one at a time, on its own host thread. A thread that
// synchronizes (or destroys the stream) while tasks are still queued runs them itself, in the same
// order, instead of waiting for the stream thread to wake up. Small tasks are queued without waking the
// stream thread at all, the way a driver batches small submissions until a flush: waking a sleeping
// thread costs more than the task, and nothing can observe a task before synchronize anyway. A stream
// started single-threaded (gradlab/host_threads.h) has no thread: its queue runs only that way.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "gradlab/refusal_facts.h"
#include "gradlab/no_copy.h"

namespace gradlab::rt {

struct TaskResult {
  int code = 0;  // ACL_SUCCESS or the device error
  std::string message;
  RefusalFacts facts;  // the rule the device refused by, when it records one
};

class Stream : NoCopy {
 public:
  using Task = std::function<TaskResult()>;
  // A stream with its thread running; nullptr, and `reason` says why, when the host refuses the thread.
  static std::shared_ptr<Stream> start(int32_t device, std::string* reason);
  ~Stream();  // runs or waits for queued work, then joins

  int32_t device() const { return device_; }
  // `wake`: start the task on the stream thread now (false: it may wait for the next wake or synchronize).
  void enqueue(Task task, bool wake = true);
  // Waits until every queued task has run. Returns the first failure since the last synchronize
  // (tasks queued after a failure are skipped and counted in its message) and clears it.
  TaskResult synchronize();

 private:
  explicit Stream(int32_t device) : device_(device) {}
  void loop();
  // Runs (or, after a failure, skips) the front task. Needs the lock, a non-empty queue and no task running.
  void runFront(std::unique_lock<std::mutex>& lock);
  // Returns once no task is queued or running, running queued ones on the calling thread. Needs the lock.
  void drain(std::unique_lock<std::mutex>& lock);
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
