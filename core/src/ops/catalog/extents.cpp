#include "gradlab/extents.h"

#include <algorithm>

namespace gradlab {

std::vector<int64_t> Extents::shape(Side s, int rank) const {
  std::vector<int64_t> dims;
  if (!unbatched) dims.push_back(N);
  dims.push_back(C);
  const SpatialSizes& sizes = side(s);
  for (int axis = firstAxis(rank); axis < kMaxSpatialRank; ++axis) dims.push_back(sizes[axis]);
  return dims;
}

Extents Extents::ofRank(int rank) const {
  Extents e = *this;
  for (int axis = 0; axis < firstAxis(rank); ++axis) e.in[axis] = e.out[axis] = 1, e.scales[axis] = 0.0;
  return e;
}

std::vector<int64_t> Extents::spatial(Side s, int rank) const {
  return {side(s).end() - rank, side(s).end()};
}

std::array<double, kMaxSpatialRank> Extents::leadingScales(int rank) const {
  std::array<double, kMaxSpatialRank> leading{};
  std::copy(scales.end() - rank, scales.end(), leading.begin());
  return leading;
}

}  // namespace gradlab
