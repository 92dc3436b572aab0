// What gradlab-cli prints and writes about one run: a summary, the plan table, values, .npy and trace files.
#pragma once

#include <iosfwd>
#include <string>

#include "gradlab/runner.h"

namespace gradlab::cli {


// Header line + tensors + plan summary + wall time.
void printSummary(std::ostream& out, const RunRequest& request, const RunResult& result);
// One row per tile (at most `rows`, the rest summarised), then per-core load and imbalance.
void printPlan(std::ostream& out, const Plan& plan, int rows);
// "modelled time: X us (launch Y us, bandwidth-bound Z %); B at G GB/s effective, P % of the profile's H GB/s HBM"
std::string modelledTimeText(const Plan& plan);
void printValues(std::ostream& out, const HostTensor& tensor);
void printProfiles(std::ostream& out);
// Every operator of the catalog: CLI name, aclnn name, the CANN kernel it runs, its dtypes.
void printOps(std::ostream& out);
// Every operator's strategies (or `only`'s): name, cores, how, summation order, numerics.
void printStrategies(std::ostream& out, const OpInfo* only);

// DIR/<name>.npy for every input and output (bf16 as float32, exactly). False with a reason.
bool saveTensors(const std::string& dir, const RunResult& result, std::string* error);

}  // namespace gradlab::cli
