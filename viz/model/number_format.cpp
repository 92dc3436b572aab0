#include "viz/model/number_format.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "i18n/translate.h"

namespace gradlab::viz {
namespace {

// Whole numbers print exactly up to here; beyond, %.Ng is shorter and honest about its rounding.
constexpr float kLargestWhole = 1e7f;

bool whole(float v) { return std::isfinite(v) && std::fabs(v) < kLargestWhole && v == std::trunc(v); }

std::string text(float v, const NumberFormat& f) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (f.integer) return fmt::format("{}", static_cast<long long>(v));
  if (v == 0.0f) return std::signbit(v) ? "-0" : "0";
  std::string s = fmt::format("{:.{}g}", v, f.digits);
  if (f.dropLeadingZero) {
    if (s.rfind("0.", 0) == 0) s.erase(0, 1);
    else if (s.rfind("-0.", 0) == 0) s.erase(1, 1);
  }
  return s;
}

bool allFit(std::span<const float> values, const NumberFormat& f) {
  for (float v : values) {
    if (static_cast<int>(text(v, f).size()) > f.maxChars) return false;
  }
  return true;
}

bool allExact(std::span<const float> values, const NumberFormat& f) {
  for (float v : values) {
    if (std::isfinite(v) && std::strtof(text(v, f).c_str(), nullptr) != v) return false;
  }
  return true;
}

std::string plain(float v, int digits) { return fmt::format("{:.{}g}", v, digits); }

}  // namespace

std::string NumberFormat::describe() const {
  if (integer) return i18n::tr("whole numbers");
  return i18n::trf(digits == 1 ? "{0} sig. digit" : "{0} sig. digits", digits);
}

NumberFormat chooseNumberFormat(std::span<const float> values, bool integerTensor, int maxChars, int minDigits) {
  NumberFormat f;
  f.maxChars = maxChars;
  bool wholes = true;
  for (float v : values) wholes = wholes && (whole(v) || !std::isfinite(v));
  if (integerTensor || wholes) {
    f.integer = true;
    return f;
  }
  minDigits = std::clamp(minDigits, 1, 9);
  // Below minDigits a format is taken only where it is exact; the narrowest one allowed is the fallback.
  NumberFormat narrowest = f;
  narrowest.digits = minDigits, narrowest.dropLeadingZero = true;
  for (int digits = std::max(4, minDigits); digits >= 1; --digits) {
    for (bool drop : {false, true}) {
      f.digits = digits, f.dropLeadingZero = drop;
      const bool allowed = digits >= minDigits || allExact(values, f);
      if (allowed && allFit(values, f)) return f;
    }
  }
  return narrowest;  // what still does not fit is marked
}

int digitsToTellApart(float a, float b) {
  if (a == b || std::isnan(a) || std::isnan(b)) return 1;
  for (int digits = 1; digits < 9; ++digits) {
    if (plain(a, digits) != plain(b, digits)) return digits;
  }
  return 9;
}

int digitsToTellApartInGroup(std::span<float> values) {
  const auto end = std::remove_if(values.begin(), values.end(), [](float v) { return std::isnan(v); });
  std::sort(values.begin(), end);
  values = values.first(static_cast<size_t>(end - values.begin()));
  int digits = 1;
  for (size_t i = 1; i < values.size(); ++i) {
    if (values[i] != values[i - 1]) digits = std::max(digits, digitsToTellApart(values[i - 1], values[i]));
  }
  return digits;
}

CellText formatCell(float value, const NumberFormat& f) {
  CellText c;
  c.text = text(value, f);
  c.fits = static_cast<int>(c.text.size()) <= f.maxChars;
  if (std::isfinite(value) && !f.integer) c.exact = std::strtof(c.text.c_str(), nullptr) == value;
  return c;
}

std::string percentText(double part, double whole) {
  if (!(part > 0.0) || !(whole > 0.0)) return "0";
  const double percent = part / whole * 100.0;
  if (percent >= 0.95) return std::to_string(static_cast<long long>(percent + 0.5));
  return percent >= 0.1 ? fmt::format("{:.1f}", percent) : "<0.1";
}

}  // namespace gradlab::viz
