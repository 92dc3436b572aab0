// Shared main of the benchmark binaries: reads gradlab's flags (see registry.h), registers the
// benchmarks, then hands the remaining flags to Google Benchmark.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "common/registry.h"

namespace gradlab::bench {
std::vector<Registration>& registrations();
}

int main(int argc, char** argv) {
  using namespace gradlab::bench;
  Options options;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--gradlab_smoke") == 0) {
      options.smoke = true;
      continue;
    }
    rest.push_back(argv[i]);
  }
  int restCount = static_cast<int>(rest.size());
  benchmark::Initialize(&restCount, rest.data());
  if (benchmark::ReportUnrecognizedArguments(restCount, rest.data())) return 1;
  benchmark::AddCustomContext("host_threads", std::to_string(std::thread::hardware_concurrency()));
  benchmark::AddCustomContext("gradlab_mode", options.smoke ? "smoke" : "full");
  for (Registration r : registrations()) r(options);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
