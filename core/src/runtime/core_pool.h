// Host threads that play the AI cores: runCores(n, fn) calls fn(core) for core in [0, n), spread
// over at most min(n, host cores) threads, and returns when all are done.
#pragma once

#include <cstdint>
#include <functional>

namespace gradlab::rt {

void runCores(int32_t coreCount, const std::function<void(int32_t core)>& fn);
int32_t hostThreadCount();

}  // namespace gradlab::rt
