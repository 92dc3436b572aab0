// gradlab-cli's command line: the run options (run_options.h) and what to do with the run.
#pragma once

#include <string>

#include "run_options.h"

namespace gradlab::cli {

struct Options : RunOptions {
  std::string saveOutputs, trace, traceMoves;
  bool plan = false, check = false, print = false;
  bool memory = false;   // print the run's memory estimate and the peak measured
  bool explain = false;  // a refused call: which rule failed, with the call's numbers (gradlab/refusal.h)
  int planRows = 64;
  bool listProfiles = false, listOps = false, listStrategies = false, verify = false;
  std::string lang;  // --lang en|zh: the human-readable output's language (default: GRADLAB_LANG, else the locale)
};

// Registers every option on `app`, writing into `options`.
void addOptions(CLI::App& app, Options& options);

}  // namespace gradlab::cli
