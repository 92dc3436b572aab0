// One output row of a 2x nearest upsample along W, written straight from its source row:
// dst[i] = src[i / 2]. The forward's untraced fast path: one loop that loads each source vector once and
// stores the doubled vectors, so the loads and the stores overlap instead of a gather into UB and a
// copy-out after it (on this kind of host the separate passes cost half as much time again as the data).
// The trace, the UB model and every other shape keep the staged path; the result is the same bits.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gradlab::ops::nearest {

// Whether this host runs the vector loops (x86-64 with AVX2); without it callers keep the staged path.
bool hostDoublesRows();

// The quiet bit a 2-byte NaN gets: widening to fp32 and rounding back (the staged path) forces it.
inline constexpr uint16_t kQuietBitFloat16 = 0x0200, kQuietBitBf16 = 0x0040;

// The vectors a row is written with: AVX2 (32-byte stores) or, where the host has AVX-512 F and BW,
// 64-byte stores that fill a line each. The same bits either way.
enum class RowVectors { kAvx2, kAvx512 };
RowVectors hostRowVectors();

// dst[k][i] = src[i / 2] for i in [0, count) and each of the `copies` output rows (1 <= copies <=
// kDoubledCopiesMax: the output rows of one source row when H grows too, each source vector loaded once and
// stored to every copy), elements of `elementBytes` (4: bits copied as they are; 2: a NaN gets
// `quietBit16`). The rows are element-aligned and share their alignment (the same address modulo 64 bytes).
// `stream`: non-temporal stores (a large output, stream_store.h; the caller fences). Reads
// src[0, (count + 1) / 2) only. Requires hostDoublesRows().
inline constexpr int kDoubledCopiesMax = 8;
void writeDoubledRows(std::byte* const* dst, int copies, const std::byte* src, int64_t count, size_t elementBytes,
                      uint16_t quietBit16, bool stream);
// The same with the vectors chosen (tests run both); kAvx512 requires hostRowVectors() == kAvx512.
void writeDoubledRows(std::byte* const* dst, int copies, const std::byte* src, int64_t count, size_t elementBytes,
                      uint16_t quietBit16, bool stream, RowVectors vectors);

}  // namespace gradlab::ops::nearest
