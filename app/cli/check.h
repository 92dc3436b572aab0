// gradlab-cli --check and --verify: one run against the independent reference of the verify library, and
// the whole case table.
#pragma once

#include <iosfwd>
#include <optional>

#include "gradlab/runner.h"

namespace gradlab::cli {

// Compares every output of `result` with the reference computed from the run's own inputs (gradlab/verify.h
// checkRun: deterministic runs and forward ops bit for bit, the default mode within the summation bound).
// Prints what it compared; returns true when everything matched.
bool checkAgainstReference(std::ostream& out, const RunRequest& request, const RunResult& result);

// Runs every case of the table (only `op`'s when given), printing one line per case and where the golden
// vectors came from. Returns the number of failures.
int verifyCases(std::ostream& out, const std::optional<OpKind>& op);

}  // namespace gradlab::cli
