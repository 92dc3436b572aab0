// The translations. Every user-visible string is written in English in the code and goes through
// tr() (or trf() when it holds values); in Chinese the translations gives its translation. English text is the
// key, as with gettext, so the code reads as it did and a missing entry shows English, never nothing.
//   ImGui::TextUnformatted(tr("Hover a cell"));
//   trf("Score: {0} of {1} right first time", right, asked)   // {N}: the N-th value, in either language
// A Chinese lookup that finds no entry is remembered (untranslated()), so the tests can render every
// panel and lesson in Chinese and fail on the strings that slipped past the translations.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "i18n/language.h"

namespace gradlab::i18n {

// The translation of `english` in the current language: `english` itself in English, or where the
// translations have none (then remembered, when it holds a Latin letter). The pointer lives as long as the
// translations (static) or as `english`.
const char* tr(const char* english);
std::string tr(const std::string& english);
// The same for a given language (the tests compare both).
const char* trIn(Language language, const char* english);

// {0}, {1}, ... of `pattern` replaced by the values; "{{" is a brace.
std::string substitute(std::string_view pattern, std::initializer_list<std::string_view> values);

namespace detail {
inline std::string_view text(std::string_view s) { return s; }
inline std::string_view text(const std::string& s) { return s; }
inline std::string_view text(const char* s) { return s; }
template <typename T>
  requires std::is_integral_v<T>
std::string text(T v) {
  return std::to_string(v);
}
}  // namespace detail

// tr(pattern) with its values filled in. Integers are written in decimal; format other numbers first
// (the app's formatNumber), so both languages show the same digits.
template <typename... Values>
std::string trf(const char* pattern, const Values&... values) {
  return substitute(tr(pattern), {std::string_view(detail::text(values))...});
}

// Hands the translations to the core as its prose translator (gradlab/prose.h): plans, profiles and kernel
// notes are then written in the language of the moment they are made.
void translateLibraryProse();

// Chinese lookups that found no entry since the last clear (sorted, each once).
std::vector<std::string> untranslated();
void clearUntranslated();

// One entry of the translations; a table holds one area's (zh_*.cpp).
struct Translation {
  const char* english;
  const char* chinese;
};
struct TranslationTable {
  const char* name;
  const Translation* entries;
  size_t count;
};
// Every table of the Chinese translations.
const std::vector<TranslationTable>& chineseTranslations();

}  // namespace gradlab::i18n
