// The command-line options that describe one run (operator, sizes, dtype, layout, mode, device, inputs), and
// their translation into a gradlab::RunRequest. gradlab-cli and the app take the same flags, so a command
// line runs the same call in both.
#pragma once

#include <cstdint>
#include <string>

#include "gradlab/runner.h"

namespace CLI {
class App;
}

namespace gradlab::cli {

struct RunOptions {
  std::string op;
  int64_t n = 1, c = 1;
  std::string in, out;  // "HxW" or "L"
  std::string scales;   // "S", "SH,SW", "SD,SH,SW" or "SHxSW"
  bool unbatched = false;
  std::string dtype = "f32";
  std::string indexType;  // "": the operator's first (OpInfo::indexDtypes)
  std::string layout = "contiguous";
  bool deterministic = false;
  std::string schedule;    // "host", "N" or "seed:N"; empty: GRADLAB_SCHEDULE, else host
  std::string accumulate;  // "fp32" or "dtype"; empty: GRADLAB_ACCUMULATE, else fp32
  std::string strategy;    // a strategy of the operator, "cann" or "default"; empty: GRADLAB_STRATEGY
  std::string device;
  uint64_t seed = 1;
  std::string values = "random";  // a valueSourceName
  std::string input, self, indices;  // .npy files
};

// Registers the run options on `app`, writing into `options`.
void addRunOptions(CLI::App& app, RunOptions& options);

// The request the options describe (reads --input / --indices). False with a one-line reason when the
// options make no sense together.
bool buildRequest(const RunOptions& options, const CLI::App& app, RunRequest* request, std::string* error);

// "float32, float16, bfloat16 or uint8": the dtypes `op` takes.
std::string dtypeList(const OpInfo& op);

}  // namespace gradlab::cli
