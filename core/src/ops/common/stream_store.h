// Stores into GM that bypass the host caches (non-temporal stores). A large output is written once and
// not read again by the kernel, so a normal store would first read every line it writes (read for
// ownership): a third more memory traffic for a memory-bound operator. Small outputs keep normal stores,
// because the caller is likely to read them soon. Streaming stores are weakly ordered: a kernel calls
// streamFence() once after its last one (a fence per row would wait for every row to reach memory), so
// other threads see the values once they synchronize with this one.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ops/common/plane_tensor.h"

namespace gradlab::ops {

// Outputs at least this large are streamed.
inline constexpr uint64_t kStreamOutputBytes = uint64_t{8} << 20;

void streamCopy(void* dst, const void* src, size_t bytes);
// streamCopy, leaving `src` all zero bytes (an accumulator swept out and cleared in one pass).
void streamCopyAndZero(void* dst, void* src, size_t bytes);
void streamFence();

// storeRow (fp32 -> the tensor's dtype, rounded once) with streaming stores; strided rows store normally.
void streamRow(const PlaneTensor& t, int64_t plane, int64_t h, int64_t w0, int64_t count, const float* src);

}  // namespace gradlab::ops
