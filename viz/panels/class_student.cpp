#include "viz/panels/class_student.h"

#include "viz/panels/actions.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

namespace {

// This page shows the step the class question `q` asks on, with its question posed.
bool onItsStep(const AppState& s, const ClassQuestion& q) {
  const Lesson* lesson = s.currentLesson();
  return lesson && lesson->id == q.lesson && s.course.preset + 1 == q.step && s.course.exercise &&
         s.course.exercise->exercise.ok();
}

}  // namespace

void followClass(AppState& s, const ClassPageState& teacher, double now) {
  if (!s.course.student) return;
  StudentClass& c = *s.course.student;
  const ClassPageState before = c.shown;
  c.shown = teacher;
  const bool newStep = teacher.lesson != before.lesson || teacher.step != before.step;
  const bool newRound = teacher.question.key() != before.question.key() || teacher.question.round != before.question.round;
  if (const Lesson* l = newStep ? findLesson(s.course.lessons, teacher.lesson) : nullptr) {
    if (teacher.step >= 1 && teacher.step <= static_cast<int>(l->presets.size()))
      applyPreset(s, static_cast<int>(l - s.course.lessons.data()), teacher.step - 1);
  } else if (newRound && teacher.question.open && onItsStep(s, teacher.question)) {
    applyPreset(s, s.course.lesson, s.course.preset);  // vote again: the question fresh, as it first opened
  }
  if (newRound) {
    const bool resumed = teacher.question.key() == c.resumedQuestion && teacher.question.round == c.resumedRound;
    c.attempt = resumed ? c.resumedTries : 0;
    c.openedAt = now;
  }
  if (Tab tab; teacher.tab != before.tab && tabFromName(teacher.tab, &tab)) {
    s.view.tab = tab;
    s.view.selectTab = true;
  }
  if (teacher.question.revealed && onItsStep(s, teacher.question) && s.exerciseOpen()) revealExercise(s);
}

bool sendClassTry(AppState& s, double now) {
  if (!s.course.student || !s.course.student->send || !s.course.exercise) return false;
  StudentClass& c = *s.course.student;
  if (!c.shown.question.open || c.shown.question.revealed || !onItsStep(s, c.shown.question)) return false;
  ClassTry t;
  t.question = c.shown.question.key();
  t.round = c.shown.question.round;
  t.attempt = ++c.attempt;
  t.answer = s.course.exercise->answer;
  t.typed = s.course.exercise->typed;
  t.hints = s.course.exercise->hintsAsked;
  t.seconds = std::max(0.0, now - c.openedAt);
  c.send(classTryJson(t));
  return true;
}

}  // namespace gradlab::viz
