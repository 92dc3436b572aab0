#include "viz/model/number_format.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "i18n/translate.h"

namespace gradlab::viz {
namespace {

// Whole numbers print exactly up to here; beyond, %.Ng is shorter and honest about its rounding.
constexpr float kLargestWhole = 1e7f;

bool whole(float v) { return std::isfinite(v) && std::fabs(v) < kLargestWhole && v == std::trunc(v); }

std::string text(float v, const NumberFormat& f) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[40];
  if (f.integer) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    return buf;
  }
  if (v == 0.0f) return std::signbit(v) ? "-0" : "0";
  std::snprintf(buf, sizeof buf, "%.*g", f.digits, static_cast<double>(v));
  std::string s = buf;
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

}  // namespace

std::string NumberFormat::describe() const {
  if (integer) return i18n::tr("whole numbers");
  return i18n::trf(digits == 1 ? "{0} sig. digit" : "{0} sig. digits", digits);
}

NumberFormat chooseNumberFormat(std::span<const float> values, bool integerTensor, int maxChars) {
  NumberFormat f;
  f.maxChars = maxChars;
  bool wholes = true;
  for (float v : values) wholes = wholes && (whole(v) || !std::isfinite(v));
  if (integerTensor || wholes) {
    f.integer = true;
    return f;
  }
  for (int digits = 4; digits >= 1; --digits) {
    for (bool drop : {false, true}) {
      f.digits = digits, f.dropLeadingZero = drop;
      if (allFit(values, f)) return f;
    }
  }
  f.digits = 1, f.dropLeadingZero = true;  // the narrowest: what still does not fit is marked
  return f;
}

CellText formatCell(float value, const NumberFormat& f) {
  CellText c;
  c.text = text(value, f);
  c.fits = static_cast<int>(c.text.size()) <= f.maxChars;
  if (std::isfinite(value) && !f.integer) c.exact = std::strtof(c.text.c_str(), nullptr) == value;
  return c;
}

}  // namespace gradlab::viz
