// Work the UI starts but must not wait for (a run of the controls, a comparison's runs): it runs on one
// background thread while the window keeps drawing, and its result is applied on the UI thread at the
// start of a later frame. Each job has a slot ("run", "compare"); a job submitted to a busy slot
// supersedes the one waiting there, and a result whose slot has been given a newer job is dropped, so
// the screen always ends on what was asked last. Single-threaded (gradlab/host_threads.h: a browser page
// without threads) there is no thread: the jobs waiting at a frame's poll run there, on the UI thread,
// after the frame that asked for them has shown that they are coming.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

#include "gradlab/no_copy.h"

namespace gradlab::viz {

struct AppState;

class UiWorker : NoCopy {
 public:
  using Apply = std::function<void(AppState&)>;  // runs on the UI thread
  using Job = std::function<Apply()>;             // runs on the worker thread

  UiWorker();
  ~UiWorker();  // finishes the job in hand, drops the rest, joins

  void submit(const std::string& slot, std::string what, Job job);
  // Applies every finished job's result that is still wanted. Returns true when something was applied.
  bool poll(AppState& state);
  // Whether a slot (or any, with "") has a job waiting or in hand, what it is, and for how long it has run.
  bool busy(const std::string& slot = "") const;
  std::string what() const;
  double seconds() const;
  // Blocks until nothing is waiting or in hand (tests, and the headless exporter).
  void drain();

 private:
  struct Entry {
    std::string slot, what;
    uint64_t generation = 0;
    Job job;
  };
  struct Done {
    std::string slot;
    uint64_t generation = 0;
    Apply apply;
  };
  void loop();
  // Runs the front job and queues its result. Needs the lock and a waiting job; returns with the lock.
  void runFront(std::unique_lock<std::mutex>& lock);
  void runWaitingHere();  // single-threaded: every waiting job, on the calling thread

  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Entry> waiting_;
  std::deque<Done> done_;
  std::map<std::string, uint64_t> latest_;  // the newest generation asked for, per slot
  std::string inHand_, inHandWhat_;
  std::chrono::steady_clock::time_point started_;
  uint64_t generation_ = 0;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace gradlab::viz
