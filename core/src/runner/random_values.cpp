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

void fillRandom(uint64_t seed, uint64_t stream, std::span<float> out) {
  uint64_t state = streamState(seed, stream);
  for (float& x : out) {
    const uint64_t bits = splitmix64(state) >> 40;  // 24 random bits
    x = static_cast<float>(static_cast<int64_t>(bits) - (1 << 23)) * (1.0f / (1 << 23));
  }
}

std::vector<float> randomValues(uint64_t seed, uint64_t stream, int64_t count) {
  std::vector<float> v(static_cast<size_t>(std::max<int64_t>(count, 0)));
  fillRandom(seed, stream, v);
  return v;
}

std::vector<float> randomValuesFor(aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count) {
  return sourceValues(ValueSource::kRandom, dtype, seed, stream, count, 1);
}

void fillSourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, std::span<float> v,
                      int64_t planeCells) {
  const bool byte = dtype == ACL_UINT8;
  switch (source) {
    case ValueSource::kSmallIntegers:
      fillRandom(seed, stream, v);
      for (float& x : v) x = std::floor((x + 1.0f) * 4.5f) - (byte ? 0.0f : 4.0f);  // 9 values, evenly drawn
      return;
    case ValueSource::kRamp:
      for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(byte ? i % 256 : i);
      return;
    case ValueSource::kOnes:
      std::fill(v.begin(), v.end(), 1.0f);
      return;
    case ValueSource::kShuffled: {
      // Each plane 1 .. planeCells, shuffled (Fisher-Yates) on the tensor's own stream: the same on every machine.
      const size_t plane = static_cast<size_t>(std::max<int64_t>(planeCells, 1));
      uint64_t state = streamState(seed, stream);
      for (size_t start = 0; start < v.size(); start += plane) {
        const size_t n = std::min(plane, v.size() - start);
        float* p = v.data() + start;
        for (size_t i = 0; i < n; ++i) p[i] = static_cast<float>(byte ? 1 + i % 255 : i + 1);
        for (size_t i = n; i > 1; --i) std::swap(p[i - 1], p[static_cast<size_t>(splitmix64(state) % i)]);
      }
      return;
    }
    case ValueSource::kRandom:
      fillRandom(seed, stream, v);
      if (byte) {
        for (float& x : v) x = std::floor((x + 1.0f) * 128.0f);
      }
      return;
  }
}

std::vector<float> sourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count,
                                int64_t planeCells) {
  std::vector<float> v(static_cast<size_t>(std::max<int64_t>(count, 0)));
  fillSourceValues(source, dtype, seed, stream, v, planeCells);
  return v;
}

}  // namespace gradlab::runner
