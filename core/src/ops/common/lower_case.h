// ASCII lower case, for names users type in any case (strategies, device profiles and their keys).
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace gradlab::ops {

inline std::string lowerCase(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace gradlab::ops
