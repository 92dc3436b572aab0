// The adaptive max pool shapes, shared by the gradlab benchmarks and the PyTorch comparison.
#pragma once

#include <cstdint>
#include <vector>

namespace gradlab::bench {

struct PoolShape {
  const char* label;
  int64_t N, C, H, W, Ho, Wo;
  bool tiny;  // part of the smoke run
};

inline const std::vector<PoolShape>& adaptivePoolShapes() {
  static const std::vector<PoolShape> shapes{
      {"tiny", 1, 1, 4, 4, 2, 2, true},
      {"medium", 4, 16, 64, 64, 25, 35, false},
      {"large", 8, 64, 128, 128, 50, 70, false},
      {"large_even", 8, 64, 128, 128, 64, 64, false},
  };
  return shapes;
}

}  // namespace gradlab::bench
