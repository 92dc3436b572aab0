// The kernels' code as short Ascend C-style listings: for every phase of a plan, the kernel function its
// cores run (CopyIn / Compute / CopyOut through the queues, DataCopy, the adds, SetAtomicAdd, the cube's
// DataCopy / LoadData / Mmad / Fixpipe), written the way an Ascend C kernel is. Each line that does
// something carries a step id, and every event and cell move a traced run records carries the step of the
// line that made it (TraceEvent::step, CellMove::step): a trace says which line each core was executing.
// The listings are teaching summaries of gradlab's kernels (core/src/ops/*), not CANN's sources.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/plan.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

struct CodeLine {
  std::string text;   // "DataCopy(gradLocal, gradOutputGm[offset], n);" (no indentation)
  int32_t indent = 0; // nesting depth
  int16_t step = -1;  // what events and moves of this line carry; -1: a line that records nothing itself
  // (declarations, braces, queue hand-overs). Several lines may share a step (one statement group).
  std::string note;   // one sentence: what the line does on the emulated chip ("" for the obvious ones)
  bool atomic = false;  // its adds reach GM as atomic adds (SetAtomicAdd on): cells other cores share
};

struct KernelListing {
  std::string name;    // the kernel function: "ScatterAdd", "MatmulW"
  std::string core;    // who runs it: "AIV" or "AIC"
  std::string what;    // one line: what the phase does
  std::vector<CodeLine> lines;
  bool empty() const { return lines.empty(); }
  // Whether some line carries `step`; the first such line, or -1.
  bool has(int16_t step) const { return firstLine(step) >= 0; }
  int firstLine(int16_t step) const;
};

// The listing of the kernel that runs phase `phase` of `plan` (empty for a phase the plan does not have).
// Every step an event or move of that phase's tiles carries is on one of its lines.
KernelListing kernelListing(const Plan& plan, int32_t phase);

}  // namespace gradlab
GRADLAB_API_END
