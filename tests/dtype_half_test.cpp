// fp16 / bf16 conversions (gradlab/half.h) against independent references:
//   * widening: the value a bit pattern stands for, computed with ldexp on its fields in double;
//   * narrowing: nearest of the two neighbouring representable values, compared in double, ties to the
//     even pattern, overflow as IEEE 754 says (round with an unbounded exponent, then too big -> Inf);
//   * bulk: every back-end is bit-identical to the scalar conversion.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "dtype/half_kernels.h"
#include "gradlab/half.h"

namespace {

using gradlab::BFloat16;
using gradlab::Half;

uint32_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
float floatOf(uint32_t u) { return std::bit_cast<float>(u); }

std::string hex(uint32_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// ---- References -----------------------------------------------------------------------------------

// The value of an fp16 pattern: sign, 5-bit exponent (bias 15), 10-bit mantissa.
double refHalfValue(uint16_t h) {
  const int sign = h >> 15;
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  double v;
  if (exponent == 0x1F) {
    v = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else if (exponent == 0) {
    v = std::ldexp(static_cast<double>(mantissa), -24);  // 0.mantissa * 2^-14
  } else {
    v = std::ldexp(static_cast<double>(1024 + mantissa), exponent - 25);  // 1.mantissa * 2^(e-15)
  }
  return sign ? -v : v;
}

// The value of a bf16 pattern: sign, 8-bit exponent (bias 127), 7-bit mantissa.
double refBf16Value(uint16_t b) {
  const int sign = b >> 15;
  const int exponent = (b >> 7) & 0xFF;
  const int mantissa = b & 0x7F;
  double v;
  if (exponent == 0xFF) {
    v = mantissa == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
  } else if (exponent == 0) {
    v = std::ldexp(static_cast<double>(mantissa), -133);  // 0.mantissa * 2^-126
  } else {
    v = std::ldexp(static_cast<double>(128 + mantissa), exponent - 134);  // 1.mantissa * 2^(e-127)
  }
  return sign ? -v : v;
}

struct Format {
  const char* name;
  double (*value)(uint16_t);
  uint16_t maxFinite;    // largest finite positive pattern
  uint16_t inf;          // +Inf pattern (maxFinite + 1)
  double overflowValue;  // the value after maxFinite if the exponent were unbounded
  int payloadShift;      // fp32 payload bits dropped by the narrowing (13 / 16)
  uint16_t quietBit;     // quiet bit of a NaN pattern
};

const Format kHalf{"fp16", refHalfValue, 0x7BFF, 0x7C00, 65536.0, 13, 0x0200};
const Format kBf16{"bf16", refBf16Value, 0x7F7F, 0x7F80, std::ldexp(1.0, 128), 16, 0x0040};

// Round a non-NaN float to the format: find the two neighbouring representable magnitudes lo <= |x| < up
// (binary search over the monotonic positive patterns), then pick the nearer one, ties to the even pattern.
uint16_t refRound(float x, const Format& fmt) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(x));
  if (std::isinf(a)) return sign | fmt.inf;
  uint16_t lo;
  if (a >= fmt.value(fmt.maxFinite)) {
    lo = fmt.maxFinite;
  } else {
    uint16_t l = 0, h = fmt.maxFinite;  // value(l) <= a < value(h)
    while (h - l > 1) {
      const uint16_t mid = static_cast<uint16_t>((l + h) / 2);
      if (fmt.value(mid) <= a) l = mid; else h = mid;
    }
    lo = l;
  }
  const double vlo = fmt.value(lo);
  if (vlo == a) return sign | lo;
  const uint16_t up = static_cast<uint16_t>(lo + 1);
  const double vup = up == fmt.inf ? fmt.overflowValue : fmt.value(up);
  // Both sums are exact in double (adjacent values of a format with <= 11 significant bits; x is a float).
  const double twice = 2.0 * a, sum = vlo + vup;
  uint16_t r;
  if (twice < sum) r = lo;
  else if (twice > sum) r = up;
  else r = (lo & 1) == 0 ? lo : up;
  return sign | r;  // up == inf when rounding past the largest finite value
}

// Checks one narrowing result against the reference; NaN must stay a quiet NaN with sign and top payload.
bool narrowingMatches(float x, uint16_t got, const Format& fmt, std::string* why) {
  const uint32_t xb = bitsOf(x);
  if (std::isnan(x)) {
    const bool isNan = (got & 0x7FFF) > fmt.inf;
    const bool signOk = (got >> 15) == (xb >> 31);
    const bool quiet = (got & fmt.quietBit) != 0;
    const uint16_t payloadMask = static_cast<uint16_t>(fmt.quietBit - 1);
    const bool payloadOk = (got & payloadMask) == ((xb >> fmt.payloadShift) & payloadMask);
    if (isNan && signOk && quiet && payloadOk) return true;
    *why = std::string(fmt.name) + "(" + hex(xb) + ") = " + hex(got) + ", wanted a quiet NaN with sign and payload";
    return false;
  }
  const uint16_t want = refRound(x, fmt);
  if (got == want) return true;
  std::ostringstream s;
  s.precision(17);
  s << fmt.name << "(" << hex(xb) << " = " << x << ") = " << hex(got) << ", reference " << hex(want);
  *why = s.str();
  return false;
}

// ---- Inputs ------------------------------------------------------------------------------------------

void addBothSigns(std::vector<float>& out, float v) {
  out.push_back(v);
  out.push_back(-v);
}

// Every float halfway between two adjacent representable values, one ulp either side of it, and the
// representable values themselves.
void addMidpoints(std::vector<float>& out, const Format& fmt) {
  for (uint32_t b = 0; b <= fmt.maxFinite; ++b) {
    const double lo = fmt.value(static_cast<uint16_t>(b));
    const double up = b == fmt.maxFinite ? fmt.overflowValue : fmt.value(static_cast<uint16_t>(b + 1));
    const double mid = (lo + up) / 2;
    const float m = static_cast<float>(mid);
    if (static_cast<double>(m) != mid) {
      ADD_FAILURE() << fmt.name << " midpoint above " << hex(b) << " is not a float";
      continue;
    }
    addBothSigns(out, static_cast<float>(lo));
    addBothSigns(out, m);
    addBothSigns(out, std::nextafter(m, 0.0f));
    addBothSigns(out, std::nextafter(m, std::numeric_limits<float>::infinity()));
  }
}

void addBitRange(std::vector<float>& out, uint32_t from, uint32_t to, uint32_t step) {  // [from, to)
  for (uint64_t u = from; u < to; u += step) addBothSigns(out, floatOf(static_cast<uint32_t>(u)));
}

void addSpecials(std::vector<float>& out) {
  const uint32_t specials[] = {
      0x00000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u,  // zero, fp32 subnormals, smallest normal
      0x7F7FFFFFu, 0x7F800000u,                            // FLT_MAX, Inf
      0x7F800001u, 0x7F801FFFu, 0x7F802000u, 0x7F80FFFFu, 0x7F810000u, 0x7FBFFFFFu,  // signalling NaNs
      0x7FC00000u, 0x7FC00001u, 0x7FD55555u, 0x7FFFE000u, 0x7FFFFFFFu,                // quiet NaNs
  };
  for (uint32_t u : specials) {
    out.push_back(floatOf(u));
    out.push_back(floatOf(u | 0x80000000u));
  }
}

void addRandom(std::vector<float>& out, std::mt19937& rng, size_t count, int minExp, int maxExp) {
  std::uniform_int_distribution<uint32_t> bits;
  std::uniform_int_distribution<int> exps(minExp, maxExp);
  for (size_t i = 0; i < count; ++i) {
    uint32_t u = bits(rng);
    if (minExp >= 0) u = (u & 0x807FFFFFu) | (static_cast<uint32_t>(exps(rng)) << 23);
    out.push_back(floatOf(u));
  }
}

const std::vector<float>& halfRoundingInputs() {
  static const std::vector<float> inputs = [] {
    std::vector<float> v;
    addSpecials(v);
    addMidpoints(v, kHalf);
    addBitRange(v, 0x33000000u - 4096, 0x33000000u + 4096, 1);  // around 2^-25, half the smallest subnormal
    addBitRange(v, 0x32800000u, 0x38800000u, 61);    // [2^-26, 2^-14): the whole subnormal half range
    addBitRange(v, 0x38800000u - 4096, 0x38800000u + 4096, 1);  // subnormal / normal boundary
    addBitRange(v, 0x00000000u, 0x32800000u, 4099);  // tiny: rounds to zero
    addBitRange(v, 0x477FE000u - 8192, 0x47800000u + 8192, 1);  // 65504, 65520, 65536
    addBitRange(v, 0x47800000u, 0x7F800001u, 4099);  // beyond the range: Inf
    std::mt19937 rng(20240517);
    addRandom(v, rng, 3'000'000, -1, -1);  // any bit pattern
    addRandom(v, rng, 1'000'000, 100, 144);  // magnitudes the format covers
    return v;
  }();
  return inputs;
}

const std::vector<float>& bf16RoundingInputs() {
  static const std::vector<float> inputs = [] {
    std::vector<float> v;
    addSpecials(v);
    addMidpoints(v, kBf16);
    addBitRange(v, 0x00000000u, 0x00800000u + 65536, 7);  // fp32 subnormals -> bf16 subnormals
    addBitRange(v, 0x7F7E0000u, 0x7F800001u, 1);          // up to FLT_MAX and Inf: overflow threshold
    addBitRange(v, 0x3F800000u - 65536, 0x3F800000u + 65536, 1);  // around 1.0, every rounding case
    std::mt19937 rng(20240518);
    addRandom(v, rng, 4'000'000, -1, -1);
    return v;
  }();
  return inputs;
}

template <class Convert>
void checkNarrowing(const std::vector<float>& inputs, const Format& fmt, Convert convert) {
  size_t failures = 0;
  std::string first;
  for (float x : inputs) {
    std::string why;
    if (!narrowingMatches(x, convert(x), fmt, &why)) {
      if (failures++ == 0) first = why;
    }
  }
  EXPECT_EQ(failures, 0u) << "of " << inputs.size() << " inputs; first: " << first;
}

// ---- Widening: exhaustive -----------------------------------------------------------------------------

// Checks a widened NaN: sign kept, payload shifted up unchanged, quiet bit set, nothing else.
bool widenedNanOk(uint16_t bits, float f, const Format& fmt) {
  const uint32_t mantissaMask = 2u * fmt.quietBit - 1u;  // 0x3FF / 0x7F
  const uint32_t expected = (static_cast<uint32_t>(bits & 0x8000) << 16) | 0x7F800000u | 0x00400000u |
                            ((bits & mantissaMask) << fmt.payloadShift);
  return std::isnan(f) && bitsOf(f) == expected;
}

TEST(HalfExhaustive, ToFloatMatchesLdexpReference) {
  size_t failures = 0;
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    const float f = gradlab::halfBitsToFloat(bits);
    const double ref = refHalfValue(bits);
    bool ok;
    if (std::isnan(ref)) {
      ok = widenedNanOk(bits, f, kHalf);
    } else {
      ok = static_cast<double>(f) == ref && std::signbit(f) == ((bits & 0x8000) != 0);
    }
    if (!ok && failures++ < 5) ADD_FAILURE() << "half " << hex(bits) << " -> " << hex(bitsOf(f)) << ", reference " << ref;
  }
  EXPECT_EQ(failures, 0u);
}

TEST(HalfExhaustive, FloatRoundTripGivesBackTheBits) {
  size_t failures = 0;
  for (uint32_t h = 0; h <= 0xFFFF; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    const bool isNan = (bits & 0x7FFF) > 0x7C00;
    const uint16_t want = isNan ? static_cast<uint16_t>(bits | 0x0200) : bits;  // NaN: stays NaN, made quiet
    const uint16_t got = gradlab::floatToHalfBits(gradlab::halfBitsToFloat(bits));
    const Half viaType = Half::fromFloat(Half{bits}.toFloat());
    if ((got != want || viaType.bits != want) && failures++ < 5) {
      ADD_FAILURE() << "half " << hex(bits) << " -> float -> " << hex(got) << ", wanted " << hex(want);
    }
  }
  EXPECT_EQ(failures, 0u);
}

TEST(BFloat16Exhaustive, ToFloatMatchesLdexpReference) {
  size_t failures = 0;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const uint16_t bits = static_cast<uint16_t>(b);
    const float f = gradlab::bf16BitsToFloat(bits);
    const double ref = refBf16Value(bits);
    bool ok;
    if (std::isnan(ref)) {
      ok = widenedNanOk(bits, f, kBf16);
    } else {
      ok = static_cast<double>(f) == ref && std::signbit(f) == ((bits & 0x8000) != 0);
    }
    if (!ok && failures++ < 5) ADD_FAILURE() << "bf16 " << hex(bits) << " -> " << hex(bitsOf(f)) << ", reference " << ref;
  }
  EXPECT_EQ(failures, 0u);
}

TEST(BFloat16Exhaustive, FloatRoundTripGivesBackTheBits) {
  size_t failures = 0;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const uint16_t bits = static_cast<uint16_t>(b);
    const bool isNan = (bits & 0x7FFF) > 0x7F80;
    const uint16_t want = isNan ? static_cast<uint16_t>(bits | 0x0040) : bits;
    const uint16_t got = gradlab::floatToBf16Bits(gradlab::bf16BitsToFloat(bits));
    const BFloat16 viaType = BFloat16::fromFloat(BFloat16{bits}.toFloat());
    if ((got != want || viaType.bits != want) && failures++ < 5) {
      ADD_FAILURE() << "bf16 " << hex(bits) << " -> float -> " << hex(got) << ", wanted " << hex(want);
    }
  }
  EXPECT_EQ(failures, 0u);
}

// ---- Narrowing: rounding against the reference ---------------------------------------------------------

TEST(HalfRounding, ReferenceSelfCheck) {
  // The reference itself on values worked out by hand.
  EXPECT_EQ(refRound(1.0f, kHalf), 0x3C00);
  EXPECT_EQ(refRound(65504.0f, kHalf), 0x7BFF);
  EXPECT_EQ(refRound(65519.996f, kHalf), 0x7BFF);
  EXPECT_EQ(refRound(65520.0f, kHalf), 0x7C00);
  EXPECT_EQ(refRound(std::ldexp(1.0f, -24), kHalf), 0x0001);
  EXPECT_EQ(refRound(std::ldexp(1.0f, -25), kHalf), 0x0000);       // tie -> even (zero)
  EXPECT_EQ(refRound(std::ldexp(3.0f, -25), kHalf), 0x0002);       // tie between 1 and 2 units -> 2
  EXPECT_EQ(refRound(-std::ldexp(1.0f, -26), kHalf), 0x8000);
  EXPECT_EQ(refRound(1.0f + std::ldexp(1.0f, -11), kHalf), 0x3C00);  // tie -> even
  EXPECT_EQ(refRound(1.0f + std::ldexp(3.0f, -11), kHalf), 0x3C02);  // tie -> even (up)
  EXPECT_EQ(refRound(1.0f, kBf16), 0x3F80);
  EXPECT_EQ(refRound(std::numeric_limits<float>::max(), kBf16), 0x7F80);
}

TEST(HalfRounding, KnownValues) {
  EXPECT_EQ(gradlab::floatToHalfBits(0.0f), 0x0000);
  EXPECT_EQ(gradlab::floatToHalfBits(-0.0f), 0x8000);
  EXPECT_EQ(gradlab::floatToHalfBits(1.0f), 0x3C00);
  EXPECT_EQ(gradlab::floatToHalfBits(-2.0f), 0xC000);
  EXPECT_EQ(gradlab::floatToHalfBits(0.1f), 0x2E66);
  EXPECT_EQ(gradlab::floatToHalfBits(3.14159265f), 0x4248);
  EXPECT_EQ(gradlab::floatToHalfBits(65504.0f), 0x7BFF);
  EXPECT_EQ(gradlab::floatToHalfBits(std::nextafter(65520.0f, 0.0f)), 0x7BFF);
  EXPECT_EQ(gradlab::floatToHalfBits(65520.0f), 0x7C00);
  EXPECT_EQ(gradlab::floatToHalfBits(-1e9f), 0xFC00);
  EXPECT_EQ(gradlab::floatToHalfBits(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(gradlab::floatToHalfBits(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(gradlab::floatToHalfBits(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(gradlab::floatToHalfBits(std::nextafter(std::ldexp(1.0f, -25), 1.0f)), 0x0001);
  EXPECT_EQ(gradlab::floatToHalfBits(std::ldexp(1.0f, -14)), 0x0400);
  EXPECT_EQ(gradlab::floatToHalfBits(std::nextafter(std::ldexp(1.0f, -14), 0.0f)), 0x0400);
  EXPECT_EQ(gradlab::floatToHalfBits(floatOf(0x7F800001u)), 0x7E00);  // signalling NaN -> quiet, not Inf
  EXPECT_EQ(gradlab::floatToHalfBits(floatOf(0xFFC02000u)), 0xFE01);
  EXPECT_EQ(gradlab::halfBitsToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(gradlab::halfBitsToFloat(0x7BFF), 65504.0f);
}

TEST(HalfRounding, MatchesNeighbourReference) {
  checkNarrowing(halfRoundingInputs(), kHalf, [](float x) { return gradlab::floatToHalfBits(x); });
}

TEST(BFloat16Rounding, KnownValues) {
  EXPECT_EQ(gradlab::floatToBf16Bits(1.0f), 0x3F80);
  EXPECT_EQ(gradlab::floatToBf16Bits(-0.0f), 0x8000);
  EXPECT_EQ(gradlab::floatToBf16Bits(0.1f), 0x3DCD);
  EXPECT_EQ(gradlab::floatToBf16Bits(3.14159265f), 0x4049);
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0x3F808000u)), 0x3F80);  // tie -> even (down)
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0x3F818000u)), 0x3F82);  // tie -> even (up)
  EXPECT_EQ(gradlab::floatToBf16Bits(std::numeric_limits<float>::max()), 0x7F80);
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0x7F7F7FFFu)), 0x7F7F);
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0x00008000u)), 0x0000);  // subnormal tie -> even
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0x00018000u)), 0x0002);
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0x7F800001u)), 0x7FC0);  // NaN never becomes Inf
  EXPECT_EQ(gradlab::floatToBf16Bits(floatOf(0xFF80FFFFu)), 0xFFC0);
}

TEST(BFloat16Rounding, MatchesNeighbourReference) {
  checkNarrowing(bf16RoundingInputs(), kBf16, [](float x) { return gradlab::floatToBf16Bits(x); });
}

// ---- Value types ---------------------------------------------------------------------------------------

TEST(HalfType, IsATwoByteTrivialValue) {
  static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2);
  static_assert(std::is_trivially_copyable_v<Half> && std::is_trivially_copyable_v<BFloat16>);
  EXPECT_EQ(Half::fromFloat(1.0f), Half{0x3C00});
  EXPECT_EQ(Half::fromFloat(-1.5f).toFloat(), -1.5f);
  EXPECT_FALSE(Half::fromFloat(0.0f) == Half::fromFloat(-0.0f));  // equality is on bits
  EXPECT_EQ(Half{0x7E00}, Half{0x7E00});
  Half raw[2];
  const uint16_t src[2] = {0x3C00, 0xC000};
  std::memcpy(raw, src, sizeof raw);
  EXPECT_EQ(raw[1].toFloat(), -2.0f);
}

TEST(BFloat16Type, IsATwoByteTrivialValue) {
  EXPECT_EQ(BFloat16::fromFloat(1.0f), BFloat16{0x3F80});
  EXPECT_EQ(BFloat16::fromFloat(-1.5f).toFloat(), -1.5f);
  EXPECT_FALSE(BFloat16::fromFloat(0.0f) == BFloat16::fromFloat(-0.0f));
}

// ---- Bulk ------------------------------------------------------------------------------------------------

struct Backend {
  const char* name;
  void (*halfToFloat)(const uint16_t*, float*, size_t);
  void (*floatToHalf)(const float*, uint16_t*, size_t);
  void (*bf16ToFloat)(const uint16_t*, float*, size_t);
  void (*floatToBf16)(const float*, uint16_t*, size_t);
};

std::vector<Backend> backends() {
  std::vector<Backend> out;
  out.push_back({"public", gradlab::halfToFloat, gradlab::floatToHalf, gradlab::bf16ToFloat, gradlab::floatToBf16});
  const auto add = [&out](const gradlab::dtype::BulkKernels& k) {
    out.push_back({k.name, k.halfToFloat, k.floatToHalf, k.bf16ToFloat, k.floatToBf16});
  };
  add(gradlab::dtype::portableBulkKernels());
  if (const auto* x86 = gradlab::dtype::x86BulkKernels()) add(*x86);
  if (const auto* avx512 = gradlab::dtype::x86Avx512BulkKernels()) add(*avx512);
  return out;
}

// Converts src[0..n) with `bulk` into a guarded buffer at the given element offset and checks each
// element against `scalar` and that nothing outside [offset, offset + n) was written.
template <class Src, class Dst, class Scalar>
void checkBulk(const char* what, const Backend& b, void (*bulk)(const Src*, Dst*, size_t), const std::vector<Src>& src,
               size_t srcOffset, size_t n, size_t dstOffset, Scalar scalar) {
  constexpr size_t kGuard = 16;
  std::vector<Dst> dst(dstOffset + n + kGuard);
  std::vector<unsigned char> before(dst.size() * sizeof(Dst));
  std::memset(dst.data(), 0xA5, before.size());
  std::memcpy(before.data(), dst.data(), before.size());
  bulk(src.data() + srcOffset, dst.data() + dstOffset, n);
  size_t failures = 0;
  for (size_t i = 0; i < n; ++i) {
    const Dst want = scalar(src[srcOffset + i]);
    if (std::memcmp(&want, &dst[dstOffset + i], sizeof(Dst)) != 0 && failures++ < 3) {
      ADD_FAILURE() << what << " [" << b.name << "] n=" << n << " offsets " << srcOffset << "/" << dstOffset
                    << ": element " << i << " differs from the scalar conversion";
    }
  }
  EXPECT_EQ(std::memcmp(dst.data(), before.data(), dstOffset * sizeof(Dst)), 0) << what << " wrote before the start";
  EXPECT_EQ(std::memcmp(dst.data() + dstOffset + n, before.data() + (dstOffset + n) * sizeof(Dst), kGuard * sizeof(Dst)), 0)
      << what << " [" << b.name << "] n=" << n << " wrote past the end";
}

std::vector<uint16_t> randomPatterns16(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint16_t> v(n);
  for (auto& x : v) x = static_cast<uint16_t>(rng());
  // Sprinkle in the special cases so short lengths see them too.
  const uint16_t specials[] = {0x0000, 0x8000, 0x0001, 0x03FF, 0x7BFF, 0x7C00, 0xFC00, 0x7C01, 0x7E00, 0xFFFF, 0x7F80, 0x7F81, 0x0040};
  for (size_t i = 0; i < n; i += 7) v[i] = specials[(i / 7) % std::size(specials)];
  return v;
}

std::vector<float> randomFloats(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<float> v;
  v.reserve(n);
  addRandom(v, rng, n / 2, -1, -1);
  addRandom(v, rng, n - n / 2, 100, 144);
  std::shuffle(v.begin(), v.end(), rng);
  const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7F800001u, 0xFFC00000u,
                               0x477FF000u, 0x477FEFFFu, 0x33000000u, 0x33000001u, 0x3F808000u, 0x7F7FFFFFu};
  for (size_t i = 0; i < n; i += 5) v[i] = floatOf(specials[(i / 5) % std::size(specials)]);
  return v;
}

TEST(HalfBulk, ShortLengthsAndUnalignedStartsMatchScalar) {
  const auto halves = randomPatterns16(128, 1);
  const auto floats = randomFloats(128, 2);
  const auto toFloat = [](uint16_t h) { return gradlab::halfBitsToFloat(h); };
  const auto toHalf = [](float f) { return gradlab::floatToHalfBits(f); };
  for (const Backend& b : backends()) {
    for (size_t n = 0; n <= 70; ++n) {
      for (size_t offset : {size_t{0}, size_t{1}, size_t{3}}) {
        checkBulk("halfToFloat", b, b.halfToFloat, halves, offset, n, offset, toFloat);
        checkBulk("floatToHalf", b, b.floatToHalf, floats, offset, n, offset, toHalf);
        checkBulk("halfToFloat", b, b.halfToFloat, halves, offset, n, 1 - std::min<size_t>(offset, 1), toFloat);
      }
    }
  }
}

TEST(BFloat16Bulk, ShortLengthsAndUnalignedStartsMatchScalar) {
  const auto bf16s = randomPatterns16(128, 3);
  const auto floats = randomFloats(128, 4);
  const auto toFloat = [](uint16_t h) { return gradlab::bf16BitsToFloat(h); };
  const auto toBf16 = [](float f) { return gradlab::floatToBf16Bits(f); };
  for (const Backend& b : backends()) {
    for (size_t n = 0; n <= 70; ++n) {
      for (size_t offset : {size_t{0}, size_t{1}, size_t{3}}) {
        checkBulk("bf16ToFloat", b, b.bf16ToFloat, bf16s, offset, n, offset, toFloat);
        checkBulk("floatToBf16", b, b.floatToBf16, floats, offset, n, offset, toBf16);
      }
    }
  }
}

TEST(HalfBulk, LargeArraysMatchScalar) {
  // Every fp16 pattern (several times, shuffled) plus an odd tail, and all the rounding inputs.
  std::vector<uint16_t> halves;
  for (int rep = 0; rep < 4; ++rep) {
    for (uint32_t h = 0; h <= 0xFFFF; ++h) halves.push_back(static_cast<uint16_t>(h));
  }
  std::shuffle(halves.begin(), halves.end(), std::mt19937(5));
  halves.resize(halves.size() - 13);
  const std::vector<float>& floats = halfRoundingInputs();
  for (const Backend& b : backends()) {
    checkBulk("halfToFloat", b, b.halfToFloat, halves, 1, halves.size() - 1, 0,
              [](uint16_t h) { return gradlab::halfBitsToFloat(h); });
    checkBulk("floatToHalf", b, b.floatToHalf, floats, 0, floats.size(), 1,
              [](float f) { return gradlab::floatToHalfBits(f); });
  }
}

TEST(BFloat16Bulk, LargeArraysMatchScalar) {
  std::vector<uint16_t> bf16s;
  for (int rep = 0; rep < 4; ++rep) {
    for (uint32_t h = 0; h <= 0xFFFF; ++h) bf16s.push_back(static_cast<uint16_t>(h));
  }
  std::shuffle(bf16s.begin(), bf16s.end(), std::mt19937(6));
  bf16s.resize(bf16s.size() - 13);
  const std::vector<float>& floats = bf16RoundingInputs();
  for (const Backend& b : backends()) {
    checkBulk("bf16ToFloat", b, b.bf16ToFloat, bf16s, 1, bf16s.size() - 1, 0,
              [](uint16_t h) { return gradlab::bf16BitsToFloat(h); });
    checkBulk("floatToBf16", b, b.floatToBf16, floats, 0, floats.size(), 1,
              [](float f) { return gradlab::floatToBf16Bits(f); });
  }
}

}  // namespace
