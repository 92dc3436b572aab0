// Judging one run of any catalog operator: its outputs against the independent reference (by the
// operator's index rule), its plan against the invariants every plan keeps, its trace against its outputs.
#pragma once

#include <span>
#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/runner.h"
#include "gradlab/verify.h"

namespace gradlab::verify {

// What the reference predicts for one output tensor.
struct Expected {
  std::string name;
  std::vector<float> fp32;      // the reference in fp32, summed in the SPEC's (row-major) order
  std::vector<double> exact;    // backward sums in double (empty: fp32 is exact)
  std::vector<double> absSum;   // per cell, the sum of |terms| (empty: nothing is summed)
  std::vector<uint32_t> terms;  // per cell, how many terms are summed
  std::vector<int64_t> ints;    // integer outputs (indices)
  bool untouched = false;       // nothing may be written (a forward of an empty input): still the runner's 0xFF fill
  // fp32 sums in the very order the run adds them (its strategy's, with adds that land in a fixed order):
  // the run must match bit for bit. Otherwise within the summation bound of `exact`.
  bool inOrder = false;
  bool alsoBound = false;       // bit-exact with fp32 and, where both are finite, within the bound of `exact` too
  // Sums rounded to the dtype after every add (accumulate=dtype): per cell, the sum of its positive and of its
  // negative terms, in double. A partial sum can round past the dtype's largest value only if one of them
  // can, and once infinite it stays so (or becomes NaN when the other sign's infinity joins it).
  std::vector<double> positiveSum = {};
  std::vector<double> negativeSum = {};
};

// Planes [first, first + count) of a call (plane = n * C + c); count < 0: all of them.
struct PlaneSpan {
  int64_t first = 0;
  int64_t count = -1;
};

// The reference outputs of `request`, computed from the run's own inputs; false and `why` when it has none
// (e.g. indices outside their plane: the run should have failed). The run's plan says which strategy ran:
// the cube strategy's sums are compared with the dense-matmul reference (reference_cube.h), whose planes are
// always all of them. `planes`: only those planes' outputs (every reference works plane by plane), so that a
// check of a large call holds a few planes' references at a time.
bool referenceOutputs(const RunRequest& request, const RunResult& result, std::vector<Expected>* out, std::string* why,
                      PlaneSpan planes = {});

// Every tile within its core's buffers and the profile's cores of its kind; every output cell in a working
// tile (one that writes the output outside the check and zero phases, or the zero phase of a plan without
// one); deterministic and forward plans, and strategies without atomic ordering: each cell's working tiles
// on one core; otherwise a cell several cores write is written atomically by each.
CaseResult judgePlan(const RunRequest& request, const Plan& plan);
// Replaying the trace's moves (summed per cell in sequence order for backward ops, copied for forward ops)
// gives the outputs; sumAfter, orderAtDst and the values agree with the inputs on the way.
CaseResult judgeTrace(const RunRequest& request, const RunResult& result);
// A hash of every output bit (values and indices) of `result`, or of tensors read back by hand.
uint64_t digestOf(const RunResult& result);
uint64_t digestOf(std::span<const float> values, std::span<const int64_t> ints);

// Where the run's strategy, one that gathers with CANN's Ascend 950 windows (StrategyInfo::cannWindows), sends a
// gradOutput value elsewhere than PyTorch's map, in words; "" when it agrees or takes no such windows.
std::string cannWindowsDiffer(const RunRequest& request, const RunResult& result);

// "UpsampleNearestExact2dBackward [1, 1, 7, 11] -> [1, 1, 3, 5] scales (0, 0), float16, sliced, default mode"
std::string describe(const RunRequest& request);

}  // namespace gradlab::verify
