// Whether a file can be handed to ImGui as a font: ImGui aborts the process on a file it cannot parse (and
// reads whatever it is given whole, a FIFO forever). A user's GRADLAB_CJK_FONT is checked here first.
#pragma once

#include <string>

namespace gradlab::viz {

// "" when `path` is a regular file of at most 64 MiB that parses as a TrueType or OpenType font (or
// collection); else why not, in a few words.
std::string fontFileProblem(const std::string& path);

}  // namespace gradlab::viz
