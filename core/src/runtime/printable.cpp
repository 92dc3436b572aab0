#include "runtime/printable.h"

namespace gradlab::rt {

std::string printableLine(std::string_view text, size_t most) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < text.size() && i < most; ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u == '\n') out += "\\n";
    else if (u < 0x20 || u == 0x7F) out += std::string("\\x") + kHex[u >> 4] + kHex[u & 15];
    else out += static_cast<char>(u);
  }
  if (text.size() > most) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace gradlab::rt
