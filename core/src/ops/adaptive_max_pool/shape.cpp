#include "ops/adaptive_max_pool/shape.h"

#include "runtime/tensor.h"

namespace gradlab::ops::adaptive {

bool channelsLastView(const aclTensor& t) { return t.format == ACL_FORMAT_NHWC && t.viewDims.size() == 4; }

Extents poolShape(const aclTensor& input, const aclTensor& output, bool channelsLast) {
  Extents s;
  const auto& in = input.viewDims;
  const auto& out = output.viewDims;
  s.unbatched = in.size() == 3;
  if (channelsLast && !s.unbatched) {
    s.N = in[0], s.C = in[3];
    s.in = {1, in[1], in[2]};
    s.out = {1, out[1], out[2]};
    return s;
  }
  const size_t c = s.unbatched ? 0 : 1;
  s.N = s.unbatched ? 1 : in[0];
  s.C = in[c];
  s.in = {1, in[c + 1], in[c + 2]};
  s.out = {1, out[c + 1], out[c + 2]};
  return s;
}

Extents poolShape3d(const aclTensor& input, const aclTensor& output) {
  Extents s;
  const auto& in = input.viewDims;
  const auto& out = output.viewDims;
  s.unbatched = in.size() == 4;
  const size_t c = s.unbatched ? 0 : 1;
  s.N = s.unbatched ? 1 : in[0];
  s.C = in[c];
  s.in = {in[c + 1], in[c + 2], in[c + 3]};
  s.out = {out[c + 1], out[c + 2], out[c + 3]};
  return s;
}

Extents rowsOfPlanes(const Extents& call) {
  Extents s = call;
  s.in = {1, call.in[kD] * call.in[kH], call.in[kW]};
  s.out = {1, call.out[kD] * call.out[kH], call.out[kW]};
  return s;
}

}  // namespace gradlab::ops::adaptive
