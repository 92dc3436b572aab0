// A student's page in a class (opened from the teacher's link, ?join=CODE): it follows the teacher's lesson
// step and tab, sends every try of the open question to the teacher, and shows the answer when the teacher
// reveals it. Hover, zoom and stepping through the animation stay the student's own. The page's script does
// the network (tools/web/index.html): it hands the class state in and carries each try out.
#pragma once

#include <functional>
#include <string>

#include "viz/model/class_page.h"

namespace gradlab::viz {

struct AppState;

struct StudentClass {
  std::string name;                                  // as the class knows the student ("" for anonymous)
  std::function<void(const std::string& json)> send;  // a try's body for POST /api/answer
  ClassPageState shown;                               // the teacher's screen as last followed
  int attempt = 0;                                    // tries sent to the question and round shown
  double openedAt = 0.0;                              // when that question opened on this page (seconds)
  // A page that joined again (a reload): the tries it had sent to this question and round, which its next
  // try numbers on from.
  std::string resumedQuestion;
  int resumedRound = 0, resumedTries = 0;
};

// Goes where the teacher is: the lesson step (a new question opens fresh), the tab when the teacher changes
// it, a fresh question for a new round, the answer once revealed. `now`: seconds, the tries' clock.
void followClass(AppState& state, const ClassPageState& teacher, double now);

// After Check on a student's page: the try goes to the teacher when it answers the question the teacher
// has open (the student may have wandered to another step). Returns whether it was sent.
bool sendClassTry(AppState& state, double now);

}  // namespace gradlab::viz
