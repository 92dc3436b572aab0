#include "window_app.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <filesystem>

#include "app_setup.h"
#include "gif_writer.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"

namespace gradlab::app {
namespace {

std::string timestamp() {
  std::time_t now = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::localtime(&now));
  return buf;
}

Image readPixels(SDL_Renderer* renderer) {
  Image image;
  if (SDL_GetRendererOutputSize(renderer, &image.width, &image.height) != 0) return Image{};
  image.rgba.resize(static_cast<size_t>(image.width) * image.height * 4);
  if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, image.rgba.data(), image.width * 4) != 0)
    return Image{};
  return image;
}

bool shortcutFor(SDL_Keycode key, viz::Shortcut* out) {
  switch (key) {
    case SDLK_SPACE: *out = viz::Shortcut::kPlayPause; return true;
    case SDLK_RIGHT: *out = viz::Shortcut::kStepForward; return true;
    case SDLK_LEFT: *out = viz::Shortcut::kStepBack; return true;
    case SDLK_UP: *out = viz::Shortcut::kPreviousPreset; return true;
    case SDLK_DOWN: *out = viz::Shortcut::kNextPreset; return true;
    case SDLK_f: *out = viz::Shortcut::kFullscreen; return true;
    case SDLK_p: *out = viz::Shortcut::kPresenter; return true;
    case SDLK_s: *out = viz::Shortcut::kScreenshot; return true;
    case SDLK_h:
    case SDLK_QUESTION:
    case SDLK_SLASH: *out = viz::Shortcut::kHelp; return true;
    default: return false;
  }
}

// Records the current preset's animation into a GIF, one frame per rendered frame.
struct GifRecording {
  GifWriter writer;
  std::string path;
  int frame = 0, frames = 0, delay = 5;
  double duration = 0.0;
};

}  // namespace

int runWindow(viz::AppState& s, const Options& o, std::string* whyNot) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    *whyNot = std::string("SDL cannot initialise video: ") + SDL_GetError();
    return -1;
  }
  SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
  SDL_Window* window = SDL_CreateWindow("gradlab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o.width, o.height,
                                        SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!window) {
    *whyNot = std::string("SDL cannot create a window: ") + SDL_GetError();
    SDL_Quit();
    return -1;
  }
  SDL_Renderer* renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC | SDL_RENDERER_ACCELERATED);
  if (!renderer) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
  if (!renderer) {
    *whyNot = std::string("SDL cannot create a renderer: ") + SDL_GetError();
    SDL_DestroyWindow(window);
    SDL_Quit();
    return -1;
  }
  ImGui_ImplSDL2_InitForSDLRenderer(window);
  ImGui_ImplSDLRenderer_Init(renderer);

  int exitCode = 0;
  int frameCount = 0;
  if (!o.screenshot.empty()) {
    s.player.playing = false;
    s.player.t = s.player.duration * o.at;
  }
  bool running = true;
  GifRecording recording;
  Uint64 last = SDL_GetPerformanceCounter();
  SDL_RendererInfo info{};
  SDL_GetRendererInfo(renderer, &info);
  const bool vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
  while (running) {
    SDL_Event event;
    // Nothing moving: sleep until the user does something (a classroom laptop should stay cool).
    const bool busy = s.player.playing || recording.writer.isOpen() || (s.verify && s.verify->running()) ||
                      !o.screenshot.empty() || !o.record.empty() || frameCount < 3;
    if (!busy && SDL_WaitEventTimeout(&event, 250)) SDL_PushEvent(&event);
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_QUIT) running = false;
      if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE) running = false;
      if (event.type == SDL_KEYDOWN && !ImGui::GetIO().WantTextInput && event.key.repeat == 0) {
        viz::Shortcut shortcut;
        if (event.key.keysym.sym == SDLK_ESCAPE && s.fullscreen) {
          s.requests.toggleFullscreen = true;
        } else if (shortcutFor(event.key.keysym.sym, &shortcut)) {
          viz::handleShortcut(s, shortcut);
        }
      } else if (event.type == SDL_KEYDOWN && event.key.repeat != 0 && !ImGui::GetIO().WantTextInput &&
                 (event.key.keysym.sym == SDLK_LEFT || event.key.keysym.sym == SDLK_RIGHT)) {
        viz::handleShortcut(s, event.key.keysym.sym == SDLK_LEFT ? viz::Shortcut::kStepBack : viz::Shortcut::kStepForward);
      }
    }
    if (s.requests.toggleFullscreen) {
      s.requests.toggleFullscreen = false;
      s.fullscreen = !s.fullscreen;
      SDL_SetWindowFullscreen(window, s.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    }
    // --record: start once the layout has settled; the app exits when the GIF is written.
    if (!o.record.empty() && frameCount == 2) s.requests.exportGif = true;
    if (s.requests.exportGif && !recording.writer.isOpen()) {
      s.requests.exportGif = false;
      int w = 0, h = 0;
      SDL_GetRendererOutputSize(renderer, &w, &h);
      recording.path = !o.record.empty() ? o.record
                                         : (std::filesystem::path(s.outputDir) / ("gradlab-" + timestamp() + ".gif")).string();
      std::string error;
      if (s.run.animation.empty()) {
        s.status = "nothing to animate in this view";
      } else if (recording.writer.open(recording.path, w, h, &error)) {
        recording.frame = 0;
        recording.frames = std::clamp(static_cast<int>(s.player.duration * 4.0), 24, 120);
        recording.duration = s.player.duration;
        double seconds = s.player.speed > 0 ? s.player.duration / s.player.speed : 4.0;
        recording.delay = std::clamp(static_cast<int>(seconds * 100.0 / recording.frames), 4, 100);
      } else {
        s.status = error;
      }
      if (!recording.writer.isOpen() && !o.record.empty()) {
        std::fprintf(stderr, "gradlab: cannot record: %s\n", s.status.c_str());
        exitCode = 1;
        running = false;
      }
    }
    if (recording.writer.isOpen()) {
      s.player.playing = false;
      s.player.t = recording.duration * recording.frame / std::max(recording.frames - 1, 1);
    }

    const Uint64 now = SDL_GetPerformanceCounter();
    const float dt = std::clamp(static_cast<float>(now - last) / static_cast<float>(SDL_GetPerformanceFrequency()),
                                1e-4f, 0.1f);
    last = now;
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    buildFrame(s, recording.writer.isOpen() ? 0.0f : dt);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    SDL_SetRenderDrawColor(renderer, static_cast<Uint8>(bg.x * 255), static_cast<Uint8>(bg.y * 255),
                           static_cast<Uint8>(bg.z * 255), 255);
    SDL_RenderClear(renderer);
    ImGui_ImplSDLRenderer_RenderDrawData(ImGui::GetDrawData());
    ++frameCount;

    if (recording.writer.isOpen()) {
      std::string error;
      Image image = readPixels(renderer);
      const bool lastFrame = recording.frame + 1 >= recording.frames;
      if (!recording.writer.add(image, lastFrame ? 250 : recording.delay, &error)) {
        recording.writer.close(nullptr);
        s.status = error;
        if (!o.record.empty()) {
          std::fprintf(stderr, "gradlab: %s\n", error.c_str());
          exitCode = 1;
          running = false;
        }
      } else if (lastFrame) {
        const bool saved = recording.writer.close(&error);
        s.status = saved ? "GIF saved: " + recording.path : error;
        std::printf("gradlab: %s\n", s.status.c_str());
        if (!o.record.empty()) {
          exitCode = saved ? 0 : 1;
          running = false;
        }
      }
      ++recording.frame;
    }
    // --screenshot: the third frame (the layout has settled) is written and the app exits.
    if (s.requests.screenshot || (!o.screenshot.empty() && frameCount == 3)) {
      s.requests.screenshot = false;
      const std::string path = !o.screenshot.empty()
                                   ? o.screenshot
                                   : (std::filesystem::path(s.outputDir) / ("gradlab-" + timestamp() + ".png")).string();
      std::string error;
      Image image = readPixels(renderer);
      if (writePng(path, image, &error)) {
        s.status = "screenshot saved: " + path;
        std::printf("gradlab: wrote %s (%dx%d)\n", path.c_str(), image.width, image.height);
      } else {
        s.status = error.empty() ? std::string("screenshot failed: ") + SDL_GetError() : error;
        std::fprintf(stderr, "gradlab: %s\n", s.status.c_str());
        exitCode = 1;
      }
      if (!o.screenshot.empty()) running = false;
    }
    SDL_RenderPresent(renderer);
    if (!vsync && !recording.writer.isOpen()) {
      // No vsync (software renderer): cap at about 60 frames per second.
      const Uint64 spent = SDL_GetPerformanceCounter() - now;
      const double ms = 1000.0 * static_cast<double>(spent) / static_cast<double>(SDL_GetPerformanceFrequency());
      if (ms < 16.0) SDL_Delay(static_cast<Uint32>(16.0 - ms));
    }
  }
  recording.writer.close(nullptr);
  if (s.verify) s.verify->cancel();
  ImGui_ImplSDLRenderer_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  SDL_DestroyRenderer(renderer);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exitCode;
}

}  // namespace gradlab::app
