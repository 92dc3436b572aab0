// Adaptive pooling windows (PyTorch's integer form): output position a of an axis of `out` cells
// pools input cells [start(a), end(a)) of an axis of `in` cells. Windows overlap when in % out != 0,
// and out > in is legal (neighbouring outputs then share input cells).
#pragma once

#include <cstdint>
#include <vector>

namespace gradlab::ops::adaptive {

// floor(a * in / out); the product is taken in 128 bits because out and in are independent int64 sizes.
inline int64_t windowStart(int64_t a, int64_t in, int64_t out) {
  return static_cast<int64_t>(static_cast<__int128>(a) * in / out);
}

// ceil((a + 1) * in / out)
inline int64_t windowEnd(int64_t a, int64_t in, int64_t out) {
  return static_cast<int64_t>((static_cast<__int128>(a + 1) * in + out - 1) / out);
}

// Every window of one axis, computed once per call so kernels never divide per element.
struct AxisWindows {
  std::vector<int64_t> start, end;

  AxisWindows() = default;
  AxisWindows(int64_t in, int64_t out) : start(out), end(out) {
    for (int64_t a = 0; a < out; ++a) {
      start[a] = windowStart(a, in, out);
      end[a] = windowEnd(a, in, out);
    }
  }
  int64_t size() const { return static_cast<int64_t>(start.size()); }
};

}  // namespace gradlab::ops::adaptive
