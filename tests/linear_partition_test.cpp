// The split of work units over cores (ops/common/linear_partition.h) against a brute force over every
// contiguous split: the same costliest run on every small case, as many runs as cores that can get a unit,
// and on big ones the classic bound (no run above the mean plus the costliest unit).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "ops/common/linear_partition.h"

namespace gradlab::ops {
namespace {

int64_t costliest(const std::vector<int64_t>& prefix, const std::vector<int64_t>& bounds) {
  int64_t worst = 0;
  for (size_t i = 0; i + 1 < bounds.size(); ++i) worst = std::max(worst, prefix[bounds[i + 1]] - prefix[bounds[i]]);
  return worst;
}

// The best costliest run over every split of units [from, n) into at most `parts` nonempty runs.
int64_t bruteForce(const std::vector<int64_t>& prefix, int64_t from, int64_t parts) {
  const int64_t n = static_cast<int64_t>(prefix.size()) - 1;
  if (from == n) return 0;
  if (parts == 1) return prefix[n] - prefix[from];
  int64_t best = INT64_MAX;
  for (int64_t end = from + 1; end <= n; ++end)
    best = std::min(best, std::max(prefix[end] - prefix[from], bruteForce(prefix, end, parts - 1)));
  return best;
}

std::vector<int64_t> split(const std::vector<int64_t>& prefix, int64_t parts) {
  return balancedRuns(static_cast<int64_t>(prefix.size()) - 1, parts,
                      [&](int64_t u) -> __int128 { return prefix[static_cast<size_t>(u)]; });
}

void expectWellFormed(const std::vector<int64_t>& bounds, int64_t units, int64_t parts) {
  ASSERT_GE(bounds.size(), 2u);
  EXPECT_EQ(bounds.front(), 0);
  EXPECT_EQ(bounds.back(), units);
  for (size_t i = 0; i + 1 < bounds.size(); ++i) EXPECT_LT(bounds[i], bounds[i + 1]) << "every run holds a unit";
  EXPECT_EQ(static_cast<int64_t>(bounds.size()) - 1, std::min(parts, units)) << "every core that can get a unit gets one";
}

TEST(LinearPartition, EverySmallCaseMatchesTheBruteForce) {
  std::mt19937 rng(7);
  int cases = 0;
  for (int64_t units = 1; units <= 16; ++units) {
    for (int64_t parts = 1; parts <= 8; ++parts) {
      for (int trial = 0; trial < 12; ++trial) {
        std::vector<int64_t> prefix{0};
        const int64_t top = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 5 : 40;  // equal units, small ones, mixed
        for (int64_t u = 0; u < units; ++u) prefix.push_back(prefix.back() + (top == 1 ? 3 : static_cast<int64_t>(rng() % top)));
        const std::vector<int64_t> bounds = split(prefix, parts);
        expectWellFormed(bounds, units, parts);
        EXPECT_EQ(costliest(prefix, bounds), bruteForce(prefix, 0, parts)) << units << " units over " << parts << " cores";
        ++cases;
      }
    }
  }
  EXPECT_EQ(cases, 16 * 8 * 12);
}

TEST(LinearPartition, TheIssuesRowsAreSplitAtTheirBest) {
  // gradOutput rows per gradInput row of 16 -> 6 (nearest-exact): 3 2 3 3 2 3; 3 cores: 6 at most (was 8).
  EXPECT_EQ(costliest({0, 3, 5, 8, 11, 13, 16}, split({0, 3, 5, 8, 11, 13, 16}, 3)), 6);
  // 7 -> 3: 2 3 2 on 4 cores: one row each, 3 at most (was 5 on 2 cores).
  const std::vector<int64_t> small{0, 2, 5, 7};
  EXPECT_EQ(split(small, 4), (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(LinearPartition, BigSplitsStayWithinTheMeanPlusOneUnit) {
  std::mt19937 rng(11);
  for (int64_t units : {1000, 65536, 1 << 20}) {
    for (int64_t parts : {3, 8, 48}) {
      std::vector<int64_t> prefix{0};
      int64_t biggest = 0;
      for (int64_t u = 0; u < units; ++u) {
        const int64_t c = 1 + static_cast<int64_t>(rng() % 100);
        biggest = std::max(biggest, c);
        prefix.push_back(prefix.back() + c);
      }
      const std::vector<int64_t> bounds = split(prefix, parts);
      expectWellFormed(bounds, units, parts);
      const double mean = static_cast<double>(prefix.back()) / static_cast<double>(parts);
      EXPECT_LE(static_cast<double>(costliest(prefix, bounds)), mean + static_cast<double>(biggest)) << units << " / " << parts;
    }
  }
}

TEST(LinearPartition, FreeUnitsAndNoUnits) {
  EXPECT_EQ(split({0}, 4), (std::vector<int64_t>{0, 0}));
  const std::vector<int64_t> free{0, 0, 0, 0, 0};  // zero cost: still one unit or more per core
  const std::vector<int64_t> bounds = split(free, 2);
  expectWellFormed(bounds, 4, 2);
  EXPECT_EQ(bounds[1], 2) << "an even cut by units when the costs say nothing";
}

}  // namespace
}  // namespace gradlab::ops
