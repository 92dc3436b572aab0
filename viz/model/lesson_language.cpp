#include "viz/model/lesson_language.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "gradlab/printable.h"
#include "i18n/translate.h"
#include "viz/model/json_limits.h"
#include "viz/model/preset_json.h"
#include "viz/model/wrap.h"

namespace gradlab::viz {

using nlohmann::json;
using i18n::tr, i18n::trf;

namespace {

// The step's text `key`: required where the English has it, refused where it has none.
std::string stepField(const json& step, const char* key, const std::string& english, size_t index) {
  const bool has = step.contains(key);
  if (has && !step[key].is_string())
    throw PresetJsonError{trf("{0} must be a string", "steps[" + std::to_string(index) + "]." + key)};
  const std::string text = has ? step[key].get<std::string>() : std::string();
  if (english.empty() != text.empty())
    throw PresetJsonError{trf(english.empty() ? "{0}: the English has no {1}, this has one" : "{0}: the English has a {1}, this has none",
                              "steps[" + std::to_string(index) + "]", key)};
  return text;
}

}  // namespace

bool parseLessonText(const std::string& text, const Lesson& lesson, LessonText* out, std::string* error) {
  json j;
  std::string parseError;
  if (!parseBoundedJson(text, &j, &parseError)) {
    if (error) *error = parseError;
    return false;
  }
  try {
    if (!j.is_object()) throw PresetJsonError{tr("the top level must be an object")};
    const std::string id = jsonField<std::string>(j, "id", lesson.id);
    if (id != lesson.id) throw PresetJsonError{trf("{0} is \"{1}\", not the lesson's \"{2}\"", "\"id\"", id.substr(0, 80), lesson.id)};
    LessonText t;
    t.title = jsonField<std::string>(j, "title", "");
    t.summary = jsonField<std::string>(j, "summary", "");
    if (t.title.empty()) throw PresetJsonError{trf("{0} is missing", "\"title\"")};
    if (!j.contains("steps") || !j["steps"].is_array()) throw PresetJsonError{trf("{0} must be an array", "\"steps\"")};
    const json& steps = j["steps"];
    if (steps.size() != lesson.presets.size())
      throw PresetJsonError{trf("{0} has {1} entries, the lesson {2} steps", "\"steps\"", steps.size(), lesson.presets.size())};
    for (size_t i = 0; i < steps.size(); ++i) {
      const json& s = steps[i];
      if (!s.is_object()) throw PresetJsonError{trf("{0} must be an object", "steps[" + std::to_string(i) + "]")};
      const StepText& english = lesson.english.steps[i];
      StepText step;
      step.title = stepField(s, "title", english.title, i);
      step.caption = stepField(s, "caption", english.caption, i);
      step.hint = stepField(s, "hint", english.hint, i);
      t.steps.push_back(std::move(step));
    }
    *out = std::move(t);
    return true;
  } catch (const PresetJsonError& e) {
    if (error) *error = printableLine(e.message);
    return false;
  }
}

void loadTranslations(std::vector<Lesson>& lessons, const std::string& dir, std::vector<std::string>* errors) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return;
  for (Lesson& lesson : lessons) {
    const std::string path = dir + "/" + lesson.id + ".json";
    if (!std::filesystem::exists(path, ec)) continue;
    std::string text, error;
    LessonText t;
    if (readJsonFile(path, &text, &error) && parseLessonText(text, lesson, &t, &error)) {
      lesson.chinese = std::move(t);
    } else if (errors) {
      errors->push_back(path + ": " + error);
    }
  }
}

void applyLanguage(std::vector<Lesson>& lessons, i18n::Language language) {
  for (Lesson& lesson : lessons) {
    const LessonText& t =
        language == i18n::Language::kChinese && lesson.chinese ? *lesson.chinese : lesson.english;
    lesson.title = t.title;
    lesson.summary = t.summary;
    for (size_t i = 0; i < lesson.presets.size() && i < t.steps.size(); ++i) {
      Preset& p = lesson.presets[i];
      p.title = t.steps[i].title;
      p.caption = t.steps[i].caption;
      if (p.exercise) p.exercise->hint = t.steps[i].hint;
    }
  }
}

std::string chineseText(const std::vector<Lesson>& lessons) {
  std::string all;
  for (const Lesson& lesson : lessons) {
    if (!lesson.chinese) continue;
    all += lesson.chinese->title + lesson.chinese->summary;
    for (const StepText& s : lesson.chinese->steps) all += s.title + s.caption + s.hint;
  }
  return all;
}

}  // namespace gradlab::viz

namespace gradlab::viz {

std::string textToDraw(i18n::Language language, const std::vector<Lesson>& lessons) {
  std::string text = i18n::languageName(i18n::Language::kChinese);
  if (language != i18n::Language::kChinese) return text;
  for (const i18n::TranslationTable& section : i18n::chineseTranslations())
    for (size_t i = 0; i < section.count; ++i) text += section.entries[i].chinese;
  return text + chineseText(lessons);
}

}  // namespace gradlab::viz
