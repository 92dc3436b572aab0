#include "verify/reference_cube.h"

namespace gradlab::reference {

std::vector<float> cubeBackward(const Extents& s, IndexRule rule, std::span<const float> gradOutput, const Plan& plan) {
  const int64_t planes = s.planes();
  bool wPass = false, hPass = false;
  for (const PlanPhase& phase : plan.phases) {
    wPass |= phase.selects == SelectAxis::kColumns;
    hPass |= phase.selects == SelectAxis::kRows;
  }
  // The W pass turns gradOutput [planes, outH, outW] into [planes, outH, inW]; the H pass that into gradInput.
  std::vector<float> mid(gradOutput.begin(), gradOutput.end());
  if (wPass) mid.assign(static_cast<size_t>(planes * s.out[kH] * s.in[kW]), 0.0f);
  std::vector<float> grad(static_cast<size_t>(s.cells(Side::kIn)), 0.0f);
  std::vector<float>& wOut = hPass ? mid : grad;
  const int64_t midW = wPass ? s.in[kW] : s.out[kW];
  for (const Tile& t : plan.tiles) {
    const SelectAxis axis = plan.phases[static_cast<size_t>(t.phase)].selects;
    if (axis == SelectAxis::kColumns) {
      for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
        for (int64_t r = t.dst.row0; r < t.dst.row1; ++r) {
          for (int64_t j = t.dst.col0; j < t.dst.col1; ++j) {
            float acc = 0.0f;
            for (int64_t w = t.src.col0; w < t.src.col1; ++w) {
              const float a = gradOutput[static_cast<size_t>((p * s.out[kH] + r) * s.out[kW] + w)];
              const float b = sourceOf(rule, w, s.in[kW], s.out[kW], s.scales[kW]) == j ? 1.0f : 0.0f;
              acc += a * b;
            }
            wOut[static_cast<size_t>((p * s.out[kH] + r) * s.in[kW] + j)] = acc;
          }
        }
      }
    } else if (axis == SelectAxis::kRows) {
      for (int64_t p = t.dst.plane0; p < t.dst.plane1; ++p) {
        for (int64_t i = t.dst.row0; i < t.dst.row1; ++i) {
          for (int64_t c = t.dst.col0; c < t.dst.col1; ++c) {
            float acc = 0.0f;
            for (int64_t h = t.src.row0; h < t.src.row1; ++h) {
              const float a = sourceOf(rule, h, s.in[kH], s.out[kH], s.scales[kH]) == i ? 1.0f : 0.0f;
              acc += a * mid[static_cast<size_t>((p * s.out[kH] + h) * midW + c)];
            }
            grad[static_cast<size_t>((p * s.in[kH] + i) * s.in[kW] + c)] = acc;
          }
        }
      }
    }
  }
  return grad;
}

}  // namespace gradlab::reference
