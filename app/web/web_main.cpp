// The app in a browser tab: the same state, panels and lessons as the desktop window (app/src), drawn
// through GLFW and WebGL2 (Dear ImGui's glfw and opengl3 backends), one frame per animation frame.
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cfloat>
#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app_setup.h"
#include "frame_exports.h"
#include "gradlab/host_threads.h"
#include "i18n/translate.h"
#include "options.h"
#include "url_options.h"
#include "web_class.h"
#include "web_cell_images.h"
#include "web_files.h"
#include "viz/model/outputs_digest.h"
#include "viz/panels/actions.h"
#include "viz/panels/shortcut_keys.h"
#include "viz/panels/ui_worker.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::app {
namespace {

struct PageSize {  // the canvas's size in CSS pixels (followPageSize)
  float cssWidth = 1, cssHeight = 1;
};

struct WebApp {
  GLFWwindow* window = nullptr;
  PageSize page;
  viz::AppState state;
  FrameExports exports;  // screenshots and GIFs, downloaded
  std::unique_ptr<viz::PooledCellImages> cellImages;  // large grids as textures (viz/widgets/cell_images.h)
  double last = 0.0;
  unsigned long long frames = 0;
  std::string uiMap;
};

WebApp* g_app = nullptr;

// GLFW's key as the shortcut table names it (viz/panels/shortcut_keys.h): GLFW's letter keys are their
// upper-case characters; Shift + / is the / key.
viz::ShortcutKey shortcutKeyOf(int key) {
  switch (key) {
    case GLFW_KEY_SPACE: return {ImGuiKey_Space, 0};
    case GLFW_KEY_RIGHT: return {ImGuiKey_RightArrow, 0};
    case GLFW_KEY_LEFT: return {ImGuiKey_LeftArrow, 0};
    case GLFW_KEY_UP: return {ImGuiKey_UpArrow, 0};
    case GLFW_KEY_DOWN: return {ImGuiKey_DownArrow, 0};
    case GLFW_KEY_ESCAPE: return {ImGuiKey_Escape, 0};
    default:
      if (key >= GLFW_KEY_A && key <= GLFW_KEY_Z) return {ImGuiKey_COUNT, static_cast<char>('a' + (key - GLFW_KEY_A))};
      return {ImGuiKey_COUNT, key == GLFW_KEY_SLASH ? '/' : '\0'};
  }
}

// Keys and typed characters, in the order the browser sent them. ImGui 1.86 reads a key's state once a
// frame, so a press and release within one frame (a quick Backspace tap, a driver's key) would never be
// seen: as the desktop's input pump does (app/src/input_pump.h), each frame takes the queue up to and
// including its first key transition, and the rest wait for the next frame.
struct KeyEvent {
  int key = 0, scancode = 0, action = 0, mods = 0;
  unsigned int character = 0;  // a typed character instead of a key
};
std::deque<KeyEvent> g_keys;

void onKey(GLFWwindow*, int key, int scancode, int action, int mods) { g_keys.push_back({key, scancode, action, mods, 0}); }
void onChar(GLFWwindow*, unsigned int c) { g_keys.push_back({0, 0, 0, 0, c}); }

void dispatchKeys(GLFWwindow* window) {
  while (!g_keys.empty()) {
    const KeyEvent e = g_keys.front();
    g_keys.pop_front();
    if (e.character != 0) {
      ImGui_ImplGlfw_CharCallback(window, e.character);
      continue;
    }
    ImGui_ImplGlfw_KeyCallback(window, e.key, e.scancode, e.action, e.mods);
    const std::optional<viz::Shortcut> shortcut = viz::shortcutFor(shortcutKeyOf(e.key));
    if (shortcut && !ImGui::GetIO().WantTextInput &&
        (e.action == GLFW_PRESS || (e.action == GLFW_REPEAT && viz::repeatsWhenHeld(*shortcut)))) {
      viz::handleShortcut(g_app->state, *shortcut);
    }
    return;  // one transition a frame
  }
}

// Emscripten 3.1.6's GLFW passes the browser's raw wheel deltas to the scroll callback (pixels, down
// positive), so one notch of a mouse wheel scrolled ImGui 100 lines the wrong way. The wheel is read here
// instead, in notches, down negative as ImGui counts them.
EM_BOOL onWheel(int, const EmscriptenWheelEvent* event, void*) {
  const double perNotch = event->deltaMode == DOM_DELTA_PIXEL ? 100.0 : event->deltaMode == DOM_DELTA_LINE ? 3.0 : 1.0;
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH += static_cast<float>(event->deltaX / perNotch);
  io.MouseWheel -= static_cast<float>(event->deltaY / perNotch);
  return EM_TRUE;  // the page itself does not scroll
}

// The frame just drawn, read back from WebGL's drawing buffer (before the browser presents it), rows top
// to bottom.
Image readFramebuffer(GLFWwindow* window) {
  Image image;
  glfwGetFramebufferSize(window, &image.width, &image.height);
  if (image.empty()) return Image{};
  const size_t row = static_cast<size_t>(image.width) * 4;
  std::vector<uint8_t> bottomUp(row * static_cast<size_t>(image.height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, image.width, image.height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
  image.rgba.resize(bottomUp.size());
  for (int y = 0; y < image.height; ++y)
    std::copy_n(bottomUp.data() + static_cast<size_t>(image.height - 1 - y) * row, row, image.rgba.data() + static_cast<size_t>(y) * row);
  return image;
}

// The canvas fills the page (index.html's CSS) and its drawing buffer has the screen's own pixels (CSS
// pixels x devicePixelRatio: a HiDPI screen, or the page zoomed), so that lines and cells stay sharp. GLFW
// sees the buffer's size; ImGui lays out in CSS pixels, the same size on every screen, and draws at the
// buffer's scale (useCssPixels).
PageSize followPageSize(GLFWwindow* window) {
  double cssW = 0, cssH = 0;
  emscripten_get_element_css_size("#canvas", &cssW, &cssH);
  const double scale = std::clamp(emscripten_get_device_pixel_ratio(), 1.0, 4.0);
  PageSize page{static_cast<float>(std::max(1.0, cssW)), static_cast<float>(std::max(1.0, cssH))};
  const int wantW = std::max(1, static_cast<int>(std::lround(page.cssWidth * scale)));
  const int wantH = std::max(1, static_cast<int>(std::lround(page.cssHeight * scale)));
  int w = 0, h = 0;
  glfwGetWindowSize(window, &w, &h);
  if (wantW != w || wantH != h) glfwSetWindowSize(window, wantW, wantH);
  return page;
}

// After the GLFW backend's frame start, which measured everything in the buffer's pixels.
void useCssPixels(GLFWwindow* window, const PageSize& page) {
  int fbW = 0, fbH = 0;
  glfwGetFramebufferSize(window, &fbW, &fbH);
  ImGuiIO& io = ImGui::GetIO();
  const float sx = std::max(1, fbW) / page.cssWidth, sy = std::max(1, fbH) / page.cssHeight;
  io.DisplaySize = ImVec2(page.cssWidth, page.cssHeight);
  io.DisplayFramebufferScale = ImVec2(sx, sy);
  if (io.MousePos.x > -FLT_MAX / 2) io.MousePos = ImVec2(io.MousePos.x / sx, io.MousePos.y / sy);
}

void frame() {
  WebApp& app = *g_app;
  app.page = followPageSize(app.window);
  const double now = glfwGetTime();
  const float dt = static_cast<float>(std::clamp(now - app.last, 1e-4, 0.1));
  app.last = now;
  glfwPollEvents();
  dispatchKeys(app.window);
  applyBrowserFileEvents(app.state);
  // Glyphs for the screen's pixels: twice the size on a HiDPI screen (or a page zoomed to 150 % or more).
  setFontDensity(emscripten_get_device_pixel_ratio() >= 1.5 ? 2.0f : 1.0f);
  if (fontsOutOfDate(app.state)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    rebuildFonts(app.state);
    // ImGui 1.86's OpenGL3 backend remakes only a missing shader by itself, not the font texture.
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  const auto capture = [&app] { return readFramebuffer(app.window); };
  std::string gifError;
  app.exports.beforeFrame(app.state, capture, "", &gifError);  // a refusal is in the status line
  app.cellImages->beginFrame();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  useCssPixels(app.window, app.page);
  // A GIF frame shows the preset's view, not the pointer's, and no time passes while it is taken.
  if (app.exports.capturing()) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  buildFrame(app.state, app.exports.capturing() ? 0.0f : dt);
  int width = 0, height = 0;
  glfwGetFramebufferSize(app.window, &width, &height);
  glViewport(0, 0, width, height);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  app.exports.afterFrame(app.state, capture, false, "");  // written files go to the browser as downloads
  if (app.exports.drawAgainForScreen()) {  // that frame was the GIF's, without its progress: this one has it
    app.cellImages->beginFrame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    useCssPixels(app.window, app.page);
    ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    buildFrame(app.state, 0.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
  ++app.frames;
}

int run() {
  // The link's query is the command line (url_options.h); a refused one still opens the app, saying why.
  const char* query = emscripten_run_script_string("location.search");
  std::vector<std::string> args = argumentsFromQuery(query != nullptr ? query : "");
  args.insert(args.begin(), "gradlab");
  // A link that carries a whole session (#session=...): the command line's session file.
  std::vector<std::string> problems;
  if (const std::string session = sessionFileFromLink(); !session.empty()) args.push_back(session);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  // The link's language first: a refusal is written in it, and the page that opens instead keeps it (a
  // refused ?lang=zh link showed its Chinese message in a page whose fonts had no Chinese glyphs).
  const std::optional<i18n::Language> linkLanguage = languageOfArguments(args);
  i18n::setLanguage(linkLanguage.value_or(i18n::languageFromEnvironment()));
  Options options;
  int exitCode = 0;
  if (!parseOptions(static_cast<int>(argv.size()), argv.data(), &options, &exitCode)) {
    // ?help (exit code 0) is not refused, and says nothing of its own in a page: say what a link takes.
    problems.push_back(exitCode == 0 || optionsRefusal().empty()
                           ? std::string(i18n::tr("the link asked for help, which a page cannot print: a link takes the desktop "
                                                  "app's options, e.g. ?op=upsample2d-backward&in=4x4&out=8x8 or ?lesson=first-steps"))
                           : i18n::trf("the link's options were refused: {0}", optionsRefusal()));
    options = Options{};
    options.language = linkLanguage;
  }
  i18n::setLanguage(options.language.value_or(i18n::languageFromEnvironment()));
  i18n::translateLibraryProse();
  if (std::string problem = linkProblem(); !problem.empty()) problems.insert(problems.begin(), problem);
  setenv("GRADLAB_LOG", "off", 0);
  setenv("GRADLAB_GOLDEN_DIR", "/golden", 0);  // packed beside the assets (CMakeLists.txt)
  if (!glfwInit()) {
    std::fprintf(stderr, "gradlab: the browser gave no WebGL2 context\n");
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  static WebApp app;
  g_app = &app;
  app.window = glfwCreateWindow(options.width, options.height, "gradlab", nullptr, nullptr);
  if (app.window == nullptr) {
    std::fprintf(stderr, "gradlab: the browser gave no WebGL2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(app.window);
  const std::string assets = "/assets";
  setUpImGui(assets, options.presenter, options.width, options.height);
  ImGui_ImplGlfw_InitForOpenGL(app.window, true);
  glfwSetKeyCallback(app.window, onKey);
  glfwSetCharCallback(app.window, onChar);
  glfwSetScrollCallback(app.window, nullptr);
  emscripten_set_wheel_callback("#canvas", nullptr, true, onWheel);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  app.cellImages = makeWebCellImages();
  std::string error;
  if (!setUpState(app.state, assets, options, &error)) {
    // A link to a lesson this build lacks still opens the app: on the first lesson, saying why.
    problems.push_back(error);
    options = Options{};
    if (!setUpState(app.state, assets, options, &error)) {
      std::fprintf(stderr, "gradlab: %s\n", error.c_str());
      return 2;
    }
  }
  // ?at=F: the animation paused there, as the desktop's --screenshot shows it (a picture to compare).
  if (std::find(args.begin(), args.end(), "--at") != args.end()) {
    app.state.player.playing = false;
    app.state.player.t = app.state.player.duration * options.at;
  }
  if (!problems.empty()) {
    std::string text;
    for (const std::string& p : problems) text += (text.empty() ? "" : "; ") + p;
    viz::setStatus(app.state, text, true);
  }
  // As in the desktop window: runs the user starts go to a worker, and the emulated cores leave one
  // thread to the page, so it keeps drawing while they run.
  app.state.host.worker = std::make_shared<viz::UiWorker>();
  app.state.host.canFullscreen = false;  // the browser has its own (F11): F does nothing and the help does not offer it
  installBrowserFiles(app.state);
  installClassHooks(&app.state);
  setHostThreadLimit(static_cast<int32_t>(std::max(1u, std::thread::hardware_concurrency()) - 1));
  app.last = glfwGetTime();
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}

}  // namespace
}  // namespace gradlab::app

// For the browser tests (tools/web/drive.mjs): the widget map of the last frame (viz/widgets/ui_map.h), as
// the desktop app writes it to GRADLAB_UI_MAP, so that scenarios find what to click; "" before the first.
extern "C" EMSCRIPTEN_KEEPALIVE const char* gradlab_ui_map() {
  using namespace gradlab;
  if (app::g_app == nullptr || app::g_app->frames == 0) return "";
  viz::uimap::setEnabled(true);
  const app::PageSize& page = app::g_app->page;  // the map is in CSS pixels, as the page's events are
  app::g_app->uiMap = viz::uimap::json(app::g_app->frames, 0, 0, static_cast<int>(page.cssWidth), static_cast<int>(page.cssHeight));
  return app::g_app->uiMap.c_str();
}

// For the browser tests: every lesson step's outputs hashed (viz/model/outputs_digest.h), to compare with the
// desktop app's --outputs-digest. Runs on the calling thread (a few seconds: call it from the console or a test).
extern "C" EMSCRIPTEN_KEEPALIVE const char* gradlab_outputs_digest() {
  static std::string text;
  if (gradlab::app::g_app == nullptr) return "";
  text = gradlab::viz::outputsDigest(gradlab::app::g_app->state.course.lessons).text();
  return text.c_str();
}

// For the browser tests: the bytes the page's allocator has handed out and not had back (a leak grows it every
// round of runs; the WebAssembly memory's size only grows when the allocator wants a larger heap, at a round
// that depends on its history, so it says nothing steady).
extern "C" EMSCRIPTEN_KEEPALIVE double gradlab_heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

int main() { return gradlab::app::run(); }
