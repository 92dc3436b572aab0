// The upsample-nearest-exact shapes, shared by the gradlab benchmarks and the PyTorch comparison.
// "in" is the smaller side (self of the forward, gradInput of the backward), "out" the larger.
#pragma once

#include <cstdint>
#include <vector>

namespace gradlab::bench {

struct UpsampleShape {
  const char* label;
  int64_t N, C;
  int64_t inH, inW, outH, outW;  // 1-D shapes use inW -> outW, H = 1
  double scaleH, scaleW;         // as passed to the aclnn call (0: from the sizes)
  bool tiny;                     // part of the smoke run
};

inline const std::vector<UpsampleShape>& upsample2dShapes() {
  static const std::vector<UpsampleShape> shapes{
      {"tiny", 1, 1, 2, 2, 4, 4, 2.0, 2.0, true},
      {"medium", 4, 16, 64, 64, 128, 128, 2.0, 2.0, false},
      {"large", 8, 64, 128, 128, 256, 256, 2.0, 2.0, false},
      {"large_ragged", 8, 64, 100, 100, 256, 256, 0.0, 0.0, false},
  };
  return shapes;
}

inline const std::vector<UpsampleShape>& upsample1dShapes() {
  static const std::vector<UpsampleShape> shapes{
      {"tiny", 1, 1, 1, 2, 1, 4, 0.0, 2.0, true},
      {"medium", 4, 16, 1, 4096, 1, 8192, 0.0, 2.0, false},
      {"large", 4, 8, 1, 1 << 19, 1, 1 << 20, 0.0, 2.0, false},
  };
  return shapes;
}

}  // namespace gradlab::bench
