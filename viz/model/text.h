// Display text is built with the library's cat and formatNumber (gradlab/cat.h): one way to write a number
// in the app, the CLI and the library's messages.
#pragma once

#include "gradlab/cat.h"

namespace gradlab::viz {

using gradlab::cat;
using gradlab::formatNumber;

}  // namespace gradlab::viz
