#include "api_client/random_values.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <utility>

#include "api_client/splitmix_cells.h"
#include "runtime/core_pool.h"

namespace gradlab::runner {
namespace {

// A large tensor is filled in parts of this many chunks (16 M cells), by the host threads that play the cores.
constexpr size_t kChunksPerPart = 16;
// A tensor this large (64 MiB) is written with non-temporal stores: no one reads it before the call.
constexpr size_t kStreamedFillCells = size_t{16} << 20;

// Streams differ by more than splitmix's own increment: stream 1 must not be stream 0 shifted by one value.
uint64_t streamState(uint64_t seed, uint64_t stream) {
  return (seed * 0x2545F4914F6CDD1Dull + 1) ^ (stream * 0xD1B54A32D192ED03ull);
}

}  // namespace

std::vector<float> randomValues(uint64_t seed, uint64_t stream, int64_t count) {
  return sourceValues(ValueSource::kRandom, ACL_FLOAT, seed, stream, count, 1);
}

std::vector<float> randomValuesFor(aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count) {
  return sourceValues(ValueSource::kRandom, dtype, seed, stream, count, 1);
}

namespace {

// One chunk of a tensor's values: `first` is the chunk's first cell in the tensor, `state` the tensor's
// random stream, carried from chunk to chunk (so chunks give exactly the values of one pass).
void fillChunk(ValueSource source, bool byte, uint64_t& state, std::span<float> v, size_t first, size_t plane,
               bool stream) {
  switch (source) {
    case ValueSource::kRandom:
    case ValueSource::kSmallIntegers: {
      const bool asIs = source == ValueSource::kRandom && !byte;
      splitmixCells(state, v.data(), v.size(), stream && asIs);
      if (asIs) return;
      for (float& x : v) {
        if (source == ValueSource::kSmallIntegers) x = std::floor((x + 1.0f) * 4.5f) - (byte ? 0.0f : 4.0f);  // 9 values
        else x = std::floor((x + 1.0f) * 128.0f);
      }
      return;
    }
    case ValueSource::kRamp:
      for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(byte ? (first + i) % 256 : first + i);
      return;
    case ValueSource::kOnes:
      std::fill(v.begin(), v.end(), 1.0f);
      return;
    case ValueSource::kShuffled:
      // Each plane 1 .. planeCells, shuffled (Fisher-Yates) on the tensor's own stream: the same on every machine.
      for (size_t start = 0; start < v.size(); start += plane) {
        const size_t n = std::min(plane, v.size() - start);
        float* p = v.data() + start;
        for (size_t i = 0; i < n; ++i) p[i] = static_cast<float>(byte ? 1 + i % 255 : i + 1);
        for (size_t i = n; i > 1; --i) std::swap(p[i - 1], p[static_cast<size_t>(splitmix64(state) % i)]);
      }
      return;
  }
}

}  // namespace

bool fillSourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, std::span<float> v,
                      int64_t planeCells, RunProgress* progress) {
  const size_t plane = static_cast<size_t>(std::max<int64_t>(planeCells, 1));
  // About a million cells a chunk, whole planes for kShuffled (each plane is shuffled on its own).
  const size_t chunk = source == ValueSource::kShuffled ? plane * std::max<size_t>(1, (size_t{1} << 20) / plane)
                                                        : size_t{1} << 20;
  // Cells [from, to) (whole chunks but the last), from the stream's state at cell `from`.
  auto fill = [&](size_t from, size_t to, uint64_t state) {
    if (progress != nullptr && progress->cancelled()) return false;  // a part handed out after a cancel
    for (size_t first = from; first < to; first += chunk) {
      const size_t n = std::min(chunk, to - first);
      fillChunk(source, dtype == ACL_UINT8, state, v.subspan(first, n), first, plane, v.size() >= kStreamedFillCells);
      if (progress != nullptr) {
        progress->done.fetch_add(n, std::memory_order_relaxed);
        if (progress->cancelled()) return false;
      }
    }
    return true;
  };
  const uint64_t start = streamState(seed, stream);
  // Random and small-integer cells take one draw each, and splitmix's state at cell i is start + i * its
  // increment: a large tensor is filled in parts by several threads at once, each part from its first cell's
  // state, with exactly the values of one pass (a 4 GiB input took 2.2 s on one thread).
  const bool oneDrawEach = source == ValueSource::kRandom || source == ValueSource::kSmallIntegers;
  const size_t chunks = (v.size() + chunk - 1) / chunk;
  const size_t parts = oneDrawEach ? std::max<size_t>(1, chunks / kChunksPerPart) : 1;
  if (parts == 1) return fill(0, v.size(), start);
  std::atomic<bool> whole{true};
  rt::runCores(static_cast<int32_t>(parts), [&](int32_t k) {
    const size_t from = chunks * static_cast<size_t>(k) / parts * chunk;
    const size_t to = std::min(v.size(), chunks * (static_cast<size_t>(k) + 1) / parts * chunk);
    if (!fill(from, to, start + from * kSplitmixIncrement)) whole = false;
  }, v.size() * sizeof(float));
  return whole;
}

std::vector<float> sourceValues(ValueSource source, aclDataType dtype, uint64_t seed, uint64_t stream, int64_t count,
                                int64_t planeCells) {
  std::vector<float> v(static_cast<size_t>(std::max<int64_t>(count, 0)));
  fillSourceValues(source, dtype, seed, stream, v, planeCells);
  return v;
}

}  // namespace gradlab::runner
