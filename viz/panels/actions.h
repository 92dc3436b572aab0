// What the panels (and the keyboard, and the headless exporter) do to the app state, by concern: the run
// (run_actions.h), the lessons (lesson_actions.h), a step's question (exercise_actions.h), sessions
// (session_actions.h), the keys (shortcut_keys.h); and the app-wide status line, language and theme here.
#pragma once

#include <string>

#include "i18n/language.h"
#include "viz/panels/app_state.h"
#include "viz/panels/exercise_actions.h"
#include "viz/panels/lesson_actions.h"
#include "viz/panels/run_actions.h"
#include "viz/panels/session_actions.h"
#include "viz/panels/shortcut_keys.h"

namespace gradlab::viz {

// Shows the app in `language`: the translations' strings, the lessons' words and the open question's text
// (its answer, tries and hints stay); the app rebuilds its fonts before the next frame.
void setLanguage(AppState& s, i18n::Language language);

// The top bar's status line; a failure is also shown in full in the side panel until dismissed.
void setStatus(AppState& s, std::string text, bool error = false);
// Applies the theme state.presenter asks for (ImGui's style changes between frames, not inside one).
void syncTheme(AppState& state);

}  // namespace gradlab::viz
