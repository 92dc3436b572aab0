// ASCII lower case, for names users type in any case (operators, dtypes, layouts, strategies, device
// profiles and their keys).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace gradlab::ops {

inline std::string lowerCase(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline bool sameIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace gradlab::ops
