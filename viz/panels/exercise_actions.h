// A lesson step's question: built from the run on screen, checked, hinted, revealed, and the lesson's score.
#pragma once

#include <string>

#include "i18n/language.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

// Builds the step's exercise from the run on screen (keeps it while the run and plane stay the same).
void refreshExercise(AppState& state);
// Checks the student's answer and records it for the lesson's score: right plays the reveal, wrong keeps
// the question open with the next hint.
void checkExercise(AppState& state);
// Shows the next hint without a try (it counts in the score).
void hintExercise(AppState& state);
// Gives the answer away (counts as not answered right) and plays the reveal: the teacher's "show the room".
void revealExercise(AppState& state);
// "Score: 2 of 3 right first time, 1 hint used, 4 to go" for the lesson on screen; "" when it asks nothing.
// In English unless `language` says otherwise: the widget map's "score" fact stays English in either
// language, the exercise panel asks for the user's.
std::string lessonScoreText(const AppState& state, i18n::Language language = i18n::Language::kEnglish);

}  // namespace gradlab::viz
