// Shared machinery of the upsample case table: run one problem through the public aclnn API on the
// emulated device (any dtype, layout, mode and device profile) and judge the result against the
// independent reference, the plan invariants and the trace.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/plan.h"
#include "gradlab/trace.h"
#include "support/cases.h"
#include "support/reference_upsample.h"

namespace gradlab::cases::upsample {

enum class Op { kBackward2d, kBackward1d, kForward2d, kForward1d };
const char* opName(Op op);  // "UpsampleNearestExact2dBackward", ...
bool isBackward(Op op);
bool isOneD(Op op);

// How both tensors sit in device memory. Cells outside the view are checked to stay untouched.
enum class Layout {
  kContiguous,
  kSliced,        // padded rows and planes, non-zero offset: a view into a larger storage
  kChannelsLast,  // channels innermost (NHWC / NLC strides over the NCHW / NCL view)
  kTransposed,    // the last two axes swapped in memory (W with stride H); 1-D: all axes reversed
};
const char* layoutName(Layout layout);

struct Problem {
  Op op = Op::kBackward2d;
  reference::UpsampleShape shape;
  aclDataType dtype = ACL_FLOAT;
  Layout layout = Layout::kContiguous;
  bool deterministic = true;
  std::string profile;  // "" keeps the active profile; else a GRADLAB_DEVICE-style spec ("classroom")
  uint64_t seed = 1;
  std::vector<float> values;  // explicit input values (row-major), else random in [-1, 1) from `seed`
};

struct Outcome {
  int status = 0;
  std::string stage;           // "", "GetWorkspaceSize", "launch", "synchronize"
  std::string message;         // aclGetRecentErrMsg() of a failure
  std::vector<float> input;    // the values the op read (rounded to the dtype), row-major
  std::vector<float> output;   // the output view after the run, row-major
  std::string outsideProblem;  // "" when no storage cell outside the output view changed
  Plan plan;
  uint64_t workspaceBytes = 0;
  std::shared_ptr<Trace> trace;
};

// The logical shapes of the tensor the op reads and the one it writes.
std::vector<int64_t> srcShape(const Problem& p);
std::vector<int64_t> dstShape(const Problem& p);

Outcome runProblem(const Problem& p, bool withTrace = false);

// Deterministic backward: bit-identical to the fp32 reference (rounded once for fp16/bf16). Default
// backward: within 1e-6 relative (of the summed magnitudes) of the double reference. Forward: exact.
CaseResult judgeValues(const Problem& p, const Outcome& o);
// Every tile within the UB; deterministic backward and forward: every output cell owned by exactly one
// tile, no atomics; default backward: every cell covered, cells covered twice only by atomic tiles.
CaseResult judgePlan(const Problem& p, const Plan& plan);
// Replaying the trace's moves (adding each value into its dst cell in sequence order) gives the output.
CaseResult judgeTrace(const Problem& p, const Outcome& o);

// Runs, then judges values, plan and (when traced) the trace; the detail names the problem.
CaseResult runAndJudge(const Problem& p, bool withTrace = false);
std::string describe(const Problem& p);

// Cases from a golden-vector JSON file (tools/golden format); none when the file does not exist.
std::vector<Case> goldenCases(const std::string& path);

// Case lists of the table (cases_upsample*.cpp).
std::vector<Case> referenceCases();
std::vector<Case> checkCases();

}  // namespace gradlab::cases::upsample
