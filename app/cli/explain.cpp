#include "explain.h"

#include <ostream>

#include <CLI/CLI.hpp>

#include "gradlab/refusal.h"

namespace gradlab::cli {

void printExplanation(std::ostream& out, const RunRequest& request, const RunResult& result) {
  out << refusal::text(refusal::explain(request, result));
}

bool explainDeviceArgument(std::ostream& out, const CLI::App& app) {
  // --device is checked while the command line is parsed: its text is all there is.
  const CLI::Option* opt = app.get_option_no_throw("--device");
  if (opt == nullptr || opt->count() == 0) return false;
  const std::string device = opt->results().back();
  DeviceProfile profile;
  std::string error;
  if (parseProfileSpec(device, &profile, &error)) return false;
  out << refusal::text(refusal::explainDeviceSpec(device, error));
  return true;
}

void explainBadArguments(std::ostream& out, const RunOptions& options, const CLI::App& app) {
  std::string error;
  // A dtype or strategy the command line refuses as the library would: build the call without them,
  // put them back, and let the library say what it says.
  const OpInfo* op = findOp(options.op);
  if (op == nullptr) return;
  RunOptions relaxed = options;
  const std::optional<aclDataType> dtype = dtypeFromText(options.dtype);
  relaxed.dtype = dtypeText(op->dtypes.front());
  relaxed.strategy.clear();
  RunRequest request;
  if (!dtype || !buildRequest(relaxed, app, &request, &error)) return;
  request.dtype = *dtype;
  if (!options.strategy.empty()) request.strategy = options.strategy;
  const RunResult result = run(request);
  if (!result.ok()) printExplanation(out, request, result);
}

}  // namespace gradlab::cli
