// cat("a", 1, "b", 2.5): builds display text by appending pieces (integers in decimal, doubles via
// formatNumber). Appending avoids GCC 12's false -Wrestrict on chains of "literal" + std::string.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace gradlab::viz {

std::string formatNumber(double value);

namespace detail {
inline void append(std::string& out, std::string_view s) { out.append(s.data(), s.size()); }
inline void append(std::string& out, const std::string& s) { out.append(s); }
inline void append(std::string& out, const char* s) { out.append(s); }
inline void append(std::string& out, char c) { out.push_back(c); }
template <typename T>
  requires std::is_integral_v<T>
void append(std::string& out, T v) {
  out.append(std::to_string(v));
}
inline void append(std::string& out, double v) { out.append(formatNumber(v)); }
inline void append(std::string& out, float v) { out.append(formatNumber(static_cast<double>(v))); }
}  // namespace detail

template <typename... Pieces>
std::string cat(const Pieces&... pieces) {
  std::string out;
  (detail::append(out, pieces), ...);
  return out;
}

}  // namespace gradlab::viz
