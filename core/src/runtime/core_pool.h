// Host threads that play the AI cores: runCores(n, fn) calls fn(core) for core in [0, n), spread
// over at most min(n, host cores) threads, and returns when all are done.
// `workBytes` (the bytes the job moves, 0 = unknown) keeps jobs below kSmallJobBytes on the calling
// thread: waking a sleeping host thread costs more than moving that much. Results never depend on it
// (every emulated core still runs with its own UB, in a race-free or atomic way).
#pragma once

#include <cstdint>
#include <functional>

namespace gradlab::rt {

inline constexpr uint64_t kSmallJobBytes = 128 * 1024;

void runCores(int32_t coreCount, const std::function<void(int32_t core)>& fn, uint64_t workBytes = 0);
// Caps the host threads later runCores calls use at `threads` (0: no cap). For measuring how the
// emulated cores scale with host threads (bench/); results never depend on it.
void limitHostThreads(int32_t threads);

}  // namespace gradlab::rt
