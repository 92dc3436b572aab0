// cat("dims ", 3, " > ", 8, ", scale ", 0.5): the one way the library, the CLI and the app build text from
// pieces. Strings and characters go in as they are, integers (and bools, as 1 / 0) in decimal, doubles and
// floats as formatNumber writes them; nothing else.
#pragma once

#include <charconv>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// A number as people read it and the program reads back: whole values below 1e15 without a decimal point
// ("12"), others in {fmt}'s shortest form that gives back the same double (or, for a value that is a
// float, the same float: 0.1f is "0.1"); "nan", "inf", "-inf".
std::string formatNumber(double value);
// formatNumber's words read back: "nan", "inf" (or "+inf") and "-inf" as they are written; nullopt for
// anything else. JSON has no such numbers, so traces, golden files and presets write them as strings.
std::optional<double> nonFiniteNumber(std::string_view word);

namespace detail {

// Without a stream for the common types: plans and messages build many texts per call, and a stream's
// locale machinery made a tiny call's GetWorkspaceSize cost twice what it should.
template <typename T>
void appendPiece(std::string& out, const T& piece) {
  using U = std::decay_t<T>;
  if constexpr (std::is_same_v<U, std::string> || std::is_same_v<U, std::string_view>) {
    out.append(piece);
  } else if constexpr (std::is_same_v<U, const char*> || std::is_same_v<U, char*>) {
    out.append(piece);
  } else if constexpr (std::is_same_v<U, char>) {
    out.push_back(piece);
  } else if constexpr (std::is_same_v<U, bool>) {
    out.push_back(piece ? '1' : '0');
  } else if constexpr (std::is_integral_v<U>) {
    char buffer[24];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, piece).ptr;
    out.append(buffer, end);
  } else if constexpr (std::is_floating_point_v<U>) {
    out.append(formatNumber(static_cast<double>(piece)));
  } else {
    static_assert(std::is_arithmetic_v<U>, "cat takes strings, characters and numbers: write other pieces as text first");
  }
}

}  // namespace detail

template <typename... Pieces>
std::string cat(const Pieces&... pieces) {
  std::string out;
  out.reserve(32);  // past the short-string buffer: also keeps GCC 12's -Wrestrict from a false alarm
  (detail::appendPiece(out, pieces), ...);
  return out;
}

}  // namespace gradlab
GRADLAB_API_END
