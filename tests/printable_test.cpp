// gradlab/printable.h: text from a file or a user, quoted in one line of an error message.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "gradlab/cat.h"
#include "gradlab/printable.h"

namespace gradlab {
namespace {

TEST(PrintableLine, ControlBytesAreWrittenOut) {
  EXPECT_EQ(printableLine("a\nb\tc\x01\x7f"), "a\\nb\\tc\\x01\\x7f");
  EXPECT_EQ(printableLine("plain"), "plain");
}

TEST(PrintableLine, LongTextIsCutWithItsLengthSaid) {
  EXPECT_EQ(printableLine(std::string(10, 'x'), 4), "xxxx... (10 bytes)");
  EXPECT_EQ(printableLine(std::string(4, 'x'), 4), "xxxx");
}

TEST(PrintableLine, ACutNeverSplitsACharacter) {
  // "中" is three bytes: a cut inside it falls back to before it.
  EXPECT_EQ(printableLine("ab中cd", 3), "ab... (7 bytes)");
  EXPECT_EQ(printableLine("ab中cd", 5), "ab中... (7 bytes)");
}

}  // namespace
}  // namespace gradlab

namespace {

TEST(NumberWords, FormatNumbersWordsReadBackAndNothingElseIsAWord) {
  for (double v : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    EXPECT_EQ(gradlab::nonFiniteNumber(gradlab::formatNumber(v)), v);
  }
  EXPECT_TRUE(std::isnan(*gradlab::nonFiniteNumber(gradlab::formatNumber(std::nan("")))));
  EXPECT_EQ(gradlab::nonFiniteNumber("+inf"), std::numeric_limits<double>::infinity());
  for (const char* other : {"", "1", "NaN ", "infinity", "-nan", "Inf"}) {
    EXPECT_FALSE(gradlab::nonFiniteNumber(other).has_value()) << other;
  }
}

}  // namespace
