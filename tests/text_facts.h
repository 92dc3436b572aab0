// What two languages of one text must both state: its numbers and its placeholders ({0}, {cores},
// {adds GRID[r, c]}; a caption's {once answered: ...} part is there in both, with the same facts). Every number the English writes in digits is in the Chinese in digits; every number
// the Chinese writes in digits is in the English, in digits or in words ("two cores" may become 2 个核, or
// 两个核: Chinese numerals are not compared); the placeholders are the same. Scanned by hand, not with
// std::regex: GCC 12 warns inside <regex> under the sanitizer stages' flags.
#pragma once

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace gradlab::testing {

inline bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
inline bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// `text` with every {placeholder} replaced by a space.
inline std::string withoutPlaceholders(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    if (close == std::string::npos) {
      out += text[i];
    } else {
      out += ' ';
      i = close;
    }
  }
  return out;
}

// The Latin words of `text` (a letter, then letters, digits or '_'), each with where it starts.
struct Word {
  std::string text;
  size_t at;
};
inline std::vector<Word> latinWords(const std::string& text) {
  std::vector<Word> out;
  for (size_t i = 0; i < text.size();) {
    if (!isLetter(text[i]) || (i > 0 && (isDigit(text[i - 1]) || text[i - 1] == '_'))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (isLetter(text[j]) || isDigit(text[j]) || text[j] == '_')) ++j;
    out.push_back({text.substr(i, j - i), i});
    i = j;
  }
  return out;
}

// The placeholders and the numbers written in digits; with `numberWords`, also two..twelve and twice.
inline std::multiset<std::string> statedFacts(const std::string& text, bool numberWords) {
  static const std::map<std::string, std::string> digits = {
      {"two", "2"},   {"three", "3"}, {"four", "4"},  {"five", "5"},    {"six", "6"},     {"seven", "7"},
      {"eight", "8"}, {"nine", "9"},  {"ten", "10"}, {"eleven", "11"}, {"twelve", "12"}, {"twice", "2"}};
  std::multiset<std::string> out;
  for (size_t i = 0; i < text.size();) {
    const size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    if (close != std::string::npos && text.compare(i, 16, "{once answered: ") == 0) {
      out.insert("{once answered}");  // a part shown later: its own facts are read like the rest
      i += 16;
    } else if (close != std::string::npos) {
      out.insert(text.substr(i, close - i + 1));
      i = close + 1;
    } else if (isDigit(text[i])) {
      size_t j = i;
      while (j < text.size() && isDigit(text[j])) ++j;
      if (j + 1 < text.size() && text[j] == '.' && isDigit(text[j + 1]))
        for (++j; j < text.size() && isDigit(text[j]); ++j) {
        }
      out.insert(text.substr(i, j - i));
      i = j;
    } else {
      ++i;
    }
  }
  if (numberWords) {
    for (const Word& w : latinWords(text)) {
      std::string lower = w.text;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (auto it = digits.find(lower); it != digits.end()) out.insert(it->second);
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
