// The shapes the operator benchmarks and the PyTorch comparison share, and the registration of an operator's
// benchmarks over them. Shapes are the library's shape model (gradlab/extents.h): "in" is the input side (self of a forward, gradInput of a backward), "out" the output
// side; a 1-D shape uses W alone.
#pragma once

#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "acl/acl_base.h"
#include "common/device.h"
#include "common/registry.h"
#include "gradlab/extents.h"
#include "gradlab/ops.h"

namespace gradlab::bench {

struct BenchShape {
  const char* label;
  Extents shape;  // scales as passed to the aclnn call (0: from the sizes)
  bool tiny;      // part of the smoke run
};

inline const std::vector<BenchShape>& upsample2dShapes() {
  static const std::vector<BenchShape> shapes{
      {"tiny", {.in = {1, 2, 2}, .out = {1, 4, 4}, .scales = {0.0, 2.0, 2.0}}, true},
      {"medium", {.N = 4, .C = 16, .in = {1, 64, 64}, .out = {1, 128, 128}, .scales = {0.0, 2.0, 2.0}}, false},
      {"large", {.N = 8, .C = 64, .in = {1, 128, 128}, .out = {1, 256, 256}, .scales = {0.0, 2.0, 2.0}}, false},
      {"large_ragged", {.N = 8, .C = 64, .in = {1, 100, 100}, .out = {1, 256, 256}}, false},
  };
  return shapes;
}

inline const std::vector<BenchShape>& upsample1dShapes() {
  static const std::vector<BenchShape> shapes{
      {"tiny", {.in = {1, 1, 2}, .out = {1, 1, 4}, .scales = {0.0, 0.0, 2.0}}, true},
      {"medium", {.N = 4, .C = 16, .in = {1, 1, 4096}, .out = {1, 1, 8192}, .scales = {0.0, 0.0, 2.0}}, false},
      {"large", {.N = 4, .C = 8, .in = {1, 1, 1 << 19}, .out = {1, 1, 1 << 20}, .scales = {0.0, 0.0, 2.0}}, false},
  };
  return shapes;
}

inline const std::vector<BenchShape>& upsample3dShapes() {
  static const std::vector<BenchShape> shapes{
      {"tiny", {.in = {1, 2, 2}, .out = {2, 4, 4}, .scales = {2.0, 2.0, 2.0}}, true},
      {"medium", {.N = 2, .C = 8, .in = {16, 32, 32}, .out = {32, 64, 64}, .scales = {2.0, 2.0, 2.0}}, false},
      {"large", {.N = 2, .C = 16, .in = {32, 64, 64}, .out = {64, 128, 128}, .scales = {2.0, 2.0, 2.0}}, false},
  };
  return shapes;
}

// The shapes of the nearest upsample benchmarks of spatial rank `rank` (1, 2 or 3).
inline const std::vector<BenchShape>& upsampleShapes(int rank) {
  return rank == 1 ? upsample1dShapes() : rank == 2 ? upsample2dShapes() : upsample3dShapes();
}

inline const std::vector<BenchShape>& adaptivePool2dShapes() {
  static const std::vector<BenchShape> shapes{
      {"tiny", {.in = {1, 4, 4}, .out = {1, 2, 2}}, true},
      {"medium", {.N = 4, .C = 16, .in = {1, 64, 64}, .out = {1, 25, 35}}, false},
      {"large", {.N = 8, .C = 64, .in = {1, 128, 128}, .out = {1, 50, 70}}, false},
      {"large_even", {.N = 8, .C = 64, .in = {1, 128, 128}, .out = {1, 64, 64}}, false},
  };
  return shapes;
}

// The 3-D shapes hold as many input and (nearly) as many output cells as their 2-D namesakes.
inline const std::vector<BenchShape>& adaptivePool3dShapes() {
  static const std::vector<BenchShape> shapes{
      {"tiny", {.in = {2, 4, 4}, .out = {1, 2, 2}}, true},
      {"medium", {.N = 4, .C = 16, .in = {16, 16, 16}, .out = {7, 9, 14}}, false},
      {"large", {.N = 8, .C = 64, .in = {16, 32, 32}, .out = {10, 18, 20}}, false},
      {"large_even", {.N = 8, .C = 64, .in = {16, 32, 32}, .out = {8, 16, 32}}, false},
  };
  return shapes;
}

// The shapes of the adaptive pool benchmarks of spatial rank `rank` (2 or 3).
inline const std::vector<BenchShape>& adaptivePoolShapes(int rank) {
  return rank == 3 ? adaptivePool3dShapes() : adaptivePool2dShapes();
}

// An operator benchmark: `fn(state, op, shape, dtype, deterministic)`.
using OpBenchFn = void (*)(benchmark::State&, OpKind, BenchShape, aclDataType, bool);

// "upsample2d_bwd", "adaptive_pool3d_fwd": an operator's name in the recorded tables, its family's and rank's.
inline std::string benchOpName(const OpInfo& op, const std::string& family) {
  return family + std::to_string(op.spatialRank) + (op.backward ? "d_bwd" : "d_fwd");
}

// Registers `fn` for every operator of `rule`, every shape `shapesOf(rank)` gives (tiny ones only in a smoke run),
// FLOAT / FLOAT16 / BF16 and both modes, named "<family><rank>d_<bwd|fwd>/<shape>/<dtype>/<mode>".
inline void registerOpBenches(const Options& options, IndexRule rule, const std::string& family,
                              const std::vector<BenchShape>& (*shapesOf)(int), OpBenchFn fn) {
  for (const OpInfo& op : allOps()) {
    if (op.rule != rule) continue;
    for (const BenchShape& s : shapesOf(op.spatialRank)) {
      if (options.smoke && !s.tiny) continue;
      for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        for (bool det : {true, false}) {
          const std::string full = benchName({benchOpName(op, family), s.label, dtypeLabel(dtype), det ? "det" : "default"});
          configure(benchmark::RegisterBenchmark(full.c_str(), fn, op.kind, s, dtype, det), options,
                    s.tiny ? benchmark::kMicrosecond : benchmark::kMillisecond);
        }
      }
    }
  }
}

}  // namespace gradlab::bench
