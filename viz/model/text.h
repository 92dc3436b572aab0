// Display text is built with the library's cat and formatNumber (gradlab/cat.h), and a number in a chosen
// form ("{:.3g}") with {fmt}: the same digits in either language.
#pragma once

#include <string>

#include "gradlab/cat.h"

namespace gradlab::viz {

using gradlab::cat;
using gradlab::formatNumber;

}  // namespace gradlab::viz
