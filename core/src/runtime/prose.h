// Building the library's prose (gradlab/prose.h): prose("{0} tiles on {1} cores", n, used) is the
// pattern in the reader's language with the values written as rt::cat writes them.
#pragma once

#include <string>

#include "gradlab/prose.h"
#include "runtime/error.h"

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

}  // namespace gradlab::rt
