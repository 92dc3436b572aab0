#include "ops/nearest_engine/axis_map.h"

#include <algorithm>

namespace gradlab::ops::nearest {

double realRatio(double scale, int64_t in, int64_t out) {
  return scale > 0.0 ? 1.0 / scale : static_cast<double>(in) / static_cast<double>(out);
}

AxisMap makeAxisMap(IndexRule rule, int64_t in, int64_t out, double scale) {
  AxisMap m;
  m.in = in;
  m.out = out;
  m.s = sourceStep(scale, in, out);
  m.src.resize(out);
  for (int64_t o = 0; o < out; ++o) m.src[o] = sourceIndex(rule, o, in, out, m.s);
  m.first.assign(in + 1, out);
  for (int64_t o = out; o-- > 0;) m.first[m.src[o]] = o;
  // Inputs nobody maps to get an empty range that starts where the next mapped input starts.
  for (int64_t i = in; i-- > 0;) m.first[i] = std::min(m.first[i], m.first[i + 1]);
  if (out % in == 0) {
    const int64_t k = out / in;
    bool uniform = true;
    for (int64_t o = 0; o < out && uniform; ++o) uniform = m.src[o] == o / k;
    m.factor = uniform ? k : 0;
  }
  return m;
}

AxisMap depthRowsMap(const AxisMap& depth, const AxisMap& rows) {
  AxisMap m;
  m.in = depth.in * rows.in;
  m.out = depth.out * rows.out;
  m.src.reserve(m.out);
  m.outRow.reserve(m.out);
  m.first.reserve(m.in + 1);
  for (int64_t d = 0; d < depth.in; ++d) {
    for (int64_t h = 0; h < rows.in; ++h) {
      m.first.push_back(static_cast<int64_t>(m.src.size()));
      for (int64_t od = depth.first[d]; od < depth.first[d + 1]; ++od) {
        for (int64_t oh = rows.first[h]; oh < rows.first[h + 1]; ++oh) {
          m.src.push_back(d * rows.in + h);
          m.outRow.push_back(od * rows.out + oh);
        }
      }
    }
  }
  m.first.push_back(m.out);
  return m;
}

}  // namespace gradlab::ops::nearest
