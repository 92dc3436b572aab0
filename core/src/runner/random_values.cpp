#include "runner/random_values.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace gradlab::runner {
namespace {

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Streams differ by more than splitmix's own increment: stream 1 must not be stream 0 shifted by one value.
uint64_t streamState(uint64_t seed, uint64_t stream) {
  return (seed * 0x2545F4914F6CDD1Dull + 1) ^ (stream * 0xD1B54A32D192ED03ull);
}

}  // namespace

std::vector<float> randomValues(uint64_t seed, uint64_t stream, int64_t count) {
  uint64_t state = streamState(seed, stream);
  std::vector<float> v(static_cast<size_t>(std::max<int64_t>(count, 0)));
  for (float& x : v) {
    const uint64_t bits = splitmix64(state) >> 40;  // 24 random bits
    x = static_cast<float>(static_cast<int64_t>(bits) - (1 << 23)) * (1.0f / (1 << 23));
  }
  return v;
}

std::vector<float> randomValuesFor(aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count) {
  std::vector<float> v = randomValues(seed, stream, count);
  if (dtype == ACL_UINT8) {
    for (float& x : v) x = std::floor((x + 1.0f) * 128.0f);
  }
  return v;
}

std::vector<float> sourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count,
                                int64_t planeCells) {
  const bool byte = dtype == ACL_UINT8;
  switch (source) {
    case ValueSource::kSmallIntegers: {
      std::vector<float> v = randomValues(seed, stream, count);
      for (float& x : v) x = std::floor((x + 1.0f) * 4.5f) - (byte ? 0.0f : 4.0f);  // 9 values, evenly drawn
      return v;
    }
    case ValueSource::kRamp: {
      std::vector<float> v(static_cast<size_t>(std::max<int64_t>(count, 0)));
      for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(byte ? i % 256 : i);
      return v;
    }
    case ValueSource::kOnes:
      return std::vector<float>(static_cast<size_t>(std::max<int64_t>(count, 0)), 1.0f);
    case ValueSource::kShuffled: {
      // Each plane 1 .. planeCells, shuffled (Fisher-Yates) on the tensor's own stream: the same on every machine.
      std::vector<float> v(static_cast<size_t>(std::max<int64_t>(count, 0)));
      const size_t plane = static_cast<size_t>(std::max<int64_t>(planeCells, 1));
      uint64_t state = streamState(seed, stream);
      for (size_t start = 0; start < v.size(); start += plane) {
        const size_t n = std::min(plane, v.size() - start);
        float* p = v.data() + start;
        for (size_t i = 0; i < n; ++i) p[i] = static_cast<float>(byte ? 1 + i % 255 : i + 1);
        for (size_t i = n; i > 1; --i) std::swap(p[i - 1], p[static_cast<size_t>(splitmix64(state) % i)]);
      }
      return v;
    }
    case ValueSource::kRandom:
      break;
  }
  return randomValuesFor(dtype, seed, stream, count);
}

}  // namespace gradlab::runner
