// The same call through CANN's kernels on the Atlas A2 and on the Ascend 950, on the same inputs, and why each
// cell differs: the 950's windows give it other gradOutput terms than PyTorch's map, or the same terms are
// added in another order or rounded at other steps. The Compare tab's "across chips" draws it; the lesson
// question "do the two chips agree on this cell?" is judged by it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gradlab/runner.h"

namespace gradlab::viz {

// Why a cell differs between the A2's and the 950's CANN kernels.
enum ChipReason : uint8_t {
  kSameBits = 0,
  kWindowReason = 1,  // the 950's fp32 windows give the cell other gradOutput terms than PyTorch's map
  kOrderReason = 2,   // the same terms, added in another order or rounded at other steps
};

struct Chip {
  const char* name;   // the device profile
  const char* title;  // as the app names it
};
inline constexpr Chip kComparedChips[2] = {{"atlas-a2", "Atlas A2"}, {"ascend950", "Ascend 950"}};

struct ChipsRun {
  RunResult results[2];           // kComparedChips' order
  std::vector<uint8_t> reasons;   // per cell of the primary output (ChipReason)
  int64_t windowCells = 0, orderCells = 0;  // differing cells by reason
  std::string error;              // a run failed: which, and its error
  bool ok() const { return error.empty(); }
};

using RunCall = std::function<RunResult(const RunRequest&)>;

// `base` with strategy cann on each chip; both read `inputsFrom`'s inputs when given, else the A2 run's.
ChipsRun runOnBothChips(const RunRequest& base, const RunCall& run, const RunResult* inputsFrom = nullptr);

// The output a comparison is about (not a forward's indices); nullptr when the run has none.
const HostTensor* primaryOutput(const RunResult& result);
// Makes `to` read exactly the inputs `from` read (values already rounded to from's dtype).
void useInputsOf(const RunResult& from, RunRequest* to);
// "Atlas A2: error 161002 at GetWorkspaceSize: ..." for a failed run; "" for one that produced its output.
std::string runFailure(const RunResult& result, const char* what);

}  // namespace gradlab::viz
