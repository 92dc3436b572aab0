// Lessons in two languages. A lesson's Chinese lives beside it in lessons/zh/ID.json, holding only its
// words; the steps, runs, questions and claims are the English file's, so the two cannot ask different
// questions:
//   { "id": "first-steps", "title": "…", "summary": "…",
//     "steps": [ { "title": "…", "caption": "…", "hint": "…" }, … ] }   one per preset, in order
// A caption keeps its placeholders ({cores}, {adds GRID[r, c]}, …) and states the same numbers.
#pragma once

#include <string>
#include <vector>

#include "i18n/language.h"
#include "viz/model/lesson.h"

namespace gradlab::viz {

// Parses a translation of `lesson`; false with a reason naming the field when it does not fit the lesson
// (another id, another number of steps, a caption or hint where the English has none, or none where it has one).
bool parseLessonText(const std::string& json, const Lesson& lesson, LessonText* out, std::string* error);
// Reads DIR/ID.json for each lesson that has one; a file that does not fit is skipped with its reason in `errors`.
void loadTranslations(std::vector<Lesson>& lessons, const std::string& dir, std::vector<std::string>* errors);
// Shows each lesson in `language`: its title, summary and steps' titles, captions and hints (English
// where a lesson has no translation).
void applyLanguage(std::vector<Lesson>& lessons, i18n::Language language);
// Every word the lessons say in Chinese.
std::string chineseText(const std::vector<Lesson>& lessons);
// The characters the fonts must hold to show the app in `language`: the language menu's 中文, and in Chinese
// every string of the translations and of the lessons.
std::string textToDraw(i18n::Language language, const std::vector<Lesson>& lessons);

}  // namespace gradlab::viz
