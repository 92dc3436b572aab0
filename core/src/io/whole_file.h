// Reading and writing a whole file at once, with a one-line reason on failure (npy, traces).
#pragma once

#include <string>

namespace gradlab::io {

// On failure `error` (if given) says "cannot open 'path'" / "cannot write 'path'".
bool readWholeFile(const std::string& path, std::string* bytes, std::string* error);
bool writeWholeFile(const std::string& path, const std::string& bytes, std::string* error);

}  // namespace gradlab::io
