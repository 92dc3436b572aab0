// gradlab-cli: run one operator headlessly and show what the emulated device did.
// Exit codes: 0 success, 1 the library reported an error or --check/--verify found a mismatch,
// 2 bad command line.
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string_view>

#include <CLI/CLI.hpp>

#include "check.h"
#include "cli_options.h"
#include "explain.h"
#include "gradlab/peak_memory.h"
#include "gradlab/trace_export.h"
#include "gradlab/verify.h"
#include "i18n/translate.h"
#include "report.h"

namespace {

constexpr int kOk = 0;
constexpr int kFailed = 1;
constexpr int kBadArguments = 2;

const char* kExamples = R"(examples:
  gradlab-cli --op upsample2d-backward --n 2 --c 3 --in 4x4 --out 8x8 --deterministic --check
  gradlab-cli --op adaptive-max-pool2d-backward --in 9x7 --out 4x3 --device classroom --plan
  gradlab-cli --op upsample1d-backward --in 5 --out 11 --trace run.json --trace-moves moves.json
  gradlab-cli --op upsample2d-backward --input grad.npy --in 16x16 --save-outputs out/
  gradlab-cli --op upsample2d-backward --in 128x128 --out 256x256 --strategy cube --plan --check
  gradlab-cli --list-ops
  gradlab-cli --list-strategies --op adaptive-max-pool2d-backward
  gradlab-cli --list-profiles
  gradlab-cli --verify)";

}  // namespace

int main(int argc, char** argv) {
  using namespace gradlab;
  setenv("GRADLAB_LOG", "off", 0);  // the CLI reports failures itself, once

  CLI::App app{"gradlab-cli: run the emulated Ascend operators through the aclnn API, headlessly", "gradlab-cli"};
  cli::Options options;
  cli::addOptions(app, options);
  app.footer(kExamples);
  // The language first, so that even a refused command line is explained in it (--lang is read again below).
  i18n::setLanguage(i18n::languageFromEnvironment());
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string_view(argv[i]) == "--lang")
      if (auto l = i18n::parseLanguage(argv[i + 1])) i18n::setLanguage(*l);
  i18n::translateLibraryProse();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    if (code != 0 && app.count("--explain") > 0) cli::explainDeviceArgument(std::cout, app);
    return code == 0 ? kOk : kBadArguments;
  }

  if (!options.lang.empty()) i18n::setLanguage(*i18n::parseLanguage(options.lang));

  if (options.listOps) {
    cli::printOps(std::cout);
    return kOk;
  }
  if (options.listStrategies) {
    const OpInfo* only = options.op.empty() ? nullptr : findOp(options.op);
    cli::printStrategies(std::cout, only);
    return kOk;
  }
  if (options.listProfiles) {
    cli::printProfiles(std::cout);
    return kOk;
  }
  if (options.verify) {
    std::optional<OpKind> op;
    if (const OpInfo* info = findOp(options.op); !options.op.empty() && info) op = info->kind;
    const int failures = cli::verifyCases(std::cout, op);
    return failures == 0 ? kOk : kFailed;
  }

  RunRequest request;
  std::string error;
  if (!cli::buildRequest(options, app, &request, &error)) {
    std::cerr << "gradlab-cli: " << error << "\n" << i18n::tr("Run with --help for more information.") << "\n";
    if (options.explain) cli::explainBadArguments(std::cout, options, app);
    return kBadArguments;
  }
  request.trace = !options.trace.empty() || !options.traceMoves.empty();
  if (options.check) request.callerHostBytes = verify::checkRunHostBytes(request);  // refused up front if short

  std::optional<PeakMemoryMeter> meter;
  if (options.memory) meter.emplace();
  const RunResult result = run(request);
  if (meter) {
    std::cout << i18n::trf("memory: the run was estimated at {0} bytes at most; the process peaked {1} bytes above its start",
                           result.estimatedPeakBytes, meter->available() ? std::to_string(meter->peakAboveStart()) : "?")
              << "\n"
              << i18n::trf("memory: its tensors take {0} bytes and its trace at most {1} bytes", runTensorBytes(request),
                           runTraceCapBytes(request))
              << "\n";
  }
  if (!result.ok()) {
    std::cerr << "gradlab-cli: "
              << i18n::trf("{0} failed in {1} with status {2}: {3}", opName(request.op), result.stage, result.status,
                           result.message)
              << "\n";
    if (options.explain) cli::printExplanation(std::cout, request, result);
    if (options.plan && result.plan) cli::printPlan(std::cout, *result.plan, options.planRows);
    return kFailed;
  }

  cli::printSummary(std::cout, request, result);
  if (options.plan && result.plan) cli::printPlan(std::cout, *result.plan, options.planRows);
  if (options.print) {
    for (const HostTensor& t : result.inputs) cli::printValues(std::cout, t);
    for (const HostTensor& t : result.outputs) cli::printValues(std::cout, t);
  }

  int status = kOk;
  auto fileError = [&](const std::string& what) {
    std::cerr << "gradlab-cli: " << what << "\n";
    status = kFailed;
  };
  if (!options.saveOutputs.empty()) {
    if (cli::saveTensors(options.saveOutputs, result, &error)) {
      std::cout << i18n::trf("saved the tensors as .npy in {0}", options.saveOutputs) << "\n";
    } else {
      fileError(error);
    }
  }
  if (!options.trace.empty() && result.trace) {
    if (writeChromeTrace(*result.trace, options.trace, &error)) {
      std::cout << i18n::trf("wrote Chrome trace {0} (open in https://ui.perfetto.dev or chrome://tracing)", options.trace) << "\n";
    } else {
      fileError(error);
    }
  }
  if (!options.traceMoves.empty() && result.trace) {
    if (writeTraceMoves(*result.trace, options.traceMoves, &error)) {
      std::cout << i18n::trf("wrote plan and cell moves {0}", options.traceMoves) << "\n";
    } else {
      fileError(error);
    }
  }
  if (options.check && !cli::checkAgainstReference(std::cout, request, result)) status = kFailed;
  return status;
}
