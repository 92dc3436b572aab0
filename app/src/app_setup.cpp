#include "app_setup.h"

#include <cstdio>
#include <filesystem>
#include <optional>

#include <imgui.h>

#include "gradlab/runner.h"
#include "gradlab/verify.h"
#include "i18n/translate.h"
#include "viz/model/lesson_language.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/class_student.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::app {

namespace {

std::string g_fontDir;
std::optional<i18n::Language> g_fontsFor;  // the language whose glyphs the atlas holds
float g_fontDensity = 1.0f, g_fontsAtDensity = 1.0f;  // asked for; the atlas's
std::string g_fontsForName;  // the class page's student name whose glyphs the atlas holds

// What a student typed as their name is drawn on their page ("In the class as 李华"): its CJK glyphs are baked
// with the language's (they showed as "??").
std::string studentName(const viz::AppState& s) { return s.course.student ? s.course.student->name : std::string(); }

}  // namespace

void setUpImGui(const std::string& assetsDir, bool presenter, int width, int height) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  g_fontDir = assetsDir + "/fonts";
  g_fontsFor.reset();
  viz::applyTheme(presenter);
}

void setFontDensity(float density) { g_fontDensity = density; }

bool fontsOutOfDate(const viz::AppState& s) {
  return g_fontsFor != i18n::language() || g_fontsAtDensity != g_fontDensity || g_fontsForName != studentName(s);
}

void rebuildFonts(const viz::AppState& s) {
  const i18n::Language language = i18n::language();
  const std::string text = viz::textToDraw(language, s.course.lessons) + studentName(s);
  std::string error;
  if (!viz::loadFonts(ImGui::GetIO().Fonts, g_fontDir, &error, text, g_fontDensity))
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
  g_fontsFor = language;
  g_fontsAtDensity = g_fontDensity;
  g_fontsForName = studentName(s);
}

namespace {

// The lesson step, session or --op run the options name.
bool openFromOptions(viz::AppState& s, const std::string& assetsDir, const Options& o, std::string* error) {
  s.host.runner = [](const RunRequest& r) { return gradlab::run(r); };
  s.host.caseList = [] { return verify::allCases(); };
  s.host.verifyPrepare = [] { verify::prepareSharedRuntime(); };
  s.view.presenter = o.presenter;
  s.view.canvasOnly = o.canvasOnly;
  s.course.lessons = viz::loadLessons(assetsDir + "/lessons", &s.course.loadErrors);
  std::error_code ec;
  if (std::filesystem::is_directory(assetsDir + "/presets", ec))
    for (viz::Lesson& l : viz::loadLessons(assetsDir + "/presets", &s.course.loadErrors))
      for (viz::Preset& p : l.presets) s.course.library.push_back(std::move(p));
  for (const std::string& e : s.course.loadErrors) std::fprintf(stderr, "gradlab: %s\n", e.c_str());

  if (!o.session.empty()) {  // a saved session: its lesson step (when it names one), call, view and moment
    viz::Session session;
    std::string note;
    if (!viz::loadSessionFile(o.session, &session, error) || !viz::applySession(s, session, error, &note)) {
      if (error->rfind(o.session, 0) != 0) *error = o.session + ": " + *error;
      return false;
    }
    if (!note.empty()) {
      std::fprintf(stderr, "gradlab: %s: %s\n", o.session.c_str(), note.c_str());
      viz::setStatus(s, note, true);
    }
    if (o.presenter) s.view.presenter = true;
    return true;
  }
  if (o.request) {  // a run from the command line: free exploration, no lesson
    viz::RequestSpec spec;
    spec.request = *o.request;
    if (o.request->profile) {
      const DeviceProfile& p = *o.request->profile;
      spec.device = builtinProfileName(p);  // the overrides come next
      spec.cores = p.vectorCores;
      spec.ubBytes = p.ubBytes;
      spec.request.profile.reset();
    }
    spec.request.trace = false;
    viz::openRun(s, spec);
    s.player.playing = o.play && s.run.ok() && !s.run.animation.empty();
    return true;
  }
  int index = -1;
  for (size_t i = 0; i < s.course.lessons.size(); ++i)
    if (s.course.lessons[i].id == o.lesson) index = static_cast<int>(i);
  if (index < 0) {
    std::string names;
    for (const viz::Lesson& l : s.course.lessons) names += viz::cat(names.empty() ? "" : ", ", l.id);
    *error = names.empty() ? i18n::trf("no lesson \"{0}\" in {1} (available: none)", o.lesson, assetsDir + "/lessons")
                           : i18n::trf("no lesson \"{0}\" in {1} (available: {2})", o.lesson, assetsDir + "/lessons", names);
    return false;
  }
  const int presets = static_cast<int>(s.course.lessons[static_cast<size_t>(index)].presets.size());
  if (o.preset > presets) {
    *error = i18n::trf("lesson \"{0}\" has {1} presets, not {2}", o.lesson, presets, o.preset);
    return false;
  }
  viz::applyPreset(s, index, o.preset - 1);
  return true;
}

}  // namespace

bool setUpState(viz::AppState& s, const std::string& assetsDir, const Options& o, std::string* error) {
  if (!openFromOptions(s, assetsDir, o, error)) return false;
  if (o.language) viz::setLanguage(s, *o.language);  // over a session's own
  if (o.classMode) viz::setClassMode(s, true);
  if (o.tab) {
    s.view.tab = *o.tab;
    s.view.selectTab = true;
  }
  return true;
}

void buildFrame(viz::AppState& s, float dt) {
  viz::syncTheme(s);
  s.player.update(dt);
  viz::uimap::beginFrame();
  ImGui::NewFrame();
  viz::drawMainUi(s);
  viz::uimap::fact("fonts.density", viz::cat(g_fontsAtDensity));  // the glyphs' pixels per layout pixel
  ImGui::Render();
}

}  // namespace gradlab::app
