// What two languages of one text must both state: its numbers and its placeholders ({0}, {cores},
// {adds GRID[r, c]}). The Chinese writes a count the English spells ("two cores") in digits (2 个核), so
// an English text's number words count as digits.
#pragma once

#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>

namespace gradlab::testing {

inline std::multiset<std::string> statedFacts(const std::string& text, bool english) {
  static const std::regex fact(R"(\{[^}]*\}|\d+(\.\d+)?)");
  static const std::regex words(R"(\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twice|both)\b)",
                                std::regex::icase);
  static const std::map<std::string, std::string> digits = {
      {"two", "2"}, {"three", "3"}, {"four", "4"}, {"five", "5"}, {"six", "6"},   {"seven", "7"}, {"eight", "8"},
      {"nine", "9"}, {"ten", "10"}, {"eleven", "11"}, {"twelve", "12"}, {"twice", "2"}, {"both", ""}};
  std::multiset<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), fact); it != std::sregex_iterator(); ++it) out.insert(it->str());
  if (english) {
    for (auto it = std::sregex_iterator(text.begin(), text.end(), words); it != std::sregex_iterator(); ++it) {
      std::string w = it->str();
      for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (!digits.at(w).empty()) out.insert(digits.at(w));
    }
  }
  return out;
}

}  // namespace gradlab::testing
