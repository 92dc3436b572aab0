#include <cmath>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "gradlab/cat.h"

namespace gradlab {

std::string formatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == std::floor(value) && std::fabs(value) < 1e15) return fmt::format("{:.0f}", value);
  // {fmt}'s shortest form that reads back as the same value; for values that are floats, the same float
  // is enough (0.1f is "0.1", not "0.10000000149011612").
  if (static_cast<double>(static_cast<float>(value)) == value) return fmt::format("{}", static_cast<float>(value));
  return fmt::format("{}", value);
}

std::optional<double> nonFiniteNumber(std::string_view word) {
  if (word == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (word == "inf" || word == "+inf") return std::numeric_limits<double>::infinity();
  if (word == "-inf") return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

}  // namespace gradlab
