// The language gradlab speaks to its user: English (the default) or Chinese. Chosen by --lang, then
// GRADLAB_LANG, then the locale (LC_ALL, LC_MESSAGES, LANG: "zh_CN.UTF-8" is Chinese); the app's
// language menu and a saved session may change it later.
#pragma once

#include <optional>
#include <string_view>

namespace gradlab::i18n {

enum class Language { kEnglish, kChinese };

// "en", "english", "zh", "zh_CN.UTF-8", "zh-Hans", "chinese", "中文" (any case); "C" and "POSIX" are
// English; nullopt for anything else.
std::optional<Language> parseLanguage(std::string_view text);
// GRADLAB_LANG when it names a language, else the first of LC_ALL, LC_MESSAGES, LANG that is set.
Language languageFromEnvironment();
// "en" or "zh": what --lang, GRADLAB_LANG and the session file take.
const char* languageCode(Language language);
// "English" or "中文": how the language menu names it, in its own language.
const char* languageName(Language language);

// The process's language (English until set); safe to read from any thread.
Language language();
void setLanguage(Language language);

}  // namespace gradlab::i18n
