#include "gradlab/host_threads.h"

#include <atomic>

#include "runtime/core_pool.h"

namespace gradlab {

namespace {

// A browser build without pthreads cannot start a thread at all: there it is always one thread.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kHostHasThreads = false;
#else
constexpr bool kHostHasThreads = true;
#endif

std::atomic<bool> g_singleThreaded{!kHostHasThreads};

}  // namespace

void setHostThreadLimit(int32_t threads) { rt::limitHostThreads(threads); }

void setSingleThreaded(bool on) { g_singleThreaded.store(on || !kHostHasThreads); }

bool singleThreaded() { return g_singleThreaded.load(); }

}  // namespace gradlab
