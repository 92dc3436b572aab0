// Display text is built with the library's cat and formatNumber (gradlab/cat.h): one way to write a number
// in the app, the CLI and the library's messages.
#pragma once

#include <cstdio>
#include <string>

#include "gradlab/cat.h"

namespace gradlab::viz {

using gradlab::cat;
using gradlab::formatNumber;

// One number through a printf format ("%.3g"): the same digits in either language.
inline std::string printed(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

}  // namespace gradlab::viz
