// Seeded inputs that are the same on every platform and standard library.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/runner.h"

namespace gradlab::runner {

// `count` values in [-1, 1), multiples of 2^-23 (exact in fp32), from splitmix64(seed, stream).
// Different `stream`s give independent sequences for the different tensors of one request.
std::vector<float> randomValues(uint64_t seed, uint64_t stream, int64_t count);
// The same stream as values a tensor of `dtype` holds: UINT8 gets whole numbers 0..255 (floor((x + 1) * 128)),
// every other dtype randomValues as it is.
std::vector<float> randomValuesFor(aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count);
// `count` values of `source` (gradlab/runner.h) for a tensor of `dtype`; kRandom is randomValuesFor.
// kShuffled shuffles each run of `planeCells` values (a plane: its spatial cells) on its own.
std::vector<float> sourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count,
                                int64_t planeCells);
// The same values written into `out` (its size is the count): a large input is made where it will be read.
// With a `progress`, its cells are counted into progress->done as they are made (about a million at a
// time), and the filling stops early (false) once progress->cancel is set.
bool fillSourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, std::span<float> out,
                      int64_t planeCells, RunProgress* progress = nullptr);

}  // namespace gradlab::runner
