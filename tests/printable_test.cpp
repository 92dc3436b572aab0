// gradlab/printable.h: text from a file or a user, quoted in one line of an error message.
#include <gtest/gtest.h>

#include <string>

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
