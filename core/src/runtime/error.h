// The recent-error channel: every failing public call leaves one sentence for aclGetRecentErrMsg().
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace gradlab::rt {

// Stores `message` as this thread's recent error and, unless GRADLAB_LOG=off, prints it to stderr.
void setRecentError(std::string message);
const char* recentError();
void clearRecentError();

// Concatenates anything streamable: cat("dims ", 3, " > ", 8).
template <typename... Args>
std::string cat(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

// "[1, 2, 3]"
std::string formatDims(const int64_t* dims, uint64_t count);
inline std::string formatDims(const std::vector<int64_t>& dims) { return formatDims(dims.data(), dims.size()); }
std::string formatPointer(const void* p);

// Sets the recent error and returns `code`, so a guard reads: return fail(CODE, cat(...)).
template <typename Code>
Code fail(Code code, std::string message) {
  setRecentError(std::move(message));
  return code;
}

}  // namespace gradlab::rt
