// Benchmarks register themselves through functions run by main() after it has read gradlab's own flags,
// so every file can choose its shapes and iteration counts from the options.
#pragma once

#include <benchmark/benchmark.h>

#include <initializer_list>
#include <string>

namespace gradlab::bench {

struct Options {
  // --gradlab_smoke: tiny shapes only, one iteration each (the ctest smoke run, label bench-smoke).
  bool smoke = false;
};

using Registration = void (*)(const Options&);

// Call from a namespace-scope initializer: `const bool registered = addRegistration(&registerUpsample);`.
bool addRegistration(Registration registration);

// "a/b/c" from parts (appends instead of operator+, which trips GCC 12's -Wrestrict false positive).
std::string benchName(std::initializer_list<std::string> parts);

// Applies the common settings: manual time (the call alone), the unit, and one iteration in smoke runs.
benchmark::internal::Benchmark* configure(benchmark::internal::Benchmark* b, const Options& options,
                                          benchmark::TimeUnit unit);

}  // namespace gradlab::bench
