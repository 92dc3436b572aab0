#include "headless_export.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <functional>

#include <fmt/format.h>

#include "background_frames.h"
#include "i18n/translate.h"
#include "offscreen_renderer.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"

namespace gradlab::app {
namespace {

std::string oneDecimal(double v) { return fmt::format("{:.1f}", v); }

namespace fs = std::filesystem;

// The preset's first frame: lets the tab bar and canvases settle (a requested tab shows one frame later).
void settle(OffscreenRenderer& renderer, viz::AppState& s) {
  for (int i = 0; i < 2; ++i) renderer.renderFrame(s, 0.0f);
}

// One rendered frame: the whole display, or the centre canvas only (--canvas-only).
Image renderShot(OffscreenRenderer& renderer, viz::AppState& s) {
  Image image = renderer.renderFrame(s, 0.0f);
  if (!s.view.canvasOnly) return image;
  return cropped(image, static_cast<int>(s.view.canvasMin.x), static_cast<int>(s.view.canvasMin.y),
                 static_cast<int>(s.view.canvasMax.x), static_cast<int>(s.view.canvasMax.y));
}

// The offscreen renderer at the options' size; false (said on stderr) when it cannot start.
bool startRenderer(OffscreenRenderer& renderer, const Options& o) {
  std::string error;
  if (renderer.init(o.width, o.height, &error)) return true;
  std::fprintf(stderr, "gradlab: %s\n", error.c_str());
  return false;
}

// Creates `dir` (and its parents); false (said on stderr) when it cannot.
bool makeDir(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!ec) return true;
  std::fprintf(stderr, "gradlab: %s\n", i18n::trf("cannot create {0}: {1}", dir.string(), ec.message()).c_str());
  return false;
}

bool animated(const viz::AppState& s) {
  return (s.view.tab == viz::Tab::kScatter || s.view.tab == viz::Tab::kTiling || s.view.tab == viz::Tab::kPipeline ||
          s.view.tab == viz::Tab::kMatrix || s.view.tab == viz::Tab::kCode) && s.run.ok() &&
         !s.run.animation.empty();
}

// The Verify tab shows results: run the case table to the end before the picture.
void finishVerify(viz::AppState& s) {
  if (s.view.tab != viz::Tab::kVerify || !s.host.caseList) return;
  if (!s.verify)
    s.verify = std::make_unique<viz::VerifyRunner>(s.host.caseList, s.host.verifyPrepare, s.host.runtimeLock);
  s.verify->start();
  s.verify->wait();
}

}  // namespace

std::string presetSlug(int index, const std::string& title) {
  std::string slug = fmt::format("{:02}-", index + 1);
  bool dash = false;
  for (char c : title) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      if (dash && slug.size() > 3) slug += '-';
      slug += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      dash = false;
    } else {
      dash = true;
    }
    if (slug.size() > 48) break;
  }
  return slug;
}

namespace {

// Renders the current preset's animation: `frames` frames from its start to its end (one frame when it
// has nothing to animate), each to frameDir/frame-NNN.png and/or one GIF. Returns the frames written,
// -1 on a write error (already reported).
int renderPreset(OffscreenRenderer& renderer, viz::AppState& s, int frames, const std::string& frameDir,
                 const std::string& gifPath, const std::function<void(int, int)>& progress) {
  std::string error;
  s.player.playing = false;
  finishVerify(s);
  settle(renderer, s);
  const bool anim = animated(s);
  frames = anim ? frames : 1;
  const double duration = s.player.duration;
  // A step that asks a question starts with two stills: the question, then its right answer checked.
  const bool asks = s.exerciseOpen();
  // Frame i is compressed (PNG, GIF) on a worker while frame i + 1 renders; a few frames may wait.
  BackgroundFrames writer;
  const Image probe = renderShot(renderer, s);
  if (!writer.start(gifPath, probe.width, probe.height, frames + (asks ? 2 : 0), 4, &error)) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return -1;
  }
  if (asks) {
    auto still = [&](const char* name) {
      s.player.t = 0.0;
      settle(renderer, s);
      writer.add(renderShot(renderer, s), 300, frameDir.empty() ? std::string() : (fs::path(frameDir) / name).string());
    };
    still("question.png");
    s.course.exercise->answer = viz::rightAnswer(s.course.exercise->exercise);
    s.course.exercise->typed = viz::formatNumber(s.course.exercise->exercise.number);
    viz::checkExercise(s);
    still("answer.png");
    s.player.playing = false;
  }
  // Frame i shows time duration * i / (frames - 1): the first frame is the start, the last the result.
  const double seconds = s.player.speed > 0 ? duration / s.player.speed : 0.0;
  const int delay = frames > 1 ? std::clamp(static_cast<int>(seconds * 100.0 / (frames - 1)), 4, 100) : 300;
  for (int i = 0; i < frames && !writer.failed(); ++i) {
    if (anim) s.player.t = frames > 1 ? duration * i / (frames - 1) : duration;
    std::string png;
    if (!frameDir.empty()) {
      png = (fs::path(frameDir) / fmt::format("frame-{:03}.png", i)).string();
    }
    writer.add(renderShot(renderer, s), i + 1 == frames ? std::max(delay, 250) : delay, std::move(png));
    if (progress) progress(i + 1, frames);
  }
  error = writer.result();
  if (!error.empty()) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return -1;
  }
  return frames;
}

// Class mode: the step's question, its two hints and its answer as four stills (no animation).
int renderSlides(OffscreenRenderer& renderer, viz::AppState& s, const std::string& frameDir) {
  s.player.playing = false;
  settle(renderer, s);
  if (!s.exerciseOpen()) return 0;
  std::string error;
  auto slide = [&](const char* name, double t) {
    s.player.t = t;
    settle(renderer, s);
    const std::string path = (fs::path(frameDir) / name).string();
    if (writePng(path, renderShot(renderer, s), &error)) return true;
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return false;
  };
  if (!slide("question.png", 0.0)) return -1;
  for (const char* name : {"hint-1.png", "hint-2.png"}) {
    viz::hintExercise(s);
    if (!slide(name, 0.0)) return -1;
  }
  s.course.exercise->answer = viz::rightAnswer(s.course.exercise->exercise);
  s.course.exercise->typed = viz::formatNumber(s.course.exercise->exercise.number);
  viz::checkExercise(s);
  s.player.playing = false;
  if (!s.course.exercise->verdict || !s.course.exercise->verdict->correct) {
    std::fprintf(
        stderr, "gradlab: %s\n",
        i18n::trf("the right answer to \"{0}\" was not accepted", s.course.exercise->exercise.question).c_str());
    return -1;
  }
  if (!slide("answer.png", s.player.duration)) return -1;  // the answer over the finished run
  return 4;
}

}  // namespace

int exportLesson(viz::AppState& s, const Options& o, const std::string& outDir) {
  const viz::Lesson* lesson = s.currentLesson();
  if (!lesson) return exportRun(s, o, outDir);
  const viz::Lesson copy = *lesson;
  const int lessonIndex = s.course.lesson;
  OffscreenRenderer renderer;
  if (!startRenderer(renderer, o)) return 1;
  const fs::path dir = fs::path(outDir) / copy.id;
  if (!makeDir(dir)) return 1;
  std::error_code ec;
  const bool tty = isatty(STDOUT_FILENO);
  if (s.course.classMode) {
    std::printf("gradlab: %s\n",
                i18n::trf("rendering the questions of lesson \"{0}\" as slides (question, two hints, answer; {1}x{2}) into {3}",
                          copy.title, o.width, o.height, dir.string())
                    .c_str());
  } else {
    std::printf("gradlab: %s\n",
                i18n::trf("rendering lesson \"{0}\" ({1} presets, up to {2} frames each, {3}x{4}) into {5}", copy.title,
                          copy.presets.size(), o.frames, o.width, o.height, dir.string())
                    .c_str());
  }
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  int totalFrames = 0, failures = 0;
  for (size_t k = 0; k < copy.presets.size(); ++k) {
    if (s.course.classMode && !copy.presets[k].exercise) continue;
    viz::applyPreset(s, lessonIndex, static_cast<int>(k));
    // File names from the English title: the same folders whatever the language.
    const std::string slug = presetSlug(static_cast<int>(k), copy.english.steps[k].title);
    const fs::path frameDir = dir / slug;
    fs::create_directories(frameDir, ec);
    if (s.course.classMode) {
      const int slides = renderSlides(renderer, s, frameDir.string());
      if (slides < 0) {
        ++failures;
        continue;
      }
      totalFrames += slides;
      std::printf("  [%zu/%zu] %s\n", k + 1, copy.presets.size(),
                  i18n::trf("{0}: question.png, hint-1.png, hint-2.png, answer.png in {1}", copy.presets[k].title,
                            frameDir.string())
                      .c_str());
      std::fflush(stdout);
      continue;
    }
    const fs::path gifPath = dir / (slug + ".gif");
    auto progress = [&](int done, int total) {
      if (!tty) return;
      std::printf("\r  [%zu/%zu] %-48s %s", k + 1, copy.presets.size(), slug.c_str(), i18n::trf("frame {0}/{1}", done, total).c_str());
      std::fflush(stdout);
    };
    const int frames = renderPreset(renderer, s, o.frames, frameDir.string(), o.gif ? gifPath.string() : "", progress);
    if (tty) std::printf("\r%*s\r", 90, "");
    if (frames < 0) {
      ++failures;
      continue;
    }
    totalFrames += frames;
    const std::string gifNote = o.gif ? viz::cat(", GIF ", gifPath.string()) : std::string();
    const std::string line =
        copy.presets[k].exercise
            ? i18n::trf("{0}: {1} frame(s) after question.png and answer.png in {2}", copy.presets[k].title, frames, frameDir.string())
            : i18n::trf("{0}: {1} frame(s) in {2}", copy.presets[k].title, frames, frameDir.string());
    std::printf("  [%zu/%zu] %s%s\n", k + 1, copy.presets.size(), line.c_str(), gifNote.c_str());
    if (!s.run.ok())
      std::printf("        %s\n", i18n::trf("(this preset shows the library's error {0}: {1})", s.run.result.status,
                                              s.run.result.message).c_str());
    std::fflush(stdout);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("gradlab: %s\n", i18n::trf("wrote {0} frame(s) for {1} preset(s) to {2} in {3} s", totalFrames,
                                          copy.presets.size(), dir.string(), oneDecimal(secs)).c_str());
  return failures ? 1 : 0;
}

int exportRun(viz::AppState& s, const Options& o, const std::string& outDir) {
  OffscreenRenderer renderer;
  if (!startRenderer(renderer, o)) return 1;
  const fs::path dir = fs::path(outDir) / "run";
  if (!makeDir(dir)) return 1;
  const fs::path gifPath = fs::path(outDir) / "run.gif";
  const int frames = renderPreset(renderer, s, o.frames, dir.string(), o.gif ? gifPath.string() : "", nullptr);
  if (frames < 0) return 1;
  const std::string wrote =
      o.gif ? i18n::trf("wrote {0} frame(s) of {1} to {2} and {3}", frames, opName(s.controls.request.op), dir.string(), gifPath.string())
            : i18n::trf("wrote {0} frame(s) of {1} to {2}", frames, opName(s.controls.request.op), dir.string());
  std::printf("gradlab: %s\n", wrote.c_str());
  if (!s.run.ok())
    std::printf("        %s\n", i18n::trf("(the run shows the library's error {0}: {1})", s.run.result.status, s.run.result.message).c_str());
  return s.run.ok() ? 0 : 1;
}

int exportRecording(viz::AppState& s, const Options& o) {
  OffscreenRenderer renderer;
  if (!startRenderer(renderer, o)) return 1;
  const int frames = renderPreset(renderer, s, std::max(o.frames, 2), "", o.record, nullptr);
  if (frames < 0) return 1;
  std::printf("gradlab: %s\n", i18n::trf("wrote {0} ({1} frames, {2}x{3})", o.record, frames, o.width, o.height).c_str());
  return 0;
}

int exportScreenshot(viz::AppState& s, const Options& o) {
  OffscreenRenderer renderer;
  std::string error;
  if (!startRenderer(renderer, o)) return 1;
  s.player.playing = false;
  finishVerify(s);
  settle(renderer, s);
  s.player.t = s.player.duration * o.at;
  Image image = renderShot(renderer, s);
  if (!writePng(o.screenshot, image, &error)) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return 1;
  }
  std::printf("gradlab: %s\n", i18n::trf("wrote {0} ({1}x{2})", o.screenshot, image.width, image.height).c_str());
  return 0;
}

}  // namespace gradlab::app
