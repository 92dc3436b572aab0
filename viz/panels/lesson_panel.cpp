#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/class_student.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

void drawLessonNavigation(AppState& s) {
  if (ui::Button("◀ Previous")) handleShortcut(s, Shortcut::kPreviousPreset);
  ImGui::SameLine();
  if (ui::Button("Next ▶")) handleShortcut(s, Shortcut::kNextPreset);
}

void drawLessonHeading(AppState& s) {
  if (logging()) logMark("lesson panel");  // the spoiler test reads the lesson's own words apart from the rest
  const Lesson* lesson = s.currentLesson();
  const Preset* preset = s.shownPreset();
  ImGui::PushFont(headingFont());
  if (preset) {
    ui::TextWrapped("%s", preset->title.c_str());
  } else {
    ui::TextWrapped("%s", i18n::tr(opInfo(s.controls.request.op).title));
  }
  ImGui::PopFont();
  if (lesson && s.course.classMode) {
    const QuestionNumber n = questionNumber(*lesson, s.course.preset);
    textDimWrapped(i18n::trf("{0}  ·  question {1} of {2}", lesson->title, n.question, n.questions));
  } else if (lesson && s.view.presenter && s.exerciseHasFeedback()) {
    // The top bar names the lesson and the step: these lines go to the question, its hints and its buttons.
  } else if (lesson) {
    textDimWrapped(i18n::trf("{0}  ·  step {1} of {2}", lesson->title, s.course.preset + 1, lesson->presets.size()));
  } else {
    textDimWrapped(i18n::tr(preset ? "a preset: change anything on the left" : "free exploration: change anything on the left"));
  }
  if (s.course.student) {  // a student's page in a class
    textColouredWrapped(
        theme().panelAccent,
        s.course.student->name.empty()
            ? i18n::tr("In the class: this page follows the teacher, and your answers go to them.")
            : i18n::trf("In the class as {0}: this page follows the teacher, and your answers go to them.",
                        s.course.student->name));
  }
  if (logging()) logMark("end of lesson panel");
}

void drawLessonPanel(AppState& s, bool withQuestion) {
  if (logging()) logMark("lesson panel");
  const Lesson* lesson = s.currentLesson();
  const Preset* preset = s.shownPreset();
  if (preset && !preset->caption.empty()) {
    ImGui::Spacing();
    // Its numbers come from the run ({imbalance}, {adds gradInput[4, 3]}, ...): "?" while another run is shown.
    std::string unfilled;
    const bool own = s.run.ok() && s.run.spec == preset->spec;
    const float top = ImGui::GetCursorScreenPos().y;
    textWrapped(fillCaption(preset->caption, own ? s.run.scene : Scene{}, s.exerciseOpen(), &unfilled));
    uimap::lines("caption", top);
  }
  // Once the controls differ from the preset, the caption describes a run that is not on screen: say so.
  if (preset && !(s.controls == preset->spec)) {
    ImGui::Spacing();
    textColouredWrapped(theme().warn, i18n::tr("You changed this step: the text above describes it as it was set up."));
    if (ui::Button("Back to the original settings")) {
      if (lesson) applyPreset(s, s.course.lesson, s.course.preset);
      else applyLibraryPreset(s, *preset);
    }
  }
  if (withQuestion) drawExercisePanel(s);
  else drawExerciseFooter(s);  // the question is pinned below; what follows it stays with the words
  for (const std::string& note : s.run.notes) {
    textColouredWrapped(theme().warn, note);
  }
  if (lesson) {
    ImGui::Spacing();
    bool classMode = s.course.classMode;
    if (ui::Checkbox("Class mode: questions only", &classMode)) setClassMode(s, classMode);
  }
  for (const std::string& e : s.course.loadErrors) {
    textColouredWrapped(theme().bad, e);
  }
  ImGui::Spacing();
  if (logging()) logMark("end of lesson panel");
}

}  // namespace gradlab::viz
