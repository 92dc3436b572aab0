// A large input's seeded values are made by several threads at once (runner::fillSourceValues), each from its
// own first cell's state: the cells must be exactly those of one pass of splitmix64, written here again from
// its definition.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "api_client/random_values.h"
#include "api_client/splitmix_cells.h"
#include "gradlab/run_progress.h"

namespace gradlab {
namespace {

constexpr uint64_t kIncrement = 0x9E3779B97F4A7C15ull;

// Cell i of stream (seed, stream): splitmix64's (i + 1)-th output, its top 24 bits as a value in [-1, 1).
float expectedCell(uint64_t seed, uint64_t stream, uint64_t i) {
  const uint64_t start = (seed * 0x2545F4914F6CDD1Dull + 1) ^ (stream * 0xD1B54A32D192ED03ull);
  uint64_t z = start + (i + 1) * kIncrement;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<float>(static_cast<int64_t>(z >> 40) - (1 << 23)) * (1.0f / (1 << 23));
}

// 33 M cells and a ragged end: past the 16 M cells from which the filling is shared between threads.
constexpr size_t kLarge = (size_t{33} << 20) + 5;

TEST(RandomValues, ALargeInputFilledByThreadsHoldsTheValuesOfOnePass) {
  std::vector<float> cells(kLarge);
  RunProgress counted;
  ASSERT_TRUE(runner::fillSourceValues(ValueSource::kRandom, ACL_FLOAT, 11, 2, cells, 4096, &counted));
  EXPECT_EQ(counted.done.load(), kLarge);
  size_t wrong = 0, firstWrong = 0;
  for (size_t i = 0; i < kLarge; ++i) {
    if (cells[i] != expectedCell(11, 2, i) && wrong++ == 0) firstWrong = i;
  }
  EXPECT_EQ(wrong, 0u) << "first at cell " << firstWrong;
}

// Where the CPU has AVX-512 the cells are made eight at a time: the same bits as the one-cell loop, and the
// same state after, whatever the count, the first state, the destination's alignment, plain or streamed stores.
TEST(RandomValues, CellsMadeEightAtATimeAreTheOneCellLoopsBits) {
  for (bool stream : {false, true}) {
    for (size_t offset : {0, 1, 3}) {
      for (size_t n : {0, 1, 7, 8, 9, 63, 64, 1000, 4099}) {
        std::vector<float> vectors(n + offset), oneByOne(n + offset);
        uint64_t vectorState = 0x1234567ull * (n + 1) + offset, scalarState = vectorState;
        runner::splitmixCells(vectorState, vectors.data() + offset, n, stream);
        runner::allowSplitmixVectors(false);
        runner::splitmixCells(scalarState, oneByOne.data() + offset, n, stream);
        runner::allowSplitmixVectors(true);
        EXPECT_EQ(vectorState, scalarState) << n << " cells";
        if (vectors.empty()) continue;  // memcmp takes no null pointer, even for 0 bytes
        EXPECT_EQ(std::memcmp(vectors.data(), oneByOne.data(), vectors.size() * sizeof(float)), 0)
            << n << " cells at offset " << offset << (stream ? ", streamed" : "");
      }
    }
  }
}

TEST(RandomValues, SmallIntegersFilledByThreadsAreTheSameAsOnePass) {
  std::vector<float> cells(kLarge);
  ASSERT_TRUE(runner::fillSourceValues(ValueSource::kSmallIntegers, ACL_FLOAT, 3, 0, cells, 4096));
  size_t wrong = 0;
  for (size_t i = 0; i < kLarge; i += 7) {
    wrong += cells[i] != std::floor((expectedCell(3, 0, i) + 1.0f) * 4.5f) - 4.0f;
  }
  EXPECT_EQ(wrong, 0u);
}

TEST(RandomValues, ACancelStopsEveryThreadWithinAChunk) {
  std::vector<float> cells(kLarge);
  RunProgress stopped;
  stopped.cancel = true;
  EXPECT_FALSE(runner::fillSourceValues(ValueSource::kRandom, ACL_FLOAT, 1, 0, cells, 4096, &stopped));
  EXPECT_LE(stopped.done.load(), uint64_t{8} << 20) << "a chunk per thread at most";
}

}  // namespace
}  // namespace gradlab
