// Text read from a file or a user, quoted in a one-line error message: control bytes (a newline in a name)
// written as \n, \t or \xNN, and past `most` bytes cut (at a character boundary) with the length said.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

std::string printableLine(std::string_view text, size_t most = 400);

}  // namespace gradlab
GRADLAB_API_END
