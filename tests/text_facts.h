// What two languages of one text must both state: its numbers and its placeholders ({0}, {cores},
// {adds GRID[r, c]}). Every number the English writes in digits is in the Chinese in digits; every number
// the Chinese writes in digits is in the English, in digits or in words ("two cores" may become 2 个核, or
// 两个核: Chinese numerals are not compared); the placeholders are the same.
#pragma once

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace gradlab::testing {

// The placeholders and the numbers written in digits; with `numberWords`, also two..twelve and twice.
inline std::multiset<std::string> statedFacts(const std::string& text, bool numberWords) {
  static const std::regex fact(R"(\{[^}]*\}|\d+(\.\d+)?)");
  static const std::map<std::string, std::string> digits = {
      {"two", "2"}, {"three", "3"}, {"four", "4"},    {"five", "5"},    {"six", "6"},     {"seven", "7"},
      {"eight", "8"}, {"nine", "9"}, {"ten", "10"}, {"eleven", "11"}, {"twelve", "12"}, {"twice", "2"}};
  std::multiset<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), fact); it != std::sregex_iterator(); ++it) out.insert(it->str());
  if (numberWords) {  // whole words, any case (no std::regex word boundary: GCC 12 warns inside it at -O1)
    std::string word;
    for (size_t i = 0; i <= text.size(); ++i) {
      const char c = i < text.size() ? text[i] : ' ';
      if (std::isalpha(static_cast<unsigned char>(c))) {
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        continue;
      }
      if (auto it = digits.find(word); it != digits.end()) out.insert(it->second);
      word.clear();
    }
  }
  return out;
}

inline std::string listed(const std::multiset<std::string>& items) {
  std::string s;
  for (const std::string& i : items) s += (s.empty() ? "" : " ") + i;
  return s;
}

// "" when the Chinese states the English's facts; else what differs.
inline std::string factsDiffer(const std::string& english, const std::string& chinese) {
  const std::multiset<std::string> en = statedFacts(english, false), enWords = statedFacts(english, true),
                                   zh = statedFacts(chinese, false);
  std::multiset<std::string> missing, extra;
  std::set_difference(en.begin(), en.end(), zh.begin(), zh.end(), std::inserter(missing, missing.end()));
  std::set_difference(zh.begin(), zh.end(), enWords.begin(), enWords.end(), std::inserter(extra, extra.end()));
  if (missing.empty() && extra.empty()) return "";
  return "the Chinese lacks {" + listed(missing) + "} and adds {" + listed(extra) + "}";
}

}  // namespace gradlab::testing
