#include "window_app.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

#include "app_setup.h"
#include "class_hosting.h"
#include "i18n/translate.h"
#include "gradlab/host_threads.h"
#include "frame_exports.h"
#include "input_pump.h"
#include "imgui_sdl_renderer.h"
#include "viz/model/export_paths.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/shortcut_keys.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::app {
namespace {

// GRADLAB_UI_MAP=FILE: after every frame, the widget map (viz/widgets/ui_map.h) replaces FILE, for the
// scenario driver in tests/ui.
void writeUiMap(const char* path, SDL_Window* window, unsigned long long frame) {
  int x = 0, y = 0, w = 0, h = 0;
  SDL_GetWindowPosition(window, &x, &y);
  SDL_GetWindowSize(window, &w, &h);
  const std::string temp = std::string(path) + ".tmp";
  if (FILE* f = std::fopen(temp.c_str(), "wb")) {
    const std::string text = viz::uimap::json(frame, x, y, w, h);
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) == 0 && written) std::rename(temp.c_str(), path);
  }
}


Image readPixels(SDL_Renderer* renderer) {
  Image image;
  if (SDL_GetRendererOutputSize(renderer, &image.width, &image.height) != 0) return Image{};
  image.rgba.resize(static_cast<size_t>(image.width) * image.height * 4);
  if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, image.rgba.data(), image.width * 4) != 0)
    return Image{};
  return image;
}

// SDL's key as the shortcut table names it (viz/panels/shortcut_keys.h): SDL's printable keys are their
// characters.
viz::ShortcutKey shortcutKeyOf(SDL_Keycode key) {
  switch (key) {
    case SDLK_SPACE: return {ImGuiKey_Space, 0};
    case SDLK_RIGHT: return {ImGuiKey_RightArrow, 0};
    case SDLK_LEFT: return {ImGuiKey_LeftArrow, 0};
    case SDLK_UP: return {ImGuiKey_UpArrow, 0};
    case SDLK_DOWN: return {ImGuiKey_DownArrow, 0};
    case SDLK_ESCAPE: return {ImGuiKey_Escape, 0};
    default: return {ImGuiKey_COUNT, key > 32 && key < 127 ? static_cast<char>(key) : '\0'};
  }
}


// SDL, its window (o.width x o.height, resizable) and a renderer (with vsync where it can, else software); false
// with the reason, everything closed again, where one cannot be had.
bool openWindow(const Options& o, SDL_Window** window, SDL_Renderer** renderer, std::string* whyNot) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    *whyNot = i18n::trf("SDL cannot initialise video: {0}", SDL_GetError());
    return false;
  }
  SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
  *window = SDL_CreateWindow("gradlab", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o.width, o.height,
                             SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!*window) {
    *whyNot = i18n::trf("SDL cannot create a window: {0}", SDL_GetError());
    SDL_Quit();
    return false;
  }
  *renderer = SDL_CreateRenderer(*window, -1, SDL_RENDERER_PRESENTVSYNC | SDL_RENDERER_ACCELERATED);
  if (!*renderer) *renderer = SDL_CreateRenderer(*window, -1, SDL_RENDERER_SOFTWARE);
  if (!*renderer) {
    *whyNot = i18n::trf("SDL cannot create a renderer: {0}", SDL_GetError());
    SDL_DestroyWindow(*window);
    SDL_Quit();
    return false;
  }
  return true;
}

// About 60 frames per second where nothing paces them: waits out what is left of 16 ms since `frameStart`.
void waitForNextFrame(Uint64 frameStart) {
  const Uint64 spent = SDL_GetPerformanceCounter() - frameStart;
  const double ms = 1000.0 * static_cast<double>(spent) / static_cast<double>(SDL_GetPerformanceFrequency());
  if (ms < 16.0) SDL_Delay(static_cast<Uint32>(16.0 - ms));
}

// --host-class: the class opens before the first frame (the link goes in the top bar; the pages follow the
// teacher from then on). Null where it was not asked for or could not open (the status says why).
std::unique_ptr<ClassHosting> openClassIfAsked(viz::AppState& s, const Options& o) {
  if (!o.hostClass) return nullptr;
  std::string why;
  std::unique_ptr<ClassHosting> hosting = startClass(s, o, &why);
  s.view.status =
      hosting ? i18n::trf("class open: students open {0} (code {1})", hosting->studentLink(), hosting->joinCode())
              : why;
  s.view.statusError = !hosting;
  if (hosting) {  // also where a terminal shows it: the teacher's token is never on the projected screen
    std::printf("gradlab: %s\n", s.view.status.c_str());
    std::printf("gradlab: %s\n", i18n::trf("teacher token: {0}; class record: {1}", hosting->teacherToken(), hosting->recordPath()).c_str());
    std::fflush(stdout);
  }
  return hosting;
}

// The window closing, and the keyboard's shortcuts where no field takes the keys (Esc in full screen leaves it).
void onEvent(viz::AppState& s, const SDL_Event& event, bool* running) {
  if (event.type == SDL_QUIT) *running = false;
  if (event.type == SDL_WINDOWEVENT && event.window.event == SDL_WINDOWEVENT_CLOSE) *running = false;
  if (event.type != SDL_KEYDOWN || ImGui::GetIO().WantTextInput) return;
  const std::optional<viz::Shortcut> shortcut = viz::shortcutFor(shortcutKeyOf(event.key.keysym.sym));
  if (!shortcut || (event.key.repeat != 0 && !viz::repeatsWhenHeld(*shortcut))) return;
  if (*shortcut == viz::Shortcut::kCancelRun && s.view.fullscreen && !s.runProgress)
    s.host.requests.toggleFullscreen = true;
  else viz::handleShortcut(s, *shortcut);
}

// A GIF or screenshot written this frame, said on the terminal; --record and --screenshot end the app with it.
void reportWritten(const FrameExports::Written& written, const Options& o, int* exitCode, bool* running) {
  if (const FrameExports::File& gif = written.gif; gif.done) {
    std::printf("gradlab: %s\n", gif.error.empty() ? i18n::trf("GIF saved: {0}", gif.path).c_str() : gif.error.c_str());
    if (!o.record.empty()) {
      *exitCode = gif.error.empty() ? 0 : 1;
      *running = false;
    }
  }
  if (const FrameExports::File& shot = written.screenshot; shot.done) {
    if (shot.error.empty()) {
      std::printf("gradlab: %s\n", i18n::trf("wrote {0} ({1}x{2})", shot.path, shot.width, shot.height).c_str());
    } else {
      std::fprintf(stderr, "gradlab: %s\n", shot.error.c_str());
      *exitCode = 1;
    }
    if (!o.screenshot.empty()) *running = false;
  }
}

// glibc keeps the small blocks a large scene freed (a megacell plane's move lists: about 150 MB) for the
// process; after a run is replaced they go back, so the window's memory follows what is on screen.
void giveFreedMemoryBack() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

}  // namespace

int runWindow(viz::AppState& s, const Options& o, std::string* whyNot) {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  if (!openWindow(o, &window, &renderer, whyNot)) return -1;
  ImGui_ImplSDL2_InitForSDLRenderer(window);
  auto imguiRenderer = std::make_unique<ImGuiSdlRenderer>(renderer);

  int exitCode = 0;
  int frameCount = 0;
  if (!o.screenshot.empty()) {
    s.player.playing = false;
    s.player.t = s.player.duration * o.at;
  }
  bool running = true;
  const char* uiMapPath = std::getenv("GRADLAB_UI_MAP");
  if (uiMapPath && *uiMapPath) viz::uimap::setEnabled(true);
  FrameExports exports;
  Uint64 last = SDL_GetPerformanceCounter();
  SDL_RendererInfo info{};
  SDL_GetRendererInfo(renderer, &info);
  const bool vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
  InputPump input;
  // From here on, runs and comparisons the user starts go to a worker, and the emulated cores leave one
  // host core to the window: it keeps drawing while they run.
  s.host.worker = std::make_shared<viz::UiWorker>();
  gradlab::setHostThreadLimit(static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency()) - 1));
  const std::unique_ptr<ClassHosting> hosting = openClassIfAsked(s, o);
  uint64_t runShown = s.run.id;
  while (running) {
    if (hosting) {
      hosting->follow(s);
      if (!s.course.classBoard) s.course.classBoard.emplace();
      hosting->fillBoard(*s.course.classBoard);
    }
    if (s.run.id != runShown) {  // a run replaced the one on screen: what the old one freed goes back to the system
      runShown = s.run.id;
      giveFreedMemoryBack();
    }
    // Nothing moving: sleep until the user does something (a classroom laptop should stay cool).
    const bool busy = s.player.playing || exports.busy() || (s.verify && s.verify->running()) ||
                      (s.host.worker && s.host.worker->busy()) || input.recentInput(0.25) ||
                      !o.screenshot.empty() || !o.record.empty() || frameCount < 3;
    input.collect(busy ? 0 : 250);
    input.dispatch([&](const SDL_Event& event) { onEvent(s, event, &running); });
    if (s.host.requests.toggleFullscreen) {
      s.host.requests.toggleFullscreen = false;
      s.view.fullscreen = !s.view.fullscreen;
      SDL_SetWindowFullscreen(window, s.view.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    }
    // --record: start once the layout has settled; the app exits when the GIF is written.
    if (!o.record.empty() && frameCount == 2) s.host.requests.exportGif = true;
    const auto capture = [renderer] { return readPixels(renderer); };
    if (std::string error; !exports.beforeFrame(s, capture, o.record, &error) && !o.record.empty()) {
      std::fprintf(stderr, "gradlab: %s\n", i18n::trf("cannot record: {0}", error).c_str());
      exitCode = 1;
      running = false;
    }

    const Uint64 now = SDL_GetPerformanceCounter();
    const float dt = std::clamp(static_cast<float>(now - last) / static_cast<float>(SDL_GetPerformanceFrequency()),
                                1e-4f, 0.1f);
    last = now;
    if (fontsOutOfDate(s)) {
      imguiRenderer->dropFonts();
      rebuildFonts(s);
    }
    imguiRenderer->prepareFrame();
    ImGui_ImplSDL2_NewFrame();
    input.applyToImGui();
    // A GIF or a --screenshot shows the preset's view, not whatever the pointer happens to hover.
    if (exports.capturing() || !o.screenshot.empty()) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    buildFrame(s, exports.capturing() ? 0.0f : dt);
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    SDL_SetRenderDrawColor(renderer, static_cast<Uint8>(bg.x * 255), static_cast<Uint8>(bg.y * 255),
                           static_cast<Uint8>(bg.z * 255), 255);
    SDL_RenderClear(renderer);
    imguiRenderer->render(*ImGui::GetDrawData());
    ++frameCount;

    // --screenshot: the third frame (the layout has settled) is written and the app exits.
    const FrameExports::Written written = exports.afterFrame(s, capture, !o.screenshot.empty() && frameCount == 3, o.screenshot);
    reportWritten(written, o, &exitCode, &running);
    if (exports.drawAgainForScreen()) {  // that frame was the GIF's, without its progress: this one has it
      imguiRenderer->prepareFrame();
      ImGui_ImplSDL2_NewFrame();
      buildFrame(s, 0.0f);
      SDL_RenderClear(renderer);
      imguiRenderer->render(*ImGui::GetDrawData());
    }
    SDL_RenderPresent(renderer);
    if (viz::uimap::enabled()) writeUiMap(uiMapPath, window, static_cast<unsigned long long>(frameCount));
    if (!vsync && !exports.capturing() && !input.pending()) waitForNextFrame(now);  // no vsync (software renderer)
  }
  if (exports.busy()) std::printf("gradlab: %s\n", i18n::trf("finishing {0} ...", exports.gifPath()).c_str());
  if (hosting) std::printf("gradlab: %s\n", hosting->writeReport().c_str());  // the class ends with the window
  if (s.verify) s.verify->cancel();
  imguiRenderer.reset();
  ImGui_ImplSDL2_Shutdown();
  SDL_DestroyRenderer(renderer);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return exitCode;
}

}  // namespace gradlab::app
