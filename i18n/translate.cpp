#include "i18n/translate.h"

#include "gradlab/prose.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <unordered_map>

namespace gradlab::i18n {
namespace {

const std::unordered_map<std::string_view, const char*>& chineseIndex() {
  static const std::unordered_map<std::string_view, const char*> index = [] {
    std::unordered_map<std::string_view, const char*> m;
    for (const TranslationTable& section : chineseTranslations())
      for (size_t i = 0; i < section.count; ++i) m.emplace(section.entries[i].english, section.entries[i].chinese);
    return m;
  }();
  return index;
}

struct Missing {
  std::mutex mutex;
  std::set<std::string> strings;
};
Missing& missing() {
  static Missing m;
  return m;
}

// Text already in Chinese (a caller translated it with its values): any code point from U+3000 on
// (CJK punctuation, ideographs, fullwidth forms) has a lead byte of 0xE3 or more.
bool holdsChinese(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xE3; });
}

bool hasLatinLetter(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

}  // namespace

const char* trIn(Language language, const char* english) {
  if (language == Language::kEnglish || english == nullptr || *english == '\0') return english;
  const auto& index = chineseIndex();
  if (auto it = index.find(english); it != index.end()) return it->second;
  if (hasLatinLetter(english) && !holdsChinese(english)) {
    Missing& m = missing();
    std::lock_guard<std::mutex> lock(m.mutex);
    m.strings.emplace(english);
  }
  return english;
}

const char* tr(const char* english) { return trIn(language(), english); }
std::string tr(const std::string& english) { return trIn(language(), english.c_str()); }

std::string substitute(std::string_view pattern, std::initializer_list<std::string_view> values) {
  return fillPattern(pattern, values);
}

void translateLibraryProse() {
  setProseTranslator([](const char* english) { return tr(english); });
}

std::vector<std::string> untranslated() {
  Missing& m = missing();
  std::lock_guard<std::mutex> lock(m.mutex);
  return {m.strings.begin(), m.strings.end()};
}

void clearUntranslated() {
  Missing& m = missing();
  std::lock_guard<std::mutex> lock(m.mutex);
  m.strings.clear();
}

}  // namespace gradlab::i18n
