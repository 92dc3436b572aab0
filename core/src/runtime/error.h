// The recent-error channel: every failing public call leaves one sentence for aclGetRecentErrMsg().
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "gradlab/refusal_facts.h"

namespace gradlab::rt {

// Stores `message` as this thread's recent error and, unless GRADLAB_LOG=off, prints it to stderr. The
// second form records why as well (gradlab/refusal_facts.h); the first clears any facts recorded before.
void setRecentError(std::string message);
void setRecentError(std::string message, RefusalFacts facts);
const char* recentError();
void clearRecentError();

namespace detail {

// Appends one piece as `std::ostream << piece` would write it (numbers as with the default precision 6),
// without a stream for the common types: plans build many texts per call, and a stream's locale
// machinery made GetWorkspaceSize of a tiny call cost twice what it should.
template <typename T>
void appendPiece(std::string& out, const T& piece) {
  using U = std::decay_t<T>;
  if constexpr (std::is_same_v<U, std::string> || std::is_same_v<U, std::string_view>) {
    out.append(piece);
  } else if constexpr (std::is_same_v<U, const char*> || std::is_same_v<U, char*>) {
    out.append(piece);
  } else if constexpr (std::is_array_v<T> && std::is_same_v<std::remove_extent_t<T>, const char>) {
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
    char buffer[40];
    const int n = std::snprintf(buffer, sizeof buffer, "%g", static_cast<double>(piece));
    out.append(buffer, static_cast<size_t>(n > 0 ? n : 0));
  } else {
    std::ostringstream stream;
    stream << piece;
    out += stream.str();
  }
}

}  // namespace detail

// Concatenates anything streamable: cat("dims ", 3, " > ", 8).
template <typename... Args>
std::string cat(const Args&... args) {
  std::string out;
  (detail::appendPiece(out, args), ...);
  return out;
}

// "[1, 2, 3]"
std::string formatDims(const int64_t* dims, uint64_t count);
inline std::string formatDims(const std::vector<int64_t>& dims) { return formatDims(dims.data(), dims.size()); }
std::string formatPointer(const void* p);

// Sets the recent error and returns `code`, so a guard reads: return fail(CODE, cat(...)). `refuse` records
// the rule and its facts too.
template <typename Code>
Code fail(Code code, std::string message) {
  setRecentError(std::move(message));
  return code;
}
template <typename Code>
Code refuse(Code code, RefusalFacts facts, std::string message) {
  setRecentError(std::move(message), std::move(facts));
  return code;
}

}  // namespace gradlab::rt
