// Per-axis source maps of the nearest upsample family: src(o) of every output position, computed once per
// call with the catalog's index math (gradlab/ops.h), and its inverse ranges.
#pragma once

#include <cstdint>
#include <vector>

#include "gradlab/ops.h"

namespace gradlab::ops::nearest {

// The ratio gradInput/gradOutput along an axis the way the checks see it (1/scale, or in/out when the
// scale is 0).
double realRatio(double scale, int64_t in, int64_t out);

struct AxisMap {
  int64_t in = 1, out = 1;
  float s = 1.0f;
  std::vector<int64_t> src;    // out entries: src(o)
  std::vector<int64_t> first;  // in + 1 entries: outputs [first[i], first[i+1]) map to input i (src is monotone)
  int64_t factor = 0;          // k when src(o) == o / k for every o and out == k * in (uniform k-to-1); else 0
  // A 3-D call's rows, its (D, H) rows as one axis (depthRowsMap): out-side rows are numbered in the order
  // they map to the in side, and outRow[j] is row j's d * outH + h. Empty: row j is j.
  std::vector<int64_t> outRow;

  int64_t count(int64_t i) const { return first[i + 1] - first[i]; }
  int64_t logicalOut(int64_t j) const { return outRow.empty() ? j : outRow[j]; }
};

AxisMap makeAxisMap(IndexRule rule, int64_t in, int64_t out, double scale);
// The (D, H) rows of a 3-D call as one monotone axis: in row d * inH + h; the out rows that map to one in row
// follow each other in (d, h) order, so a gather sums each in cell's terms in the reference's order.
AxisMap depthRowsMap(const AxisMap& depth, const AxisMap& rows);

}  // namespace gradlab::ops::nearest
