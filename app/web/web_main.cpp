// The app in a browser tab: the same state, panels and lessons as the desktop window (app/src), drawn
// through GLFW and WebGL2 (Dear ImGui's glfw and opengl3 backends), one frame per animation frame.
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app_setup.h"
#include "i18n/translate.h"
#include "options.h"

namespace gradlab::app {
namespace {

struct WebApp {
  GLFWwindow* window = nullptr;
  viz::AppState state;
  double last = 0.0;
};

WebApp* g_app = nullptr;

void frame() {
  WebApp& app = *g_app;
  const double now = glfwGetTime();
  const float dt = static_cast<float>(std::clamp(now - app.last, 1e-4, 0.1));
  app.last = now;
  glfwPollEvents();
  if (fontsOutOfDate()) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    rebuildFonts(app.state);
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  buildFrame(app.state, dt);
  int width = 0, height = 0;
  glfwGetFramebufferSize(app.window, &width, &height);
  glViewport(0, 0, width, height);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

int run() {
  Options options;
  i18n::setLanguage(i18n::languageFromEnvironment());
  i18n::translateLibraryProse();
  setenv("GRADLAB_LOG", "off", 0);
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
  ImGui_ImplOpenGL3_Init("#version 300 es");
  std::string error;
  if (!setUpState(app.state, assets, options, &error)) {
    std::fprintf(stderr, "gradlab: %s\n", error.c_str());
    return 2;
  }
  app.last = glfwGetTime();
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}

}  // namespace
}  // namespace gradlab::app

int main() { return gradlab::app::run(); }
