#include "i18n/language.h"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <string>

namespace gradlab::i18n {
namespace {

std::atomic<Language> g_language{Language::kEnglish};

std::string lowered(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::optional<Language> parseLanguage(std::string_view text) {
  const std::string t = lowered(text);
  if (t == "中文" || t == "chinese" || t == "zh" || t.rfind("zh_", 0) == 0 || t.rfind("zh-", 0) == 0 ||
      t.rfind("zh.", 0) == 0)
    return Language::kChinese;
  if (t == "english" || t == "en" || t.rfind("en_", 0) == 0 || t.rfind("en-", 0) == 0 || t.rfind("en.", 0) == 0 ||
      t == "c" || t.rfind("c.", 0) == 0 || t == "posix")
    return Language::kEnglish;
  return std::nullopt;
}

Language languageFromEnvironment() {
  if (const char* chosen = std::getenv("GRADLAB_LANG"))
    if (auto l = parseLanguage(chosen)) return *l;
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    return parseLanguage(value).value_or(Language::kEnglish);  // the first one set decides, as for gettext
  }
  return Language::kEnglish;
}

const char* languageCode(Language language) { return language == Language::kChinese ? "zh" : "en"; }
const char* languageName(Language language) { return language == Language::kChinese ? "中文" : "English"; }

Language language() { return g_language.load(std::memory_order_relaxed); }
void setLanguage(Language language) { g_language.store(language, std::memory_order_relaxed); }

}  // namespace gradlab::i18n
