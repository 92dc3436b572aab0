// One harness for every operator case that computes something: a RunRequest run through the runner (the
// public aclnn API, any layout, mode and profile; storage outside each view is checked untouched) and
// judged by judge.h.
#pragma once

#include <string>

#include "gradlab/runner.h"
#include "gradlab/verify.h"

namespace gradlab::verify {

// A deterministic-by-default request of `op` on sizes `s`.
RunRequest problem(OpKind op, const Extents& s, aclDataType dtype = ACL_FLOAT, bool deterministic = true,
                   Layout layout = Layout::kContiguous);

// A case that runs `r` and judges it (runAndJudge).
Case referenceCase(std::string name, const char* group, RunRequest r, bool withTrace = false);

// `request` planned on the profile a GRADLAB_DEVICE-style spec names ("classroom", "atlas-a2:cores=3,ub=1k").
RunRequest onProfile(RunRequest request, const std::string& spec);

// Runs `request` (recording a trace when `withTrace` or traceEveryRun()).
RunResult runCase(const RunRequest& request, bool withTrace = false);

// Runs, then judges the values against the reference, the plan, and (when traced) the trace. The detail
// names the problem; the digest covers the outputs.
CaseResult runAndJudge(const RunRequest& request, bool withTrace = false);

}  // namespace gradlab::verify
