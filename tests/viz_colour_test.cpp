// Colour scales, core palette, and the error maps of the Compare panel (ULPs, bit differences).
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <tuple>

#include "gradlab/verify.h"
#include "viz/model/core_palette.h"
#include "viz/model/heat_scale.h"
#include "viz/model/ulp_error.h"

namespace gradlab::viz {
namespace {

const Rgba kNeutral{40, 40, 40, 255};

TEST(VizHeatScale, DivergingIsSymmetricAroundNeutralZero) {
  setPaletteScheme(PaletteScheme::kClassic);  // whatever an earlier test of the shard left
  HeatScale s = HeatScale::diverging(std::vector<float>{-0.5f, 2.0f, std::numeric_limits<float>::infinity()}, kNeutral);
  EXPECT_FLOAT_EQ(s.lo(), -2.0f);
  EXPECT_FLOAT_EQ(s.hi(), 2.0f);
  EXPECT_EQ(s.colour(0.0f), kNeutral);
  EXPECT_NE(s.colour(1.0f), s.colour(-1.0f));
  EXPECT_GT(s.colour(2.0f).r, s.colour(2.0f).b);   // positive: warm
  EXPECT_GT(s.colour(-2.0f).b, s.colour(-2.0f).r); // negative: cool
  EXPECT_EQ(s.colour(5.0f), s.colour(2.0f));       // clamped
  auto ticks = s.ticks();
  ASSERT_EQ(ticks.size(), 3u);
  EXPECT_EQ(ticks[1].label, "0");
  EXPECT_FLOAT_EQ(ticks[1].position, 0.5f);
  EXPECT_EQ(ticks[2].label, "2");
}

TEST(VizHeatScale, AllZeroStillHasARange) {
  HeatScale s = HeatScale::diverging(std::vector<float>{0.0f, 0.0f}, kNeutral);
  EXPECT_FLOAT_EQ(s.hi(), 1.0f);
  HeatScale q = HeatScale::sequential(std::vector<float>{0.1f, 0.2f}, 1.0f, kNeutral);
  EXPECT_FLOAT_EQ(q.hi(), 1.0f);
  EXPECT_EQ(q.colour(0.0f), kNeutral);
}

// A legend's ticks are compact and read as the numbers they are: 2048 is "2048" (it was "2.05e+03" beside a
// float16 lesson about 2048 + 1), small and tiny values keep three and two significant digits.
TEST(VizHeatScale, TicksReadAsTheirNumbers) {
  EXPECT_EQ(formatTick(2048.0f), "2048");
  EXPECT_EQ(formatTick(-2048.0f), "-2048");
  EXPECT_EQ(formatTick(1234.6f), "1235");
  EXPECT_EQ(formatTick(99999.0f), "99999");
  EXPECT_EQ(formatTick(-16.0f), "-16");
  EXPECT_EQ(formatTick(0.5f), "0.5");
  EXPECT_EQ(formatTick(5.38f), "5.38");
  EXPECT_EQ(formatTick(3.2e-5f), "3.2e-05");
  EXPECT_EQ(formatTick(2.5e6f), "2.5e+06");
  EXPECT_EQ(formatTick(0.0f), "0");
}

TEST(VizCorePalette, DistinctColoursForManyCores) {
  setPaletteScheme(PaletteScheme::kClassic);
  std::set<std::tuple<int, int, int>> seen;
  for (int c = 0; c < 48; ++c) {
    Rgba x = coreColour(c);
    seen.insert({x.r, x.g, x.b});
  }
  EXPECT_EQ(seen.size(), 48u);
  EXPECT_EQ(coreColour(-1).r, coreColour(-1).g);  // grey for "no owner"
}

// How a colour looks with deuteranopia (Machado, Oliveira & Fernandes 2009, severity 1, in linear RGB),
// and the CIE76 distance between two colours in CIELAB: what a colour-blind student can tell apart.
struct Lab {
  double l, a, b;
};

double linear(uint8_t c) {
  const double v = c / 255.0;
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

Lab labOf(double r, double g, double b) {
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
}

Lab deuteranopia(Rgba c) {
  const double r = linear(c.r), g = linear(c.g), b = linear(c.b);
  auto clamp01 = [](double v) { return std::clamp(v, 0.0, 1.0); };
  return labOf(clamp01(0.367322 * r + 0.860646 * g - 0.227968 * b), clamp01(0.280085 * r + 0.672501 * g + 0.047413 * b),
               clamp01(-0.011820 * r + 0.042940 * g + 0.968881 * b));
}

double deltaE(Lab x, Lab y) { return std::sqrt((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a) + (x.b - y.b) * (x.b - y.b)); }

TEST(VizCorePalette, ColourBlindSafeCoresStayDistinctUnderDeuteranopia) {
  setPaletteScheme(PaletteScheme::kColourBlindSafe);
  double closest = 1e9;
  for (int32_t a = 0; a < 7; ++a) {
    for (int32_t b = a + 1; b < 7; ++b) closest = std::min(closest, deltaE(deuteranopia(coreColour(a)), deuteranopia(coreColour(b))));
  }
  // The classroom chip has 4 cores; the palette keeps 7 apart by a CIE76 distance of 17 (10 is clearly
  // visible; the classic golden-angle hues come down to 13 for the same seven cores).
  EXPECT_GE(closest, 15.0);
  for (int32_t a = 0; a < 7; ++a) EXPECT_GE(deltaE(deuteranopia(coreColour(a)), deuteranopia(coreColour(-1))), 10.0) << a;
  // Values: cividis runs dark to light for everyone, so sign and size read without hue.
  const HeatScale v = HeatScale::diverging(std::vector<float>{-4.0f, 4.0f}, kNeutral);
  double previous = -1.0;
  for (float x = -4.0f; x <= 4.0f; x += 0.5f) {
    const double l = deuteranopia(v.colour(x)).l;
    EXPECT_GT(l, previous) << x;
    previous = l;
  }
  setPaletteScheme(PaletteScheme::kClassic);
}

TEST(VizUlp, SpacingOfEachType) {
  using verify::ulpOf;  // the Compare panel's ULPs are the judge's
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, 1.0f), std::ldexp(1.0, -10));
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, 1.5f), std::ldexp(1.0, -10));
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, 2.0f), std::ldexp(1.0, -9));
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, -2.0f), std::ldexp(1.0, -9));
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, 1e-6f), std::ldexp(1.0, -24));  // subnormal spacing
  EXPECT_DOUBLE_EQ(ulpOf(ACL_BF16, 1.0f), std::ldexp(1.0, -7));
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT, 1.0f), std::ldexp(1.0, -23));
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, 0.0f), std::ldexp(1.0, -24));
  // Past FLOAT16's range and for non-finite values: its largest binade's spacing, 2^(15 - 10).
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, 1e6), 32.0);
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT16, std::numeric_limits<double>::infinity()), 32.0);
  EXPECT_DOUBLE_EQ(ulpOf(ACL_FLOAT, std::numeric_limits<double>::quiet_NaN()), std::ldexp(1.0, 127 - 23));
}

TEST(VizUlp, ErrorsAndSummary) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> ref = {1.0f, 1.0f + 0.25f / 1024, 3.0f, nan, 2.0f};
  std::vector<float> low = {1.0f, 1.0f, 3.0f + 1.0f / 512, nan, nan};
  std::vector<float> u = errorInUlps(ACL_FLOAT16, low, ref);
  ASSERT_EQ(u.size(), 5u);
  EXPECT_FLOAT_EQ(u[0], 0.0f);
  EXPECT_FLOAT_EQ(u[1], 0.25f);
  EXPECT_FLOAT_EQ(u[2], 1.0f);
  EXPECT_FLOAT_EQ(u[3], 0.0f);
  EXPECT_TRUE(std::isinf(u[4]));
  ErrorSummary s = summarizeUlps(u);
  EXPECT_EQ(s.cells, 5);
  EXPECT_EQ(s.exact, 2);
  EXPECT_EQ(s.withinHalf, 3);
  EXPECT_EQ(s.buckets[0], 2);                // exact
  EXPECT_EQ(s.buckets[2], 1);                // 1 ULP
  EXPECT_EQ(s.buckets[kUlpBuckets - 1], 1);  // infinite
}

TEST(VizUlp, HistogramBucketsDoubleFromOneUlp) {
  EXPECT_EQ(ulpBucket(0.0f), 0);
  EXPECT_EQ(ulpBucket(0.5f), 1);
  EXPECT_EQ(ulpBucket(0.75f), 2);
  EXPECT_EQ(ulpBucket(2.0f), 3);
  EXPECT_EQ(ulpBucket(3.0f), 4);
  EXPECT_EQ(ulpBucket(256.0f), 10);
  EXPECT_EQ(ulpBucket(288.0f), 11);
  EXPECT_STREQ(ulpBucketLabel(11), ">256");
}

TEST(VizUlp, BitDifferences) {
  DiffSummary d;
  std::vector<float> diff = absoluteDifference(std::vector<float>{1.0f, 2.0f, -0.0f}, std::vector<float>{1.0f, 2.5f, 0.0f}, &d);
  EXPECT_EQ(d.cells, 3);
  EXPECT_EQ(d.differing, 2);  // -0 and +0 differ in their bits
  EXPECT_FLOAT_EQ(diff[1], 0.5f);
  EXPECT_FLOAT_EQ(diff[2], 0.0f);
  EXPECT_FLOAT_EQ(d.maxAbs, 0.5f);
}

}  // namespace
}  // namespace gradlab::viz
#endif
