// The language choice and the translation tables: locales, positional values, and entries that keep their
// placeholders and numbers, each English key translated once.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "i18n/translate.h"
#include "text_facts.h"

namespace gradlab::i18n {
namespace {

// Restores the process's language after a test.
struct LanguageGuard {
  Language saved = language();
  ~LanguageGuard() { setLanguage(saved); }
};

TEST(I18n, LanguagesFromFlagsEnvironmentAndLocales) {
  EXPECT_EQ(parseLanguage("zh"), Language::kChinese);
  EXPECT_EQ(parseLanguage("zh_CN.UTF-8"), Language::kChinese);
  EXPECT_EQ(parseLanguage("zh-Hans"), Language::kChinese);
  EXPECT_EQ(parseLanguage("中文"), Language::kChinese);
  EXPECT_EQ(parseLanguage("EN"), Language::kEnglish);
  EXPECT_EQ(parseLanguage("en_GB.UTF-8"), Language::kEnglish);
  EXPECT_EQ(parseLanguage("C.UTF-8"), Language::kEnglish);
  EXPECT_EQ(parseLanguage("POSIX"), Language::kEnglish);
  EXPECT_EQ(parseLanguage("fr_FR.UTF-8"), std::nullopt);
  EXPECT_EQ(parseLanguage("zhx"), std::nullopt);
  EXPECT_STREQ(languageCode(Language::kChinese), "zh");

  const char* saved[] = {std::getenv("GRADLAB_LANG"), std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG")};
  const std::string keep[] = {saved[0] ? saved[0] : "", saved[1] ? saved[1] : "", saved[2] ? saved[2] : "", saved[3] ? saved[3] : ""};
  const char* names[] = {"GRADLAB_LANG", "LC_ALL", "LC_MESSAGES", "LANG"};
  for (const char* n : names) unsetenv(n);
  EXPECT_EQ(languageFromEnvironment(), Language::kEnglish);
  setenv("LANG", "zh_CN.UTF-8", 1);
  EXPECT_EQ(languageFromEnvironment(), Language::kChinese);
  setenv("LC_ALL", "C", 1);  // the first one set decides
  EXPECT_EQ(languageFromEnvironment(), Language::kEnglish);
  setenv("GRADLAB_LANG", "zh", 1);  // gradlab's own wins
  EXPECT_EQ(languageFromEnvironment(), Language::kChinese);
  setenv("GRADLAB_LANG", "klingon", 1);  // not a language: the locale decides
  EXPECT_EQ(languageFromEnvironment(), Language::kEnglish);
  for (int i = 0; i < 4; ++i) {
    if (saved[i]) setenv(names[i], keep[i].c_str(), 1);
    else unsetenv(names[i]);
  }
}

TEST(I18n, PositionalValuesInEitherOrder) {
  EXPECT_EQ(substitute("{0} of {1}", {"3", "5"}), "3 of 5");
  EXPECT_EQ(substitute("{1} 中的 {0}", {"3", "5"}), "5 中的 3");
  EXPECT_EQ(substitute("{{0} {2} {x}", {"a"}), "{0} {2} {x}");  // a brace, a missing value, not a placeholder
  LanguageGuard guard;
  setLanguage(Language::kEnglish);
  EXPECT_EQ(trf("{0} of {1} right", 3, std::string("5")), "3 of 5 right");
}

TEST(I18n, EnglishIsTheKeyAndAMissingChineseEntryIsRemembered) {
  LanguageGuard guard;
  const char* english = "No such sentence in any translation table";
  setLanguage(Language::kEnglish);
  EXPECT_EQ(tr(english), english);
  setLanguage(Language::kChinese);
  clearUntranslated();
  EXPECT_STREQ(tr(english), english);  // English, never nothing
  EXPECT_STREQ(tr("中文 already"), "中文 already");  // translated by its caller: not a miss
  EXPECT_STREQ(tr("42 / 7"), "42 / 7");          // nothing to translate
  EXPECT_EQ(untranslated(), std::vector<std::string>{english});
  clearUntranslated();
  EXPECT_STRNE(tr("Compare"), "Compare");
}

TEST(I18n, EveryEntryKeepsItsPlaceholdersAndNumbersAndIsTranslatedOnce) {
  std::map<std::string, std::pair<std::string, std::string>> seen;  // English -> (Chinese, section)
  size_t entries = 0;
  for (const TranslationTable& section : chineseTranslations()) {
    for (size_t i = 0; i < section.count; ++i) {
      const Translation& e = section.entries[i];
      ++entries;
      ASSERT_NE(e.english, nullptr);
      ASSERT_NE(e.chinese, nullptr);
      const std::string en = e.english, zh = e.chinese;
      EXPECT_FALSE(zh.empty()) << section.name << ": \"" << en << "\"";
      EXPECT_EQ(gradlab::testing::factsDiffer(en, zh), "") << section.name << ": \"" << en << "\" -> \"" << zh << "\"";
      // Once: a string two areas show is translated in the first table that has it (the phase names stood in
      // the app's and the canvas's tables alike).
      auto [it, fresh] = seen.emplace(en, std::make_pair(zh, std::string(section.name)));
      EXPECT_TRUE(fresh) << "\"" << en << "\" is translated in " << it->second.second << " and again in " << section.name;
    }
  }
  EXPECT_GT(entries, 0u);
}

}  // namespace
}  // namespace gradlab::i18n
