// Who decides the order in which the cores' atomic adds land in a shared cell, in default
// (nondeterministic) mode. fp32 addition is not associative, so that order can change the sum.
//   host     the host threads' real timing (what a real chip does: the order can differ from run to run)
//   seed:N   a seeded interleaving: each phase's tiles run one at a time, the next one taken from a core
//            picked by a generator seeded with N, every core's own tiles staying in its order. A tile is
//            the unit because on the chip one tile's results reach GM in one atomic copy-out. The same
//            seed gives bit-identical results on any host, traced or not; different seeds give
//            different sums wherever three or more tiles of different cores meet in one cell.
// Deterministic mode has no shared cells and ignores the schedule.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

struct AtomicSchedule {
  bool seeded = false;  // false: host timing
  uint64_t seed = 0;

  static AtomicSchedule host() { return {}; }
  static AtomicSchedule fromSeed(uint64_t seed) { return {true, seed}; }
  bool operator==(const AtomicSchedule&) const = default;
};

// "host", "seed:N" or a bare N (decimal, any size up to 2^64 - 1); nullopt otherwise.
std::optional<AtomicSchedule> parseSchedule(std::string_view text);
std::string scheduleText(const AtomicSchedule& schedule);  // "host" or "seed:N"

// The schedule calls use when they name none: GRADLAB_SCHEDULE, read once per process (a value that
// does not parse is reported on stderr once and host is used), else host.
AtomicSchedule defaultSchedule();

}  // namespace gradlab
GRADLAB_API_END
