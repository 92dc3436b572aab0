// memset for device memory: a large block is filled by the host threads that play the AI cores (one thread
// fills a few GB/s, and the kernel clears each fresh page on the CPU of the thread that touches it first).
// One thread where the host has no others (gradlab/host_threads.h).
#pragma once

#include <cstddef>

namespace gradlab::rt {

void fillBytes(void* p, int value, size_t count);

}  // namespace gradlab::rt
