// Text read from a file, quoted in a one-line error message: control bytes (a newline in a name) written as
// \n or \xNN, and past `most` bytes cut with the length said. Readers of .npy files and traces use it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace gradlab::rt {

std::string printableLine(std::string_view text, size_t most = 200);

}  // namespace gradlab::rt
