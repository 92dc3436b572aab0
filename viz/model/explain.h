// The hover explanation of one cell: the index formula of the op with the numbers filled in, computed
// from the request's parameters (sizes, scales) and, for adaptive pooling, the run's indices. This is
// an explanation next to the picture; the picture itself comes from the trace.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/scene.h"

namespace gradlab::viz {

// SPEC 1: s = scale > 0 ? float(1 / scale) : float(in) / float(out), in float32.
float upsampleStep(int64_t in, int64_t out, double scale);
// SPEC 1: src(o) = min(floor(float32((o + 0.5) * s)), in - 1).
int64_t upsampleSource(int64_t o, int64_t in, float s);
// SPEC 3: start(a) = floor(a*I/O), end(a) = ceil((a+1)*I/O).
int64_t adaptiveStart(int64_t a, int64_t in, int64_t out);
int64_t adaptiveEnd(int64_t a, int64_t in, int64_t out);

// "0.5", "3", "0.0487804897": shortest text that shows the value (integers without a point).
std::string formatNumber(double value);

// Lines such as "s_h = in/out = 4/8 = 0.5" and
// "src_h = min(floor((o+0.5)·s), in−1) = min(floor((5+0.5)·0.5), 3) = min(floor(2.75), 3) = 2".
std::vector<std::string> explainUpsampleAxis(const std::string& axis, int64_t o, int64_t in, int64_t out, double scale);
// "rows: start = floor(a·I/O) = floor(2·7/3) = 4, end = ceil((a+1)·I/O) = ceil(3·7/3) = 7  ->  [4, 7)".
std::string explainAdaptiveAxis(const std::string& axis, int64_t a, int64_t in, int64_t out);

struct Explanation {
  std::string title;               // "gradOutput[0, 0, 5, 3] = 0.4375"
  std::vector<std::string> lines;  // formulas and the mapping in words
};

// `n`/`c` of plane p are p / C and p % C (C taken from the grid's shape).
std::string cellName(const SceneGrid& grid, int64_t plane, int64_t row, int64_t col);
Explanation explainCell(const Scene& scene, const RunRequest& request, const CellRef& cell);

}  // namespace gradlab::viz
