#include "common/registry.h"

#include <vector>

namespace gradlab::bench {

std::vector<Registration>& registrations() {
  static std::vector<Registration> list;
  return list;
}

bool addRegistration(Registration registration) {
  registrations().push_back(registration);
  return true;
}

std::string benchName(std::initializer_list<std::string> parts) {
  std::string name;
  for (const std::string& part : parts) {
    if (!name.empty()) name.push_back('/');
    name.append(part);
  }
  return name;
}

benchmark::internal::Benchmark* configure(benchmark::internal::Benchmark* b, const Options& options,
                                          benchmark::TimeUnit unit) {
  b->UseManualTime()->Unit(unit);
  if (options.smoke) b->Iterations(1)->Repetitions(1);
  return b;
}

}  // namespace gradlab::bench
