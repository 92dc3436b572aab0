// The lesson panel's question: what it asks, how to answer (cells on the canvas, cores, a number), Check
// and Show the answer, then the verdict with the run's own numbers and the lesson's score.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "i18n/translate.h"
#include "viz/model/explain.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

std::string gridName(const AppState& s, int grid) {
  const SceneGrid* g = s.run.scene.gridAt(grid);
  return g ? g->grid.name : std::string(i18n::tr("the grid"));
}

// The next item (`width` pixels) on the line while it fits (presenter type fits fewer), else on the next line.
void sameLineIfFits(float width) {
  if (roomAfterLastItem() > width + ImGui::GetStyle().ItemSpacing.x) ImGui::SameLine();
}

// The width of button `label` as shown (in the user's language).
float buttonWidth(const char* label) { return ImGui::CalcTextSize(i18n::tr(label)).x + ImGui::GetStyle().FramePadding.x * 2.0f; }

// The answer's own widgets (a number field, the cores' boxes; cells are picked on the canvas); true when there
// is something to check. They stand above the buttons, and nothing that grows is drawn between them: the
// buttons stay under the mouse (a new hint or verdict pushed them down, and Show the answer slid under it).
bool answerWidgets(AppState& s) {
  ExerciseState& ex = *s.exercise;
  const Exercise& e = ex.exercise;
  switch (e.input) {
    case AnswerInput::kOneCell: return !ex.answer.cells.empty();
    case AnswerInput::kCells: return true;  // "none" can be the answer
    case AnswerInput::kNumber: {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%s", ex.typed.c_str());
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
      const bool entered = ui::InputText("##answer", buffer, sizeof buffer, ImGuiInputTextFlags_EnterReturnsTrue);
      if (ex.typed != buffer) ex.verdict.reset();  // a changed answer: the last try's verdict no longer speaks of it
      ex.typed = buffer;
      const bool valid = parseTypedNumber(ex.typed).has_value();
      if (entered && valid) checkExercise(s);
      return valid;
    }
    case AnswerInput::kCores:
      for (size_t i = 0; i < e.choices.size(); ++i) {
        bool on = std::find(ex.answer.cores.begin(), ex.answer.cores.end(), e.choices[i]) != ex.answer.cores.end();
        if (i > 0) {  // a check box: its square, then its label
          sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(e.coreNames[i].c_str()).x);
        }
        const ui::Verbatim coreName;  // AIV0, AIC1: names
        if (ui::Checkbox(cat(e.coreNames[i], "##core", i).c_str(), &on)) ex.toggleCore(e.choices[i]);
      }
      return !ex.answer.cores.empty();
  }
  return false;
}

// Under the answer's widgets: the answer so far in words.
void answerStatus(AppState& s) {
  ExerciseState& ex = *s.exercise;
  const Exercise& e = ex.exercise;
  const Scene& sc = s.run.scene;
  switch (e.input) {
    case AnswerInput::kOneCell:
      if (ex.answer.cells.empty()) textDimWrapped(i18n::trf("Click a cell of {0}.", gridName(s, e.answerGrid)));
      else
        textDimWrapped(i18n::trf("Your pick: {0} (click another to change it)",
                                 cellName(sc.grids[static_cast<size_t>(e.answerGrid)], sc.plane, ex.answer.cells.front().row,
                                          ex.answer.cells.front().col)));
      break;
    case AnswerInput::kCells:
      textDimWrapped(i18n::trf("Click cells of {0} to select or clear them: {1} selected.", gridName(s, e.answerGrid),
                               ex.answer.cells.size()));
      if (!ex.answer.cells.empty() && ui::SmallButton("Clear the selection")) ex.answer.cells.clear();
      break;
    case AnswerInput::kNumber:
      textDimWrapped(i18n::tr(ex.typed.empty() ? "type a number" : parseTypedNumber(ex.typed) ? "Enter checks it" : "not a number yet"));
      break;
    case AnswerInput::kCores: break;
  }
}

}  // namespace

void drawExercisePanel(AppState& s, bool withFooter) {
  if (!s.exercise) return;
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted(i18n::tr("Your turn: predict it"));
  ImGui::PopFont();
  const Exercise& e = s.exercise->exercise;
  if (!e.ok()) {
    textColouredWrapped(theme().warn, i18n::trf("This step's question cannot be asked: {0}.", e.error));
    return;
  }
  const float questionTop = ImGui::GetCursorScreenPos().y;
  const float questionAt = questionTop + ImGui::GetScrollY() - ImGui::GetWindowPos().y;  // in the panel's content
  ui::TextWrapped("%s", e.question.c_str());
  uimap::lines("question", questionTop);
  if (s.exerciseOpen()) {
    const ExerciseState& ex = *s.exercise;
    bool fresh = false;  // a new question starts at its top, not where the last one was scrolled to
    if (const uint64_t shown = ex.run ^ (s.presenter ? 1ull << 63 : 0); s.questionShown != shown) {  // a new question
      fresh = true;
      s.questionShown = shown;
      s.questionScrollFrames = 8;
      s.questionButtonsAt = -1.0f;
      s.questionButtonsOnScreen = -1.0f;
    }
    // What a try and the Hint button bring (the hints, then the last try's verdict) comes above the answer and
    // its buttons, where the eye is after a click: below the buttons, a wrong try's verdict fell below the
    // panel's edge and nothing on screen changed; between the number field and the buttons, a long hint pushed
    // the field out of view when the next try was to be typed into it.
    const float feedbackTop = ImGui::GetCursorScreenPos().y;
    float lastHintTop = feedbackTop;
    for (int i = 0; i < ex.hintsShown && i < static_cast<int>(e.hints.size()); ++i) {
      lastHintTop = ImGui::GetCursorScreenPos().y;
      textColouredWrapped(theme().warn, i18n::trf("Hint {0}: {1}", i + 1, e.hints[static_cast<size_t>(i)]));
    }
    if (ex.verdict) textColouredWrapped(theme().bad, ex.verdict->headline);
    if (ImGui::GetCursorScreenPos().y > feedbackTop) uimap::lines("feedback", lastHintTop);  // the newest hint and the verdict
    const bool ready = answerWidgets(s);
    if (!s.exerciseOpen()) return;  // Enter in the number field checked it
    answerStatus(s);
    const float toContent = ImGui::GetScrollY() - ImGui::GetWindowPos().y;  // screen y -> the panel's content y
    const float buttonsAt = ImGui::GetCursorScreenPos().y + toContent;
    ImGui::BeginDisabled(!ready);
    if (ui::Button("Check")) checkExercise(s);
    ImGui::EndDisabled();
    // Hint stays where it is once every hint is out (greyed): Show the answer never slides under the mouse.
    sameLineIfFits(buttonWidth("Hint"));
    ImGui::BeginDisabled(ex.hintsShown >= static_cast<int>(e.hints.size()));
    if (ui::Button("Hint")) hintExercise(s);
    ImGui::EndDisabled();
    // The scroll below keeps Check and Hint in view; Show the answer may stay below them (brought into view, it
    // came where Check had been clicked, in presenter mode's tallest questions).
    const ImVec2 buttonsEnd = ImGui::GetItemRectMax();
    if (!s.student) {  // in a class, the teacher reveals the answer on every device
      sameLineIfFits(buttonWidth("Show the answer"));
      if (ui::Button("Show the answer")) revealExercise(s);
    }
    // The buttons keep their place on screen as what is above them grows: another button never slides under
    // the mouse, and the newest words end just above the button that brought them. Below its share of the
    // panel the question grows upwards; past it, a scroll makes up for the growth, and where the newest words
    // would then start above the question's top, the buttons give way downwards while they stay in view (what
    // comes under the mouse is then those words, never a button). A new question (and presenter mode switched
    // on or off) that outgrows its share scrolls over its first frames, while the layout settles, so that its
    // buttons are in view.
    const float buttonsInView = buttonsEnd.y + toContent + ImGui::GetStyle().ItemSpacing.y - ImGui::GetWindowHeight();
    float scroll = fresh ? 0.0f : ImGui::GetScrollY();
    const bool moved = s.questionButtonsAt >= 0.0f && std::abs(buttonsAt - s.questionButtonsAt) > 0.5f;
    if (moved) s.questionScrollFrames = 0;  // a try or a hint: the layout had settled
    const bool fits = s.questionPanelH <= ImGui::GetWindowHeight() + 0.5f;
    if (fits) {
      // Pinned at the side panel's foot as tall as it is, the question grows upwards by itself from the next
      // frame: nothing to scroll.
      scroll = 0.0f;
      s.questionScrollFrames = std::max(s.questionScrollFrames - 1, 0);
    } else {
      if (moved || !s.questionOutgrown) {  // a try or a hint, or it has just outgrown its share
        const float windowTop = ImGui::GetWindowPos().y;
        const float anchored = s.questionButtonsOnScreen >= 0.0f ? buttonsAt - (s.questionButtonsOnScreen - windowTop) : buttonsInView;
        const float newestInView = lastHintTop + toContent - ImGui::GetStyle().ItemSpacing.y;
        scroll = std::max(std::min(anchored, newestInView), buttonsInView);
      }
      if (s.questionScrollFrames > 0) {  // its buttons in view, but never its question's first line out of it
        --s.questionScrollFrames;
        scroll = std::min(std::max(scroll, buttonsInView), questionAt);
      }
    }
    if (scroll != ImGui::GetScrollY()) ImGui::SetScrollY(scroll);
    if (!moved) s.questionButtonsOnScreen = buttonsAt - scroll + ImGui::GetWindowPos().y;  // where they settled
    s.questionButtonsAt = buttonsAt;
    s.questionOutgrown = !fits;
  } else {
    // Just answered: the verdict comes to the panel's top (the feedback above the buttons went, and the
    // "Right: ..." line was left above the panel's edge in presenter mode).
    if (s.questionButtonsAt >= 0.0f) {
      ImGui::SetScrollHereY(0.0f);
      s.questionButtonsAt = -1.0f;
    }
    const std::optional<Verdict>& v = s.exercise->verdict;
    const float verdictTop = ImGui::GetCursorScreenPos().y;
    if (v) textColouredWrapped(v->correct ? theme().good : theme().bad, v->headline);
    else textColouredWrapped(theme().warn, i18n::tr("The answer (given away):"));
    uimap::lines("verdict", verdictTop);
    for (const std::string& line : e.why) ui::TextWrapped("%s", line.c_str());
    if (const std::string note = revealNote(e); !note.empty()) textDimWrapped(note);
  }
  if (withFooter) drawExerciseFooter(s);
}

void drawExerciseFooter(AppState& s) {
  if (!s.exercise) return;
  if (const std::string score = lessonScoreText(s, i18n::language()); !score.empty()) textDimWrapped(score);
  if (!s.presenter) ui::Checkbox("Teacher: outline the answers", &s.showAnswers);
}

}  // namespace gradlab::viz
