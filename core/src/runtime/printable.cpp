#include "gradlab/printable.h"

#include <algorithm>

namespace gradlab {

std::string printableLine(std::string_view text, size_t most) {
  static const char kHex[] = "0123456789abcdef";
  size_t end = std::min(text.size(), most);
  // Never split a UTF-8 character: back off over its continuation bytes.
  while (end > 0 && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  std::string out;
  for (size_t i = 0; i < end; ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u == '\n') out += "\\n";
    else if (u == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7F) out += std::string("\\x") + kHex[u >> 4] + kHex[u & 15];
    else out += static_cast<char>(u);
  }
  if (end < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace gradlab
