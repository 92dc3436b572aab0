#include "viz/panels/class_student.h"

#include "viz/panels/actions.h"
#include "viz/panels/app_state.h"

namespace gradlab::viz {

namespace {

// The lesson step on this page is the teacher's open question.
bool onTheQuestion(const AppState& s, const ClassQuestion& q) {
  const Lesson* lesson = s.currentLesson();
  return q.open && lesson && lesson->id == q.lesson && s.preset + 1 == q.step && s.exercise && s.exercise->exercise.ok();
}

}  // namespace

void followClass(AppState& s, const ClassPageState& teacher, double now) {
  if (!s.student) return;
  StudentClass& c = *s.student;
  const ClassPageState before = c.shown;
  c.shown = teacher;
  const bool newStep = teacher.lesson != before.lesson || teacher.step != before.step;
  const bool newRound = teacher.question.key() != before.question.key() || teacher.question.round != before.question.round;
  if (!teacher.lesson.empty() && newStep) {
    for (size_t i = 0; i < s.lessons.size(); ++i) {
      const Lesson& l = s.lessons[i];
      if (l.id != teacher.lesson || teacher.step < 1 || teacher.step > static_cast<int>(l.presets.size())) continue;
      applyPreset(s, static_cast<int>(i), teacher.step - 1);
    }
  } else if (newRound && onTheQuestion(s, teacher.question)) {
    applyPreset(s, s.lesson, s.preset);  // vote again: the question fresh, as it first opened
  }
  if (newRound) {
    const bool resumed = teacher.question.key() == c.resumedQuestion && teacher.question.round == c.resumedRound;
    c.attempt = resumed ? c.resumedTries : 0;
    c.openedAt = now;
  }
  if (Tab tab; teacher.tab != before.tab && tabFromName(teacher.tab, &tab)) {
    s.tab = tab;
    s.selectTab = true;
  }
  if (teacher.question.revealed && onTheQuestion(s, ClassQuestion{teacher.question.lesson, teacher.question.step, teacher.question.round, true, true}) &&
      s.exerciseOpen())
    revealExercise(s);
}

bool sendClassTry(AppState& s, double now) {
  if (!s.student || !s.student->send || !s.exercise) return false;
  StudentClass& c = *s.student;
  if (!onTheQuestion(s, c.shown.question) || c.shown.question.revealed) return false;
  ClassTry t;
  t.question = c.shown.question.key();
  t.round = c.shown.question.round;
  t.attempt = ++c.attempt;
  t.answer = s.exercise->answer;
  t.typed = s.exercise->typed;
  t.hints = s.exercise->hintsAsked;
  t.seconds = std::max(0.0, now - c.openedAt);
  c.send(classTryJson(t));
  return true;
}

}  // namespace gradlab::viz
