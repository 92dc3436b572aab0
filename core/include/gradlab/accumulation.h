// Where the sums of a FLOAT16 / BF16 backward operator accumulate.
//   fp32    every sum is kept in fp32 (UB accumulators, an fp32 workspace for cells the cores share) and
//           rounded to the dtype once, when stored: what CANN's kernels do, and the default
//   dtype   every partial sum is rounded to the tensor's dtype right after its add, as a naive kernel
//           that adds in the output dtype does (shared cells take FLOAT16 / BF16 atomic adds in the output
//           itself, so no workspace); the error then grows with the number of terms
// FLOAT tensors accumulate in fp32 either way. Adding two FLOAT16 / BF16 values in fp32 and rounding the
// result is exactly the dtype's own correctly rounded addition (fp32 has more than 2p + 2 bits).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

enum class Accumulation : uint8_t { kFp32, kDtype };

const char* accumulationName(Accumulation accumulation);  // "fp32", "dtype"
std::optional<Accumulation> parseAccumulation(std::string_view text);  // "fp32" or "dtype"

// What calls use when they name none: GRADLAB_ACCUMULATE, read once per process (a value that does not
// parse is reported on stderr once and fp32 is used), else fp32.
Accumulation defaultAccumulation();

}  // namespace gradlab
GRADLAB_API_END
