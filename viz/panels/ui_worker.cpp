#include "viz/panels/ui_worker.h"

#include <algorithm>
#include <exception>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "gradlab/host_threads.h"
#include "viz/panels/actions.h"

namespace gradlab::viz {

UiWorker::UiWorker() {
  if (!singleThreaded()) thread_ = std::thread([this] { loop(); });
}

UiWorker::~UiWorker() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    waiting_.clear();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void UiWorker::submit(const std::string& slot, std::string what, Job job) {
  {
    std::lock_guard lock(mutex_);
    const uint64_t generation = ++generation_;
    latest_[slot] = generation;
    std::erase_if(waiting_, [&](const Entry& e) { return e.slot == slot; });  // superseded before it started
    waiting_.push_back(Entry{slot, std::move(what), generation, std::move(job)});
  }
  wake_.notify_one();
}

bool UiWorker::poll(AppState& state) {
  if (!thread_.joinable()) runWaitingHere();  // single-threaded: what the last frame asked for runs now
  std::deque<Done> finished;
  {
    std::lock_guard lock(mutex_);
    finished.swap(done_);
  }
  bool applied = false;
  for (Done& d : finished) {
    bool wanted = false;
    {
      std::lock_guard lock(mutex_);
      wanted = latest_[d.slot] == d.generation;
    }
    if (wanted && d.apply) {
      d.apply(state);
      applied = true;
    }
  }
  return applied;
}

bool UiWorker::busy(const std::string& slot) const {
  std::lock_guard lock(mutex_);
  if (slot.empty()) return !waiting_.empty() || !inHand_.empty() || !done_.empty();
  return inHand_ == slot || std::any_of(waiting_.begin(), waiting_.end(), [&](const Entry& e) { return e.slot == slot; }) ||
         std::any_of(done_.begin(), done_.end(), [&](const Done& d) { return d.slot == slot; });
}

std::string UiWorker::what() const {
  std::lock_guard lock(mutex_);
  return !inHandWhat_.empty() ? inHandWhat_ : waiting_.empty() ? std::string() : waiting_.front().what;
}

double UiWorker::seconds() const {
  std::lock_guard lock(mutex_);
  if (inHand_.empty()) return 0.0;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

void UiWorker::drain() {
  if (!thread_.joinable()) runWaitingHere();
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return waiting_.empty() && inHand_.empty(); });
}

void UiWorker::loop() {
#ifdef __linux__
  // Below the window's thread in the scheduler's eyes: a long run takes what the window leaves.
  setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 10);
#endif
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stop_ || !waiting_.empty(); });
    if (stop_) break;
    runFront(lock);
  }
  inHand_.clear();
  idle_.notify_all();
}

void UiWorker::runFront(std::unique_lock<std::mutex>& lock) {
  Entry e = std::move(waiting_.front());
  waiting_.pop_front();
  inHand_ = e.slot;
  inHandWhat_ = e.what;
  started_ = std::chrono::steady_clock::now();
  lock.unlock();
  Apply apply;
  try {
    apply = e.job();
  } catch (const std::exception& ex) {  // e.g. std::bad_alloc from a run too large for the host
    apply = [what = e.what, why = std::string(ex.what())](AppState& s) { setStatus(s, what + " failed: " + why, true); };
  }
  lock.lock();
  done_.push_back(Done{e.slot, e.generation, std::move(apply)});
  inHand_.clear();
  inHandWhat_.clear();
  if (waiting_.empty()) idle_.notify_all();
}

void UiWorker::runWaitingHere() {
  std::unique_lock lock(mutex_);
  while (!waiting_.empty()) runFront(lock);
}

}  // namespace gradlab::viz
