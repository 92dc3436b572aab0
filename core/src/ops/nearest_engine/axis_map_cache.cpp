#include "ops/nearest_engine/axis_map_cache.h"

#include <algorithm>
#include <bit>
#include <list>
#include <mutex>

#include "dtype/bits.h"

namespace gradlab::ops::nearest {
namespace {

constexpr size_t kMaxEntries = 8;
constexpr uint64_t kMaxBytes = uint64_t{64} << 20;  // maps kept at most; a bigger one is never kept

struct Entry {
  IndexRule rule;
  int64_t in, out;
  uint64_t scaleBits;
  std::shared_ptr<const AxisMap> map;
  uint64_t bytes() const { return static_cast<uint64_t>(map->src.size() + map->first.size()) * sizeof(int64_t); }
};

}  // namespace

std::shared_ptr<const AxisMap> sharedAxisMap(IndexRule rule, int64_t in, int64_t out, double scale) {
  static std::mutex mutex;
  static std::list<Entry> recent;  // most recently used first
  const uint64_t bits = bitCast<uint64_t>(scale);
  {
    std::lock_guard lock(mutex);
    for (auto it = recent.begin(); it != recent.end(); ++it) {
      if (it->rule == rule && it->in == in && it->out == out && it->scaleBits == bits) {
        recent.splice(recent.begin(), recent, it);
        return it->map;
      }
    }
  }
  Entry fresh{rule, in, out, bits, std::make_shared<const AxisMap>(makeAxisMap(rule, in, out, scale))};
  if (fresh.bytes() > kMaxBytes) return fresh.map;
  std::lock_guard lock(mutex);
  recent.push_front(fresh);
  uint64_t total = 0;
  size_t kept = 0;
  for (auto it = recent.begin(); it != recent.end();) {
    total += it->bytes();
    if (++kept > kMaxEntries || total > kMaxBytes) {
      total -= it->bytes();
      it = recent.erase(it);
    } else {
      ++it;
    }
  }
  return fresh.map;
}

}  // namespace gradlab::ops::nearest
