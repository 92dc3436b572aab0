// The case table and the checks behind it, as a library of the product: every operator of the catalog run
// against an independent naive reference and against golden vectors from PyTorch, plus every documented
// argument check. The test suite, `gradlab-cli --check` / `--verify` and the app's Verify tab all run it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "gradlab/ops.h"
#include "gradlab/runner.h"

namespace gradlab::verify {

struct CaseResult {
  bool passed = false;
  std::string detail;   // what was compared, or the first mismatch
  uint64_t digest = 0;  // a hash of every output bit of the case's runs (0: the case has no outputs)
};

struct Case {
  std::string name;   // unique, [A-Za-z0-9_]
  OpKind op = OpKind::kCount;
  std::string group;  // "golden", "reference", "checks", "seed", "tiling", "trace", ...
  std::function<CaseResult()> run;
};

// Starts (once per process) the runtime and stream the cases share, so a program can pay for it before its
// first case (the app's Verify tab does, on its worker thread).
void prepareSharedRuntime();

// Every case. Needs nothing set up: cases start the runtime themselves. A golden-vector file that is
// missing or unreadable becomes a failing case, never an empty list.
const std::vector<Case>& allCases();

// Where golden vectors are read from: $GRADLAB_GOLDEN_DIR, else <executable>/../share/gradlab/golden (an
// installed package), else the source tree's verify/golden. Every place that was tried is listed
// in `tried` when nothing is found (the result is then "").
std::string goldenDir(std::vector<std::string>* tried = nullptr);

// Every case run records a trace as well when this is on (for the test that tracing never changes an
// output); off by default. Per thread.
void setTraceEveryRun(bool on);
bool traceEveryRun();

// The one tolerance rule. A sum of `terms` values computed in any order, each addition rounded with unit
// roundoff u, differs from the exact sum by at most ((1 + u)^(terms - 1) - 1) * absSum (absSum = the sum of
// |terms|; each rounding errs by at most u times a partial sum; this is below gamma(terms - 1) = k*u/(1 - k*u)
// and, unlike gamma, holds for any count). fp32 sums have u = 2^-24; rounding the fp32 sum once to FLOAT16
// or BF16 adds at most one ulp of that dtype at `magnitude` (the larger of the result and the exact sum).
// With accumulate=dtype every partial sum is rounded to FLOAT16 / BF16 instead: u = 2^-11 / 2^-8 and no
// final rounding. Where the bound reaches past the dtype's largest finite value, an infinity of the sum's
// sign is also right (the rounding overflows). A deterministic run sums in the reference's order (with the same roundings), so it gets
// no tolerance: bit-exact.
double sumTolerance(aclDataType dtype, int64_t terms, double absSum, double magnitude,
                    Accumulation accumulate = Accumulation::kFp32);
// One unit in the last place of `dtype` (FLOAT, FLOAT16 or BF16) at |value|: subnormals included; past the
// dtype's largest finite value, and for infinities and NaN, the spacing of its largest binade.
double ulpOf(aclDataType dtype, double value);

struct Verdict {
  bool passed = false;
  std::vector<std::string> lines;  // one per output: what matched, or the first mismatch
};
// Compares a run's outputs with the independent reference computed from the run's own inputs: forward
// outputs and indices exactly, backward outputs bit-exactly in deterministic mode and within sumTolerance
// in default mode.
Verdict checkRun(const RunRequest& request, const RunResult& result);
// A bound on the host memory checkRun needs beside the run's result (the reference and its working
// copies), for RunRequest::callerHostBytes.
uint64_t checkRunHostBytes(const RunRequest& request);

}  // namespace gradlab::verify
