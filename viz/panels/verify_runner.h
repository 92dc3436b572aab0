// Runs the test suite's case table off the UI thread for the Verify panel, one case at a time, under
// the runtime lock the app's own runs take too (cases flip the device's deterministic option).
// Single-threaded (gradlab/host_threads.h: a browser page without threads) it starts no thread: the UI
// calls pump() every frame, which runs cases on the UI thread for a slice of the frame.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gradlab/verify.h"
#include "gradlab/no_copy.h"

namespace gradlab::viz {

struct VerifyRow {
  std::string name, op, group;
  bool done = false;
  bool passed = false;
  std::string detail;
  double ms = 0.0;
};

class VerifyRunner : NoCopy {
 public:
  using CaseList = std::function<std::vector<verify::Case>()>;
  // `prepare` runs on the worker thread before the first case (e.g. the shared runtime scope).
  VerifyRunner(CaseList list, std::function<void()> prepare, std::shared_ptr<std::mutex> runtimeLock);
  ~VerifyRunner();  // cancels and joins

  void start();    // no-op while running
  void cancel();   // stops after the current case
  void wait();     // joins the worker, or single-threaded runs what is left (for tests and headless use)
  void pump(double seconds);  // single-threaded: runs cases for about `seconds` (no-op with a thread)
  bool running() const { return running_; }
  bool started() const { return started_; }
  size_t total() const { return total_; }
  size_t done() const { return done_; }
  size_t failed() const { return failed_; }
  std::vector<VerifyRow> rows() const;  // a snapshot
  std::string error() const;            // the case list could not be built

 private:
  void work();
  void prepareCases();  // the table and its rows
  bool runNextCase();   // false when none is left or the run is cancelled
  CaseList list_;
  std::function<void()> prepare_;
  std::shared_ptr<std::mutex> runtimeLock_;
  mutable std::mutex mutex_;
  std::vector<VerifyRow> rows_;
  std::vector<verify::Case> cases_;
  size_t next_ = 0;       // the next case to run (the running thread's)
  bool prepared_ = false;
  std::string error_;
  std::thread thread_;
  std::atomic<bool> running_{false}, cancel_{false}, started_{false};
  std::atomic<size_t> total_{0}, done_{0}, failed_{0};
};

}  // namespace gradlab::viz
