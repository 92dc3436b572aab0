#include "viz/panels/verify_runner.h"

#include <chrono>
#include <exception>

#include "gradlab/host_threads.h"
#include "i18n/translate.h"

namespace gradlab::viz {

VerifyRunner::VerifyRunner(CaseList list, std::function<void()> prepare, std::shared_ptr<std::mutex> runtimeLock)
    : list_(std::move(list)), prepare_(std::move(prepare)), runtimeLock_(std::move(runtimeLock)) {
  if (!runtimeLock_) runtimeLock_ = std::make_shared<std::mutex>();
}

VerifyRunner::~VerifyRunner() {
  cancel();
  wait();
}

void VerifyRunner::start() {
  if (running_) return;
  wait();
  cancel_ = false;
  running_ = true;
  started_ = true;
  done_ = 0;
  failed_ = 0;
  total_ = 0;
  {
    std::lock_guard lock(mutex_);
    rows_.clear();
    error_.clear();
  }
  prepared_ = false;
  if (!singleThreaded()) thread_ = std::thread([this] { work(); });  // else pump() runs the cases
}

void VerifyRunner::cancel() { cancel_ = true; }

void VerifyRunner::wait() {
  if (thread_.joinable()) thread_.join();
  while (running_) pump(1.0);  // single-threaded: the rest runs here
}

std::vector<VerifyRow> VerifyRunner::rows() const {
  std::lock_guard lock(mutex_);
  return rows_;
}

std::string VerifyRunner::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

void VerifyRunner::work() {
  prepareCases();
  while (runNextCase()) {
  }
  running_ = false;
}

void VerifyRunner::pump(double seconds) {
  if (thread_.joinable() || !running_) return;
  if (!prepared_) prepareCases();
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (runNextCase()) {
    if (std::chrono::steady_clock::now() >= until) return;
  }
  running_ = false;
}

void VerifyRunner::prepareCases() {
  prepared_ = true;
  cases_.clear();
  next_ = 0;
  try {
    std::lock_guard runtime(*runtimeLock_);
    if (prepare_) prepare_();
    cases_ = list_();
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    error_ = i18n::trf("could not build the case table: {0}", e.what());
  }
  {
    std::lock_guard lock(mutex_);
    for (const verify::Case& c : cases_) {
      VerifyRow row;
      row.name = c.name, row.op = c.op == OpKind::kCount ? i18n::tr("every operator") : opName(c.op), row.group = c.group;
      rows_.push_back(std::move(row));
    }
  }
  total_ = cases_.size();
}

bool VerifyRunner::runNextCase() {
  if (next_ >= cases_.size() || cancel_) return false;
  const size_t i = next_++;
  verify::CaseResult result;
  auto t0 = std::chrono::steady_clock::now();
  try {
    std::lock_guard runtime(*runtimeLock_);
    result = cases_[i].run ? cases_[i].run() : verify::CaseResult{false, i18n::tr("the case has no run function")};
  } catch (const std::exception& e) {
    result = {false, i18n::trf("threw: {0}", e.what())};
  } catch (...) {
    result = {false, i18n::tr("threw a non-standard exception")};
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  {
    std::lock_guard lock(mutex_);
    rows_[i].done = true;
    rows_[i].passed = result.passed;
    rows_[i].detail = result.detail;
    rows_[i].ms = ms;
  }
  if (!result.passed) ++failed_;
  ++done_;
  return true;
}

}  // namespace gradlab::viz
