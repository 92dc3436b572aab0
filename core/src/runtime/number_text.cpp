#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>

#include "gradlab/cat.h"

namespace gradlab {

std::string formatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[40];
  if (value == std::floor(value) && std::fabs(value) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", value);
    return buf;
  }
  // The shortest of 6..17 significant digits that reads back as the same value; for values that are
  // floats, the same float is enough.
  const bool isFloat = static_cast<double>(static_cast<float>(value)) == value;
  for (int digits = 6; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    const double back = std::strtod(buf, nullptr);
    if (back == value || (isFloat && static_cast<float>(back) == static_cast<float>(value))) break;
  }
  return buf;
}

std::optional<double> nonFiniteNumber(std::string_view word) {
  if (word == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (word == "inf" || word == "+inf") return std::numeric_limits<double>::infinity();
  if (word == "-inf") return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

}  // namespace gradlab
