#include "headless_export.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "gif_writer.h"
#include "offscreen_renderer.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"

namespace gradlab::app {
namespace {

namespace fs = std::filesystem;

// The preset's first frame: lets the tab bar and canvases settle (a requested tab shows one frame later).
void settle(OffscreenRenderer& renderer, viz::AppState& s) {
  for (int i = 0; i < 2; ++i) renderer.renderFrame(s, 0.0f);
}

bool animated(const viz::AppState& s) {
  return (s.tab == viz::Tab::kScatter || s.tab == viz::Tab::kTiling) && s.run.ok() && !s.run.animation.empty();
}

// The Verify tab shows results: run the case table to the end before the picture.
void finishVerify(viz::AppState& s) {
  if (s.tab != viz::Tab::kVerify || !s.caseList) return;
  if (!s.verify) s.verify = std::make_unique<viz::VerifyRunner>(s.caseList, s.verifyPrepare, s.runtimeLock);
  s.verify->start();
  s.verify->wait();
}

}  // namespace

std::string presetSlug(int index, const std::string& title) {
  char prefix[16];
  std::snprintf(prefix, sizeof prefix, "%02d-", index + 1);
  std::string slug = prefix;
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

int exportLesson(viz::AppState& s, const Options& o, const std::string& outDir) {
  const viz::Lesson* lesson = s.currentLesson();
  if (!lesson) {
    std::fprintf(stderr, "gradlab: no lesson to render\n");
    return 1;
  }
  const viz::Lesson copy = *lesson;  // applyPreset below may not move it, but be independent of it
  const int lessonIndex = s.lesson;
  OffscreenRenderer renderer;
  std::string error;
  if (!renderer.init(o.width, o.height, &error)) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return 1;
  }
  const fs::path dir = fs::path(outDir) / copy.id;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    std::fprintf(stderr, "gradlab: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
    return 1;
  }
  const bool tty = isatty(STDOUT_FILENO);
  std::printf("gradlab: rendering lesson \"%s\" (%zu presets, up to %d frames each, %dx%d) into %s\n",
              copy.title.c_str(), copy.presets.size(), o.frames, o.width, o.height, dir.c_str());
  std::fflush(stdout);
  const auto start = std::chrono::steady_clock::now();
  int totalFrames = 0, failures = 0;
  for (size_t k = 0; k < copy.presets.size(); ++k) {
    viz::applyPreset(s, lessonIndex, static_cast<int>(k));
    s.player.playing = false;
    finishVerify(s);
    const std::string slug = presetSlug(static_cast<int>(k), copy.presets[k].title);
    const fs::path frameDir = dir / slug;
    fs::create_directories(frameDir, ec);
    settle(renderer, s);
    const bool anim = animated(s);
    const int frames = anim ? o.frames : 1;
    const double duration = s.player.duration;
    GifWriter gif;
    const fs::path gifPath = dir / (slug + ".gif");
    if (o.gif && !gif.open(gifPath.string(), o.width, o.height, &error)) {
      std::fprintf(stderr, "gradlab: %s\n", error.c_str());
      ++failures;
    }
    // Frame i shows time duration * i / (frames - 1): the first frame the start, the last the result.
    const double seconds = s.player.speed > 0 ? duration / s.player.speed : 0.0;
    const int delay = frames > 1 ? std::clamp(static_cast<int>(seconds * 100.0 / (frames - 1)), 4, 100) : 300;
    for (int i = 0; i < frames; ++i) {
      if (anim) s.player.t = frames > 1 ? duration * i / (frames - 1) : duration * o.at;
      Image image = renderer.renderFrame(s, 0.0f);
      const fs::path png = frameDir / viz::cat("frame-", i < 100 ? (i < 10 ? "00" : "0") : "", i, ".png");
      if (!writePng(png.string(), image, &error)) {
        std::fprintf(stderr, "gradlab: %s\n", error.c_str());
        ++failures;
        break;
      }
      if (gif.isOpen() && !gif.add(image, i + 1 == frames ? std::max(delay, 250) : delay, &error)) {
        std::fprintf(stderr, "gradlab: %s\n", error.c_str());
        gif.close(nullptr);
        ++failures;
      }
      ++totalFrames;
      if (tty) {
        std::printf("\r  [%zu/%zu] %-48s frame %d/%d", k + 1, copy.presets.size(), slug.c_str(), i + 1, frames);
        std::fflush(stdout);
      }
    }
    if (gif.isOpen() && !gif.close(&error)) {
      std::fprintf(stderr, "gradlab: %s\n", error.c_str());
      ++failures;
    }
    if (tty) std::printf("\r%*s\r", 90, "");
    const std::string gifNote = o.gif ? viz::cat(", GIF ", gifPath.string()) : std::string();
    std::printf("  [%zu/%zu] %s: %d frame(s) in %s%s\n", k + 1, copy.presets.size(), copy.presets[k].title.c_str(),
                frames, frameDir.c_str(), gifNote.c_str());
    if (!s.run.ok())
      std::printf("        (this preset shows the library's error %d: %s)\n", s.run.result.status,
                  s.run.result.message.c_str());
    std::fflush(stdout);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("gradlab: wrote %d frame(s) for %zu preset(s) to %s in %.1f s\n", totalFrames, copy.presets.size(),
              dir.c_str(), secs);
  return failures ? 1 : 0;
}

int exportScreenshot(viz::AppState& s, const Options& o) {
  OffscreenRenderer renderer;
  std::string error;
  if (!renderer.init(o.width, o.height, &error)) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return 1;
  }
  s.player.playing = false;
  finishVerify(s);
  settle(renderer, s);
  s.player.t = s.player.duration * o.at;
  Image image = renderer.renderFrame(s, 0.0f);
  if (!writePng(o.screenshot, image, &error)) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return 1;
  }
  std::printf("gradlab: wrote %s (%dx%d)\n", o.screenshot.c_str(), image.width, image.height);
  return 0;
}

}  // namespace gradlab::app
