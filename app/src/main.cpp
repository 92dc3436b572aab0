// gradlab: the teaching app. Opens a window when there is a display; otherwise (or with --headless)
// renders the chosen lesson to PNG frames and GIFs and says where they went.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <imgui.h>

#include "app_setup.h"
#include "class_hosting.h"
#include "assets_dir.h"
#include "headless_export.h"
#include "viz/model/outputs_digest.h"
#include "gradlab/host_threads.h"
#include "gradlab/peak_memory.h"
#include "i18n/translate.h"
#include "options.h"
#include "viz/model/export_paths.h"
#include "viz/model/session.h"
#include "viz/panels/actions.h"
#include "viz/panels/app_state.h"
#include "window_app.h"

namespace {

bool hasDisplay() {
  const char* driver = std::getenv("SDL_VIDEODRIVER");
  if (driver && *driver) return std::string(driver) != "offscreen" && std::string(driver) != "dummy";
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

int renderHeadless(gradlab::viz::AppState& state, const gradlab::app::Options& o, const std::string& outDir) {
  if (!o.screenshot.empty()) return gradlab::app::exportScreenshot(state, o);
  if (!o.record.empty()) return gradlab::app::exportRecording(state, o);
  if (!o.session.empty()) return gradlab::app::exportRun(state, o, outDir);  // the session's state, not the lesson
  return gradlab::app::exportLesson(state, o, outDir);
}

// "the lesson \"first-steps\"" or "the --op run"; what a headless fallback renders.
std::string what(const gradlab::app::Options& o) {
  using gradlab::i18n::tr, gradlab::i18n::trf;
  if (!o.session.empty()) return trf("the session {0}", o.session);
  return o.request ? std::string(tr("the --op run")) : trf("the lesson \"{0}\"", o.lesson);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gradlab;
  app::Options options;
  int exitCode = 0;
  if (!app::parseOptions(argc, argv, &options, &exitCode)) return exitCode;
  if (options.oneThread) setSingleThreaded(true);
  i18n::setLanguage(options.language.value_or(i18n::languageFromEnvironment()));
  i18n::translateLibraryProse();
  if (!options.join.empty()) {  // the link's option, read by the page
    std::fprintf(stderr, "gradlab: %s\n", i18n::tr("--join is a student's page: open the link the teacher's gradlab printed "
                                                   "(http://...:PORT/?join=CODE) in a browser"));
    return 2;
  }
  // The app shows every library error in its panels; do not repeat them on stderr.
  setenv("GRADLAB_LOG", "off", 0);

  std::string error;
  const std::string assets = app::findAssetsDir(options.assets, &error);
  if (assets.empty()) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return 2;
  }
  app::setUpImGui(assets, options.presenter, options.width, options.height);
  int code = 0;
  {
    viz::AppState state;
    state.view.outputDir = options.outDir.empty() ? viz::defaultExportDir() : options.outDir;
    if (options.outputsDigest) {  // for comparing builds: the browser page computes the same (app/web)
      const std::vector<viz::Lesson> lessons = viz::loadLessons(assets + "/lessons", &state.course.loadErrors);
      std::printf("%s\n", viz::outputsDigest(lessons).text().c_str());
      ImGui::DestroyContext();
      return 0;
    }
    if (options.listLessons) {
      state.course.lessons = viz::loadLessons(assets + "/lessons", &state.course.loadErrors);
      for (const viz::Lesson& l : state.course.lessons)
        std::printf("%-24s %s  %s\n", l.id.c_str(), i18n::trf("{0} presets", l.presets.size()).c_str(), l.title.c_str());
      ImGui::DestroyContext();
      return 0;
    }
    std::optional<PeakMemoryMeter> meter;
    if (options.memory) meter.emplace();
    if (!app::setUpState(state, assets, options, &error)) {
      std::fprintf(stderr, "gradlab: %s\n", error.c_str());
      ImGui::DestroyContext();
      return 2;
    }
    // The first run is done (and its scene built) when the state is set up; what is drawn next is not the run's.
    const std::string runPeak = !meter ? "" : meter->available() ? std::to_string(meter->peakAboveStart()) : "?";
    if (!options.saveSession.empty()) {
      if (!viz::saveSessionFile(options.saveSession, viz::captureSession(state), &error)) {
        std::fprintf(stderr, "gradlab: %s\n", error.c_str());
        ImGui::DestroyContext();
        return 1;
      }
      std::printf("gradlab: %s\n", i18n::trf("wrote session {0}", options.saveSession).c_str());
      if (options.screenshot.empty() && options.record.empty() && !options.headless) {
        ImGui::DestroyContext();
        return 0;
      }
    }
    if (options.hostClass && options.headless) {
      code = app::hostClassHeadless(state, options);
    } else if (options.headless) {
      code = renderHeadless(state, options, state.view.outputDir);
    } else if (!hasDisplay()) {
      const std::string& out = state.view.outputDir;
      std::printf("gradlab: %s\n", i18n::trf("no display (DISPLAY and WAYLAND_DISPLAY are not set), so {0} is rendered to "
                                            "images instead of a window", what(options)).c_str());
      code = renderHeadless(state, options, out);
    } else {
      std::string whyNot;
      code = app::runWindow(state, options, &whyNot);
      if (code < 0) {
        const std::string& out = state.view.outputDir;
        std::printf("gradlab: %s\n", gradlab::i18n::trf("{0}; rendering {1} to images instead", whyNot, what(options)).c_str());
        code = renderHeadless(state, options, out);
      }
    }
    if (state.verify) state.verify->cancel();
    if (meter) {
      if (!state.run.ok()) std::printf("gradlab: %s\n", i18n::trf("the run did not run: {0}", state.run.result.message).c_str());
      std::printf("gradlab: %s\n", i18n::trf("memory: the run was estimated at {0} bytes at most; the process peaked {1} "
                                              "bytes above its start", state.run.result.estimatedPeakBytes, runPeak).c_str());
      std::printf("gradlab: %s\n", i18n::trf("memory: its tensors take {0} bytes and its trace at most {1} bytes",
                                              runTensorBytes(state.run.request), runTraceCapBytes(state.run.request)).c_str());
    }
  }
  ImGui::DestroyContext();
  return code;
}
