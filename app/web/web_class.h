// A student's page in a class (?join=CODE): the page's script (tools/web/index.html) joins with the name the
// student gives, then hands this page each class state the server pushes (gradlab_class_state) and sends the
// tries the panels make (window.gradlabClass.sendTry). The logic is viz/panels/class_student.h's.
#pragma once

#include "viz/panels/app_state.h"

namespace gradlab::app {

// The state the script's calls act on (the page's own, for as long as it runs).
void installClassHooks(viz::AppState* state);

}  // namespace gradlab::app
