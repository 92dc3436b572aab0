// Scratch memory per host thread: the buffers (UB, L1, L0) of whichever emulated core the thread plays.
// A thread keeps one buffer and reuses it for every core it plays, growing it when a core needs more.
//
// The library's own threads (the core pool's and the streams') hold no thread_local object with a
// destructor: they live until the process exits, and LeakSanitizer reported what glibc allocates to run
// such destructors (and the buffers they owned) as leaks at the end of CI's fuzz runs. They mark
// themselves and free their buffer explicitly as they end; other threads (the user's, which also run
// cores when they synchronize a stream) free theirs through a thread_local guard.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gradlab::rt {

// At least `bytes` bytes, 64-byte aligned; valid until this thread asks for more or ends.
std::byte* threadScratch(uint64_t bytes);

// For the library's own threads: mark at start, release as they end.
void markLibraryThread();
void releaseThreadScratch();

// How many threads hold a buffer now (tests: a thread that ends must free its buffer).
size_t threadScratchBuffers();

}  // namespace gradlab::rt
