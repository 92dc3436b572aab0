#include "web_class.h"

#include <emscripten.h>
#include <imgui.h>

#include <cstdio>
#include <memory>
#include <string>

#include "viz/panels/class_student.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::app {
namespace {

viz::AppState* g_state = nullptr;

// The page's script posts it to /api/answer with the student's token, again if the network drops it (the
// server records an attempt once).
EM_JS(void, sendTryToClass, (const char* json), {
  if (window.gradlabClass) window.gradlabClass.sendTry(UTF8ToString(json));
});

double now() { return ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0; }

}  // namespace

void installClassHooks(viz::AppState* state) { g_state = state; }

}  // namespace gradlab::app

// The script joined the class as `name` ("" for anonymous): this page is now a student's. 0 while the app is
// still starting (the script calls again).
// `question`, `round`, `tries`: what the join said this student already sent (a reload numbers on from them).
extern "C" EMSCRIPTEN_KEEPALIVE int gradlab_class_joined(const char* name, const char* question, int round, int tries) {
  using namespace gradlab;
  if (app::g_state == nullptr) return 0;
  auto student = std::make_shared<viz::StudentClass>();
  student->name = name != nullptr ? name : "";
  student->resumedQuestion = question != nullptr ? question : "";
  student->resumedRound = round;
  student->resumedTries = tries;
  student->send = [](const std::string& json) { app::sendTryToClass(json.c_str()); };
  app::g_state->course.student = std::move(student);
  viz::uimap::setEnabled(true);  // the script reads where the pictures are (two fingers pan and zoom them)
  return 1;
}

// The class state as the server sent it (/api/state, /api/events): the page goes where the teacher is.
extern "C" EMSCRIPTEN_KEEPALIVE void gradlab_class_state(const char* json) {
  using namespace gradlab;
  if (app::g_state == nullptr || !app::g_state->course.student || json == nullptr) return;
  std::string why;
  if (const auto state = viz::classPageStateFromJson(json, &why)) viz::followClass(*app::g_state, *state, app::now());
  else std::fprintf(stderr, "gradlab: the class state was refused: %s\n", why.c_str());
}
