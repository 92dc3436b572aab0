// The recent-error channel: every failing public call leaves one sentence for aclGetRecentErrMsg().
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gradlab/cat.h"
#include "gradlab/refusal_facts.h"

namespace gradlab::rt {

// Stores `message` as this thread's recent error and, unless GRADLAB_LOG=off, prints it to stderr. The
// second form records why as well (gradlab/refusal_facts.h); the first clears any facts recorded before.
void setRecentError(std::string message);
void setRecentError(std::string message, RefusalFacts facts);
const char* recentError();
void clearRecentError();

// The library's text is built with gradlab::cat (gradlab/cat.h).
using gradlab::cat;

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
