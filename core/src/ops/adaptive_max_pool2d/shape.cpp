#include "ops/adaptive_max_pool2d/shape.h"

#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {

std::vector<int64_t> PoolShape::inShape() const {
  return unbatched ? std::vector<int64_t>{C, H, W} : std::vector<int64_t>{N, C, H, W};
}

std::vector<int64_t> PoolShape::outShape() const {
  return unbatched ? std::vector<int64_t>{C, Ho, Wo} : std::vector<int64_t>{N, C, Ho, Wo};
}

PoolShape poolShape(const aclTensor& input, const aclTensor& output) {
  PoolShape s;
  const auto& in = input.viewDims;
  const auto& out = output.viewDims;
  s.unbatched = in.size() == 3;
  const size_t c = s.unbatched ? 0 : 1;
  s.N = s.unbatched ? 1 : in[0];
  s.C = in[c];
  s.H = in[c + 1];
  s.W = in[c + 2];
  s.Ho = out[c + 1];
  s.Wo = out[c + 2];
  return s;
}

}  // namespace gradlab::ops::adaptive
