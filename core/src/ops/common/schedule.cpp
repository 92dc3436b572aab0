#include "gradlab/schedule.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace gradlab {

std::optional<AtomicSchedule> parseSchedule(std::string_view text) {
  if (text == "host") return AtomicSchedule::host();
  if (text.starts_with("seed:")) text.remove_prefix(5);
  uint64_t seed = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, seed);
  if (text.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return AtomicSchedule::fromSeed(seed);
}

std::string scheduleText(const AtomicSchedule& schedule) {
  return schedule.seeded ? "seed:" + std::to_string(schedule.seed) : "host";
}

AtomicSchedule defaultSchedule() {
  static const AtomicSchedule schedule = [] {
    const char* text = std::getenv("GRADLAB_SCHEDULE");
    if (text == nullptr || *text == '\0') return AtomicSchedule::host();
    if (auto parsed = parseSchedule(text)) return *parsed;
    std::fprintf(stderr, "gradlab: ignoring GRADLAB_SCHEDULE=\"%s\": expected host, seed:N or N; using host\n", text);
    return AtomicSchedule::host();
  }();
  return schedule;
}

}  // namespace gradlab
