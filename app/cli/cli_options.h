// gradlab-cli's command line: the options as typed, and their translation into a gradlab::RunRequest.
#pragma once

#include <cstdint>
#include <string>

#include "gradlab/runner.h"

namespace CLI {
class App;
}

namespace gradlab::cli {

struct Options {
  std::string op;
  int64_t n = 1, c = 1;
  std::string in, out;  // "HxW" or "L"
  std::string scales;   // "S", "SH,SW" or "SHxSW"
  bool unbatched = false;
  std::string dtype = "f32";
  std::string indexType = "int64";
  std::string layout = "contiguous";
  bool deterministic = false;
  std::string schedule;  // "host", "N" or "seed:N"; empty: GRADLAB_SCHEDULE, else host
  std::string accumulate;  // "fp32" or "dtype"; empty: GRADLAB_ACCUMULATE, else fp32
  std::string device;
  uint64_t seed = 1;
  std::string input, indices;
  std::string saveOutputs, trace, traceMoves;
  bool plan = false, check = false, print = false;
  int planRows = 64;
  bool listProfiles = false, listOps = false, verify = false;
};

// Registers every option on `app`, writing into `options`.
void addOptions(CLI::App& app, Options& options);

// The request the options describe (reads --input / --indices). False with a one-line reason when the
// options make no sense together (the CLI exits with code 2).
bool buildRequest(const Options& options, const CLI::App& app, RunRequest* request, std::string* error);

}  // namespace gradlab::cli
