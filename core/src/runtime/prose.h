// Building the library's prose (gradlab/prose.h): prose("{0} tiles on {1} cores", n, used) is the
// pattern in the reader's language with the values written as rt::cat writes them.
#pragma once

#include <string>

#include "gradlab/prose.h"
#include "runtime/error.h"
#include "gradlab/no_copy.h"

namespace gradlab::rt {

// The translator's pattern for `english` (itself without one).
const char* prosePattern(const char* english);
// fillPattern over an array of values.
std::string fillPatternOf(std::string_view pattern, const std::string* values, size_t count);

template <typename... Values>
std::string prose(const char* pattern, const Values&... values) {
  if constexpr (sizeof...(Values) == 0) {
    return fillPatternOf(prosePattern(pattern), nullptr, 0);
  } else {
    const std::string texts[] = {cat(values)...};
    return fillPatternOf(prosePattern(pattern), texts, sizeof...(Values));
  }
}

// Plans carry their prose (the strategy line, the core choice, each tile's UB use, CANN's pick and why,
// strategy notes) only when they are planned inside a DescribeScope on this thread: a plain
// GetWorkspaceSize writes none of it. The executor keeps a describe step that plans again inside one
// when someone asks for the plan (executorPlan) or traces the launch.
bool describing();

class DescribeScope : NoCopy {
 public:
  DescribeScope();
  ~DescribeScope();

 private:
  bool was_;
};

// prose() for a plan's own text: "" (and no values written) outside a DescribeScope.
template <typename... Values>
std::string planProse(const char* pattern, const Values&... values) {
  return describing() ? prose(pattern, values...) : std::string();
}

}  // namespace gradlab::rt
