// Adaptive pooling windows of one axis, computed once per call with the catalog's window bounds
// (gradlab/ops.h) so kernels never divide per element. Windows overlap when in % out != 0, and out > in
// is legal (neighbouring outputs then share input cells).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "gradlab/ops.h"

namespace gradlab::ops::adaptive {

// Whether some axis's windows overlap: gradInput's size there is not a multiple of gradOutput's (CANN's
// isOverLap). `in` and `out` are the spatial sizes in the same order; an empty axis has no windows.
inline bool windowsOverlap(std::span<const int64_t> in, std::span<const int64_t> out) {
  for (size_t a = 0; a < in.size() && a < out.size(); ++a)
    if (out[a] > 0 && in[a] % out[a] != 0) return true;
  return false;
}

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
  // The most input cells any window holds.
  int64_t widest() const {
    int64_t most = 0;
    for (int64_t a = 0; a < size(); ++a) most = std::max(most, end[a] - start[a]);
    return most;
  }
};

// The input rows of each output row's windows when a plane's rows may be a 3-D call's (D, H) rows: input row
// d * H + h, output row od * Ho + oh, slice after slice (a 2-D call has one slice, and its rows are the H rows).
struct RowWindows {
  AxisWindows depths, heights;  // per output slice, per output row of a slice
  int64_t sliceRows = 1;        // H: input rows per slice

  RowWindows() = default;
  RowWindows(int64_t inD, int64_t outD, int64_t inH, int64_t outH)
      : depths(inD, outD), heights(inH, outH), sliceRows(inH) {}
  // One slice on each side: `heights` alone are the windows (what the forward's vector kernel reads).
  bool flat() const { return depths.size() == 1 && depths.end[0] == 1; }
  // Output row o (< Do * Ho): the first input row of its window, one past its last, how many rows it has.
  int64_t first(int64_t o) const { return depths.start[slice(o)] * sliceRows + heights.start[row(o)]; }
  int64_t end(int64_t o) const { return (depths.end[slice(o)] - 1) * sliceRows + heights.end[row(o)]; }
  int64_t count(int64_t o) const { return slices(o) * rowsPerSlice(o); }
  // Output row o's window: its slices, and its rows in each slice.
  int64_t slices(int64_t o) const { return depths.end[slice(o)] - depths.start[slice(o)]; }
  int64_t rowsPerSlice(int64_t o) const { return heights.end[row(o)] - heights.start[row(o)]; }
  // The most input rows any output row's window has.
  int64_t tallest() const { return depths.widest() * heights.widest(); }
  // fn(input row) for the window's rows in row-major (d, h) order.
  template <typename Fn>
  void forEach(int64_t o, Fn fn) const {
    const int64_t od = slice(o), oh = row(o);
    for (int64_t d = depths.start[od]; d < depths.end[od]; ++d) {
      for (int64_t h = heights.start[oh]; h < heights.end[oh]; ++h) fn(d * sliceRows + h);
    }
  }

 private:
  int64_t slice(int64_t o) const { return o / heights.size(); }
  int64_t row(int64_t o) const { return o % heights.size(); }
};

}  // namespace gradlab::ops::adaptive
