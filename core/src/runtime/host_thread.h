// Starting the host threads the runtime runs on (the streams', the cores' pool). A host that refuses a
// thread (its limit of threads or processes, or no memory for a stack) becomes an error with a reason,
// never an escaped std::system_error.
#pragma once

#include <functional>
#include <string>
#include <thread>

namespace gradlab::rt {

// Starts `body` on a new thread in `*thread`; false, with `*reason` saying why, when the host refuses one.
bool startHostThread(std::function<void()> body, std::thread* thread, std::string* reason);

// Test hook: the next `count` starts are refused the way a host at its thread limit refuses them
// (EAGAIN), so tests need not exhaust the machine. 0 ends it.
void refuseHostThreadsForTesting(int count);

}  // namespace gradlab::rt
