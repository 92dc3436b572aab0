#include "viz/panels/verify_runner.h"

#include <chrono>
#include <exception>

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
  thread_ = std::thread([this] { work(); });
}

void VerifyRunner::cancel() { cancel_ = true; }

void VerifyRunner::wait() {
  if (thread_.joinable()) thread_.join();
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
  std::vector<verify::Case> cases;
  try {
    std::lock_guard runtime(*runtimeLock_);
    if (prepare_) prepare_();
    cases = list_();
  } catch (const std::exception& e) {
    std::lock_guard lock(mutex_);
    error_ = i18n::trf("could not build the case table: {0}", e.what());
  }
  {
    std::lock_guard lock(mutex_);
    for (const verify::Case& c : cases) {
      VerifyRow row;
      row.name = c.name, row.op = c.op == OpKind::kCount ? i18n::tr("every operator") : opName(c.op), row.group = c.group;
      rows_.push_back(std::move(row));
    }
  }
  total_ = cases.size();
  for (size_t i = 0; i < cases.size() && !cancel_; ++i) {
    verify::CaseResult result;
    auto t0 = std::chrono::steady_clock::now();
    try {
      std::lock_guard runtime(*runtimeLock_);
      result = cases[i].run ? cases[i].run() : verify::CaseResult{false, i18n::tr("the case has no run function")};
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
  }
  running_ = false;
}

}  // namespace gradlab::viz
