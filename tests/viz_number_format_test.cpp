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

TEST(VizNumberFormat, FewerDigitsThanAskedOnlyWhereExact) {
  const std::vector<float> rounded = {0.8153f, -0.2571f};
  const NumberFormat f = chooseNumberFormat(rounded, false, 3, 3);
  EXPECT_EQ(f.digits, 3) << "3 asked for: never 2, even where 2 would fit";
  EXPECT_FALSE(formatCell(0.8153f, f).fits) << "marked: " << formatCell(0.8153f, f).text;
  const std::vector<float> exact = {0.5f, -0.25f};
  const NumberFormat g = chooseNumberFormat(exact, false, 4, 3);
  EXPECT_TRUE(formatCell(-0.25f, g).fits);
  EXPECT_EQ(formatCell(-0.25f, g).text, "-.25") << "exact at fewer digits: allowed";
  const std::vector<float> five = {0.123456f};
  EXPECT_EQ(chooseNumberFormat(five, false, 20, 6).digits, 6) << "more than 4 where asked";
}

TEST(VizNumberFormat, DigitsToTellValuesApart) {
  EXPECT_EQ(digitsToTellApart(0.25f, 0.75f), 1);
  EXPECT_EQ(digitsToTellApart(0.812f, 0.815f), 3);
  EXPECT_EQ(digitsToTellApart(0.81f, 0.84f), 2);
  EXPECT_EQ(digitsToTellApart(1.0f, std::nextafter(1.0f, 2.0f)), 8) << "neighbouring floats: 1 and 1.0000001";
  std::vector<float> window = {0.84f, 0.2f, 0.81f, 0.84f, std::nanf("")};
  EXPECT_EQ(digitsToTellApartInGroup(window), 2) << "equal values need nothing; NaN is left out";
}

// The Tiling tab's UB use: 384 B of a 192 KiB UB read "0%" though the tile uses it.
TEST(VizNumberFormat, APercentageThatIsThereNeverReadsAsNone) {
  EXPECT_EQ(percentText(384, 192 * 1024), "0.2");
  EXPECT_EQ(percentText(1, 192 * 1024), "<0.1");
  EXPECT_EQ(percentText(0, 192 * 1024), "0");
  EXPECT_EQ(percentText(96 * 1024, 192 * 1024), "50");
  EXPECT_EQ(percentText(191, 200), "96");
  EXPECT_EQ(percentText(5, 0), "0");
}

}  // namespace
}  // namespace gradlab::viz
#endif
