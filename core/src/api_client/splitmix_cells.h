// The random cells seeded inputs are made of: splitmix64's outputs, each one's top 24 bits as a value in
// [-1, 1) (a multiple of 2^-23, exact in fp32). Eight at a time with AVX-512's 64-bit lane multiplies where
// the CPU has them (a 4 GiB input's cells took a second of two threads one by one); the same bits either way.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gradlab::runner {

inline constexpr uint64_t kSplitmixIncrement = 0x9E3779B97F4A7C15ull;

// The next output of the stream at `state` (advanced by one increment).
uint64_t splitmix64(uint64_t& state);

// `n` cells from `state` (advanced past them) into `out`. `stream`: with non-temporal stores, for a fill too large
// for the caches that nobody reads at once.
void splitmixCells(uint64_t& state, float* out, size_t n, bool stream);

// Tests: false makes splitmixCells take its one-cell loop only; true (the default) lets the CPU's vectors in.
void allowSplitmixVectors(bool allow);

}  // namespace gradlab::runner
