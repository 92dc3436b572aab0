// The app in Chinese: every lesson has its Chinese, which states the same facts and asks the same
// questions; every step of every lesson, rendered in Chinese on its tabs, normal and presenter, shows no
// string that slipped past the translations, no English word outside the names kept in English, and no
// character the fonts lack (ImGui would draw '?').
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>

#include <cfloat>
#include <map>
#include <set>

#include "gradlab/prose.h"
#include "gradlab/runner.h"
#include "i18n/translate.h"
#include "text_facts.h"
#include "viz/model/core_palette.h"
#include "viz/model/lesson_language.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

const std::string kLessons = std::string(GRADLAB_ASSETS_DIR) + "/lessons";

// Words that stay Latin in Chinese text (docs/glossary.md): tensor, operator, dtype, API and unit names,
// formula symbols, hardware names. Compared whole and case-sensitive; one-letter words always pass.
const std::set<std::string>& keptInEnglish() {
  static const std::set<std::string> words = {
      // tensors, operators, APIs
      "self", "out", "gradOutput", "gradInput", "indices", "grad", "aclnn", "acl", "aclrt", "CANN", "gradlab",
      "UpsampleNearestExact", "UpsampleNearestExact1d", "UpsampleNearestExact2d", "UpsampleNearestExact1dBackward",
      "UpsampleNearestExact2dBackward", "AdaptiveMaxPool2d", "AdaptiveMaxPool2dBackward", "AdaptiveMaxPool3d",
      "AdaptiveMaxPool3dBackward", "UpsampleNearest2d",
      "UpsampleNearest1d", "UpsampleNearest2dBackward", "UpsampleNearest1dBackward", "GetWorkspaceSize",
      // dtypes, layouts, numbers
      "float", "float16", "float32", "bfloat16", "int32", "int64", "fp16", "fp32", "bf16", "int", "dtype",
      "NCHW", "NHWC", "NCL", "ND", "NaN", "nan", "inf", "Inf", "ulp", "ULP", "e",
      // formulas
      "src", "dst", "min", "max", "floor", "ceil", "round", "in", "out", "scale", "scales", "outputSize",
      "scaleH", "scaleW", "inH", "inW", "outH", "outW", "inL", "outL", "ratio",
      // hardware, strategies, units
      "AI", "Core", "Cube", "Vector", "UB", "NPU", "GPU", "CPU", "DMA", "MTE", "AIV", "AIC", "SIMD", "SIMT", "GM", "L2",
      "tiling", "atlas", "classroom", "ascend950", "arch35", "KiB", "MiB", "GiB", "GB", "B", "us", "ms", "µs",
      "PyTorch", "torch", "GIF", "PNG", "JSON", "ImGui", "OK", "Atlas", "HBM", "OpenCV", "MTE", "FixPipe", "L0A", "L0B",
      "L0C", "L1",
      // API and option names quoted as written: mode='nearest-exact', accumulate=dtype, seed:1, channels-last,
      // the pipeline's ping and pong buffers, argmax and idx in formulas
      "mode", "nearest", "exact", "accumulate", "seed", "channels", "last", "ping", "pong", "argmax", "idx",
      // Ascend C's stage and instruction names on the timelines, dimension symbols, the chip
      "CopyIn", "Compute", "CopyOut", "LoadL0", "Mmad", "FixPipe", "Do", "Ho", "Wo", "Di", "Hi", "Wi", "Ascend",
      // strategy names: identifiers of presets, GRADLAB_STRATEGY and --strategy
      "scatter", "gather", "cube", "owner", "owners", "lanes", "separable", "cann", "simt",
  };
  return words;
}

// The Latin words of `text` that are not kept in English.
std::vector<std::string> englishWords(const std::string& text) {
  const std::string bare = gradlab::testing::withoutPlaceholders(text);
  std::vector<std::string> out;
  for (const gradlab::testing::Word& word : gradlab::testing::latinWords(bare)) {
    std::string w = word.text;
    // Code names: camelCase (gradInput, aclrtMalloc), snake_case and CONSTANTS (ACL_OPT_DETERMINISTIC).
    const bool code = w.find('_') != std::string::npos ||
                      std::any_of(w.begin() + 1, w.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
    const bool flag = word.at > 0 && bare[word.at - 1] == '-';  // gradlab-cli, --check, channels-last: command-line names
    if (code || flag) continue;
    while (w.size() > 1 && std::isdigit(static_cast<unsigned char>(w.back()))) w.pop_back();  // T12, AIV0, float16
    if (w.size() <= 1 || keptInEnglish().count(w) || keptInEnglish().count(word.text)) continue;
    out.push_back(word.text);
  }
  return out;
}

TEST(ChineseLessons, EveryLessonHasItsChineseStatingTheSameFacts) {
  std::vector<std::string> errors;
  const std::vector<Lesson> lessons = loadLessons(kLessons, &errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  ASSERT_FALSE(lessons.empty());
  for (const Lesson& l : lessons) {
    SCOPED_TRACE(l.id);
    ASSERT_TRUE(l.chinese.has_value()) << "no lessons/zh/" << l.id << ".json";
    const LessonText& zh = *l.chinese;
    EXPECT_TRUE(englishWords(zh.title + " " + zh.summary).empty()) << zh.title << " / " << zh.summary;
    EXPECT_EQ(gradlab::testing::factsDiffer(l.english.summary, zh.summary), "") << zh.summary;
    for (size_t i = 0; i < zh.steps.size(); ++i) {
      const StepText& c = zh.steps[i];
      const StepText& e = l.english.steps[i];
      for (const auto& [mine, theirs] : {std::pair{c.title, e.title}, {c.caption, e.caption}, {c.hint, e.hint}}) {
        EXPECT_EQ(gradlab::testing::factsDiffer(theirs, mine), "")
            << "step " << i + 1 << ": \"" << mine << "\" against \"" << theirs << "\"";
        const std::vector<std::string> left = englishWords(mine);
        EXPECT_TRUE(left.empty()) << "step " << i + 1 << " keeps English \"" << left.front() << "\": " << mine;
      }
    }
  }
}

TEST(ChineseLessons, ATranslationThatDoesNotFitItsLessonIsRefused) {
  Lesson lesson;
  std::string error;
  ASSERT_TRUE(parseLesson(R"({"id": "x", "presets": [{"title": "a", "caption": "c", "request": {"op": "UpsampleNearestExact2d"}},
                                                    {"title": "b", "request": {"op": "UpsampleNearestExact2d"}}]})",
                          "x", &lesson, &error))
      << error;
  LessonText t;
  EXPECT_FALSE(parseLessonText(R"({"id": "x", "title": "甲", "steps": [{"title": "一", "caption": "说明"}]})", lesson, &t, &error));
  EXPECT_NE(error.find("1 entries, the lesson 2 steps"), std::string::npos) << error;
  EXPECT_FALSE(parseLessonText(R"({"id": "x", "title": "甲", "steps": [{"title": "一"}, {"title": "二"}]})", lesson, &t, &error));
  EXPECT_NE(error.find("steps[0]: the English has a caption, this has none"), std::string::npos) << error;
  EXPECT_FALSE(parseLessonText(R"({"id": "y", "title": "甲", "steps": []})", lesson, &t, &error));
  EXPECT_NE(error.find("not the lesson's \"x\""), std::string::npos) << error;
  ASSERT_TRUE(parseLessonText(R"({"id": "x", "title": "甲", "steps": [{"title": "一", "caption": "说明"}, {"title": "二"}]})",
                              lesson, &t, &error))
      << error;
  std::vector<Lesson> both = {lesson};
  both[0].chinese = t;
  applyLanguage(both, i18n::Language::kChinese);
  EXPECT_EQ(both[0].title, "甲");
  EXPECT_EQ(both[0].presets[0].caption, "说明");
  applyLanguage(both, i18n::Language::kEnglish);
  EXPECT_EQ(both[0].presets[0].caption, "c");
}

class VizChinese : public ::testing::Test {
 protected:
  void SetUp() override {
    i18n::setLanguage(i18n::Language::kChinese);
    i18n::translateLibraryProse();
    s_.host.runner = [](const RunRequest& r) { return run(r); };
    s_.course.lessons = loadLessons(kLessons, &s_.course.loadErrors);
    std::string error;
    ASSERT_TRUE(createBackendlessContext(ImVec2(1280, 720), std::string(GRADLAB_ASSETS_DIR) + "/fonts",
                                         textToDraw(i18n::Language::kChinese, s_.course.lessons), &error))
        << error;
    applyTheme(false);
  }
  void TearDown() override {
    // Presenter mode switches the palette to the colour-blind one (syncTheme): leave the globals as found.
    applyTheme(false);
    setPaletteScheme(PaletteScheme::kClassic);
    ImGui::DestroyContext();
    i18n::setLanguage(i18n::Language::kEnglish);
    setProseTranslator(nullptr);
  }
  std::string frame(bool capture) {
    std::string text;
    s_.player.update(ImGui::GetIO().DeltaTime);
    ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    ImGui::NewFrame();
    if (capture) startTextCapture(&text);
    drawMainUi(s_);
    if (capture) stopTextCapture();
    ImGui::Render();
    return text;
  }
  AppState s_;
};

// Switching language rebuilds the fonts (the app: rebuildFonts); in presenter mode the default font must be
// the new atlas's large one, not the cleared atlas's (a dangling pointer drew small text, or crashed).
TEST_F(VizChinese, ReloadingTheFontsKeepsPresenterModesLargeFont) {
  s_.view.presenter = true;
  frame(false);
  ASSERT_EQ(ImGui::GetIO().FontDefault, fonts().uiLarge);
  std::string error;
  ASSERT_TRUE(loadFonts(ImGui::GetIO().Fonts, std::string(GRADLAB_ASSETS_DIR) + "/fonts", &error,
                        textToDraw(i18n::Language::kEnglish, s_.course.lessons)))
      << error;
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  EXPECT_EQ(ImGui::GetIO().FontDefault, fonts().uiLarge);
  frame(false);
  EXPECT_FLOAT_EQ(ImGui::GetFont()->FontSize, 24.0f);
  s_.view.presenter = false;
  frame(false);
  loadFonts(ImGui::GetIO().Fonts, std::string(GRADLAB_ASSETS_DIR) + "/fonts", &error, {});
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  EXPECT_EQ(ImGui::GetIO().FontDefault, fonts().ui);
}

// The controls gloss what stays Latin: in and out, and the teaching chip's profile name.
TEST_F(VizChinese, TheControlsSayWhatTheirLatinNamesMean) {
  ASSERT_TRUE(selectLesson(s_, "first-steps"));
  frame(false);
  const std::string text = frame(true);
  EXPECT_NE(text.find("in（输入侧）="), std::string::npos) << text.substr(0, 1500);
  EXPECT_NE(text.find("classroom（教学芯片）"), std::string::npos);
}

TEST_F(VizChinese, EveryLessonStepOnEveryTabIsChineseWithEveryGlyph) {
  ASSERT_FALSE(s_.course.lessons.empty());
  i18n::clearUntranslated();
  const Tab tabs[] = {Tab::kScatter, Tab::kTiling, Tab::kPipeline, Tab::kCompare, Tab::kVerify, Tab::kMatrix, Tab::kCode};
  std::map<std::string, std::string> english;  // word -> where it was first seen
  std::map<std::string, std::string> noGlyph;  // character -> where
  int frames = 0;
  for (size_t l = 0; l < s_.course.lessons.size(); ++l) {
    for (size_t p = 0; p < s_.course.lessons[l].presets.size(); ++p) {
      for (bool presenter : {false, true}) {
        s_.view.presenter = presenter;
        syncTheme(s_);
        applyPreset(s_, static_cast<int>(l), static_cast<int>(p));
        const Tab own = s_.view.tab;
        for (Tab tab : tabs) {
          if (p > 0 && tab != own) continue;  // every tab on a lesson's first step, each step on its own tab
          s_.view.tab = tab;
          s_.view.selectTab = true;
          frame(false);
          const std::string text = frame(true);
          ++frames;
          const std::string where =
              cat(s_.course.lessons[l].id, " step ", p + 1, " ", tabName(tab), presenter ? " presenter" : "");
          size_t from = 0;
          bool inCode = false;  // the kernel listing's lines: code stays code
          while (from < text.size()) {
            size_t to = text.find('\n', from);
            if (to == std::string::npos) to = text.size();
            const std::string line = text.substr(from, to - from);
            from = to + 1;
            if (line == "[code]") inCode = true;
            if (line == "[end of code]") inCode = false;
            if (inCode || (line.rfind("[", 0) == 0 && line.back() == ']')) continue;  // code, or a test's mark
            for (const std::string& w : englishWords(line)) english.emplace(w, where + ": " + line.substr(0, 120));
            for (size_t i = 0; i < line.size();) {
              const unsigned char b = static_cast<unsigned char>(line[i]);
              const size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
              unsigned cp = len == 1 ? b : b & (0xFFu >> (len + 1));
              for (size_t k = 1; k < len && i + k < line.size(); ++k) cp = (cp << 6) | (line[i + k] & 0x3Fu);
              if (cp >= 0x20 && cp <= 0xFFFF && uiFont()->FindGlyphNoFallback(static_cast<ImWchar>(cp)) == nullptr)
                noGlyph.emplace(line.substr(i, len), where);
              i += len;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(frames, 100);
  // Read from the back of a classroom: presenter mode's Chinese is at least 18 px (its UI font is 24 px).
  s_.view.presenter = true;
  syncTheme(s_);
  EXPECT_GE(uiFont()->FontSize, 18.0f);
  EXPECT_NE(uiFont()->FindGlyphNoFallback(0x4E2D), nullptr);  // 中
  EXPECT_GE(headingFont()->FontSize, 18.0f);
  EXPECT_NE(headingFont()->FindGlyphNoFallback(0x4E2D), nullptr);
  std::string misses;
  for (const std::string& m : i18n::untranslated()) misses += "\n  \"" + m + "\"";
  EXPECT_TRUE(i18n::untranslated().empty()) << i18n::untranslated().size() << " strings passed tr() with no entry:" << misses;
  std::string words;
  for (const auto& [w, where] : english) words += "\n  " + w + "   (" + where + ")";
  EXPECT_TRUE(english.empty()) << english.size() << " English words on screen:" << words;
  std::string glyphs;
  for (const auto& [g, where] : noGlyph) glyphs += "\n  " + g + "   (" + where + ")";
  EXPECT_TRUE(noGlyph.empty()) << noGlyph.size() << " characters without a glyph:" << glyphs;
}

}  // namespace
}  // namespace gradlab::viz
#endif
