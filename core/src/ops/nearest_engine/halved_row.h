// One gradInput row of a nearest upsample backward that is 2x along W, summed straight from its gradOutput
// rows: dst[j] = the sum of rows[h][2j] and rows[h][2j + 1] over h, added in the SPEC's order
// (((0 + rows[0][2j]) + rows[0][2j + 1]) + rows[1][2j]) + ..., the bits the staged path gives. The
// backward's untraced fp32 fast path: each gradOutput vector is loaded once, its pairs are added in
// registers and the row goes out from there, with no accumulator rows in UB and no copy-out pass after
// them. FLOAT16 / BF16 rows are summed in fp32 and rounded once. The trace, the UB model and every other
// shape keep the staged path.
#pragma once

#include <cstdint>

namespace gradlab::ops::nearest {

// The most gradOutput rows one gradInput row takes on this path (more go the staged way).
inline constexpr int64_t kHalvedRowsMax = 8;

// Whether this host runs the vector loop (x86-64 with AVX2); without it callers keep the staged path.
bool hostHalvesRows();

// dst[0, width) from rows[0, rowCount)[0, 2 * width) (rowCount <= kHalvedRowsMax; 0: zeros), fp32, dst
// 4-byte aligned. `stream`: non-temporal stores (a large output; the caller fences). Requires
// hostHalvesRows().
void writeHalvedRow(float* dst, const float* const* rows, int64_t rowCount, int64_t width, bool stream);

// The same for FLOAT16 / BF16 rows (`bf16` picks the format), summed in fp32 and rounded once: a chunk of
// each row is widened into L1 and the chunk's sums rounded there by the library's bulk conversions, the ones
// the staged path takes, so the bits are the same. Requires hostHalvesRows().
void writeHalvedRow16(uint16_t* dst, const uint16_t* const* rows, int64_t rowCount, int64_t width, bool bf16,
                      bool stream);

}  // namespace gradlab::ops::nearest
