#include "ops/adaptive_max_pool2d/shape.h"

#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {

std::vector<int64_t> PoolShape::inShape() const {
  return unbatched ? std::vector<int64_t>{C, H, W} : std::vector<int64_t>{N, C, H, W};
}

std::vector<int64_t> PoolShape::outShape() const {
  return unbatched ? std::vector<int64_t>{C, Ho, Wo} : std::vector<int64_t>{N, C, Ho, Wo};
}

bool channelsLastView(const aclTensor& t) { return t.format == ACL_FORMAT_NHWC && t.viewDims.size() == 4; }

PoolShape poolShape(const aclTensor& input, const aclTensor& output, bool channelsLast) {
  PoolShape s;
  const auto& in = input.viewDims;
  const auto& out = output.viewDims;
  s.unbatched = in.size() == 3;
  if (channelsLast && !s.unbatched) {
    s.N = in[0], s.H = in[1], s.W = in[2], s.C = in[3];
    s.Ho = out[1], s.Wo = out[2];
    return s;
  }
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
