// gradlab-cli --check and --verify: the run against the independent references of tests/support, and the
// whole case table.
#pragma once

#include <iosfwd>
#include <string>

#include "gradlab/runner.h"

namespace gradlab::cli {

// Compares every output of `result` with the reference computed from the run's own inputs. Deterministic
// runs and forward ops must match bit for bit (fp16/bf16: the fp32 reference rounded once); the default
// mode's atomic adds may differ by reassociation, within a bound derived from the summed magnitudes.
// Prints what it compared; returns true when everything matched.
bool checkAgainstReference(std::ostream& out, const RunRequest& request, const RunResult& result);

// Runs every case of the table (only `op`'s when not empty), printing one line per case. Returns the
// number of failures (-1 when the runtime could not start).
int verifyCases(std::ostream& out, const std::string& op);

}  // namespace gradlab::cli
