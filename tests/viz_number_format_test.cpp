// One number format per grid: the same significant digits in every cell, whole numbers as they are, and a
// value that does not fit marked rather than shortened to another number.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "viz/model/number_format.h"

namespace gradlab::viz {
namespace {

TEST(VizNumberFormat, WholeNumbersPrintAsThemselves) {
  const std::vector<float> v = {-4, 0, 3, 12, -16};
  const NumberFormat f = chooseNumberFormat(v, false, 3);
  EXPECT_TRUE(f.integer);
  EXPECT_EQ(formatCell(-16, f).text, "-16");
  EXPECT_TRUE(formatCell(-16, f).fits);
  EXPECT_TRUE(formatCell(3, f).exact);
  EXPECT_FALSE(formatCell(1234, f).fits) << "too wide: marked, not cut";
}

TEST(VizNumberFormat, EveryCellGetsTheSameDigits) {
  // -1.4921348 next to 0.9 and -0.21: one format for all, never "-1" beside "0.9".
  const std::vector<float> v = {-1.4921348f, 0.9f, -0.21f, 0.659f};
  const NumberFormat f = chooseNumberFormat(v, false, 5);
  EXPECT_FALSE(f.integer);
  EXPECT_EQ(f.digits, 3);
  EXPECT_EQ(formatCell(-1.4921348f, f).text, "-1.49");
  EXPECT_EQ(formatCell(0.9f, f).text, "0.9");
  EXPECT_EQ(formatCell(-0.21f, f).text, "-0.21");
  EXPECT_FALSE(formatCell(-1.4921348f, f).exact);
  EXPECT_EQ(f.describe(), "3 sig. digits");
}

TEST(VizNumberFormat, LeadingZerosGoForTheWholeGridOrNotAtAll) {
  const std::vector<float> v = {0.25f, -0.75f, 0.5f};
  const NumberFormat wide = chooseNumberFormat(v, false, 5);
  EXPECT_FALSE(wide.dropLeadingZero);
  EXPECT_EQ(formatCell(-0.75f, wide).text, "-0.75");
  const NumberFormat tight = chooseNumberFormat(v, false, 4);
  EXPECT_TRUE(tight.dropLeadingZero);
  EXPECT_EQ(formatCell(-0.75f, tight).text, "-.75");
  EXPECT_EQ(formatCell(0.5f, tight).text, ".5");
}

TEST(VizNumberFormat, ValuesThatNeverFitAreMarkedNotShortened) {
  const std::vector<float> v = {123456.7f, 0.5f};
  const NumberFormat f = chooseNumberFormat(v, false, 3);
  EXPECT_EQ(f.digits, 1);
  const CellText big = formatCell(123456.7f, f);
  EXPECT_FALSE(big.fits) << big.text;
  EXPECT_TRUE(formatCell(0.5f, f).fits);
  EXPECT_EQ(formatCell(std::nanf(""), f).text, "nan");
  EXPECT_EQ(formatCell(-INFINITY, f).text, "-inf");
}

}  // namespace
}  // namespace gradlab::viz
#endif
