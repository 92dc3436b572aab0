#include "runtime/host_thread.h"

#include <atomic>
#include <cerrno>
#include <system_error>

namespace gradlab::rt {
namespace {

std::atomic<int> g_refusals{0};

bool refusedForTesting() {
  for (int left = g_refusals.load(); left > 0;) {
    if (g_refusals.compare_exchange_weak(left, left - 1)) return true;
  }
  return false;
}

std::string refusal(const std::error_code& code) {
  return "the host refused a new thread (" + code.message() + ")";
}

}  // namespace

bool startHostThread(std::function<void()> body, std::thread* thread, std::string* reason) {
  if (refusedForTesting()) {
    *reason = refusal(std::make_error_code(std::errc::resource_unavailable_try_again));
    return false;
  }
  try {
    *thread = std::thread(std::move(body));
  } catch (const std::system_error& e) {
    *reason = refusal(e.code());
    return false;
  }
  return true;
}

void refuseHostThreadsForTesting(int count) { g_refusals.store(count < 0 ? 0 : count); }

}  // namespace gradlab::rt
