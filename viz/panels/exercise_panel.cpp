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
#include "viz/widgets/draw_text.h"
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

// A choice: one round button per option, its words wrapped beside it (an option is a sentence: ImGui's own
// label would run past the panel's edge); a click on the words picks it too.
void optionButtons(ExerciseState& ex) {
  const Exercise& e = ex.exercise;
  if (logging()) logMark("options");  // the spoiler test reads the options apart from the lesson's words
  for (size_t i = 0; i < e.options.size(); ++i) {
    const int32_t option = static_cast<int32_t>(i);
    if (i > 0) sameLineIfFits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(e.options[i].c_str()).x);
    ImGui::PushID(option);
    ImGui::BeginGroup();  // the button and every line of its words: one thing to click
    const float left = ImGui::GetCursorPosX();
    // The button picks on its own release; the group's click below picks from the words.
    if (ImGui::RadioButton("##option", ex.answer.choice == option)) ex.pickOption(option);
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    const float hang = ImGui::GetCursorPosX() - left;  // a wrapped option's next lines start under its first word
    ImGui::Indent(hang);
    {
      const ui::Verbatim words;  // the run's own words, in the reader's language already
      ui::TextWrapped("%s", e.options[i].c_str());
    }
    ImGui::Unindent(hang);
    ImGui::EndGroup();
    if (ImGui::IsItemClicked()) ex.pickOption(option);
    uimap::rect("radio", cat("option ", i), ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), ex.answer.choice == option ? "on" : "off");
    ImGui::PopID();
  }
  if (logging()) logMark("end of options");
}

// The answer's own widgets (a number field, the cores' boxes; cells are picked on the canvas); true when there
// is something to check. They stand above the buttons, and nothing that grows is drawn between them: the
// buttons stay under the mouse (a new hint or verdict pushed them down, and Show the answer slid under it).
bool answerWidgets(AppState& s) {
  ExerciseState& ex = *s.course.exercise;
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
    case AnswerInput::kChoice:
      optionButtons(ex);
      return ex.answer.choice.has_value();
  }
  return false;
}

// Under the answer's widgets: the answer so far in words.
void answerStatus(AppState& s) {
  ExerciseState& ex = *s.course.exercise;
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
      // The question says what to pick; this line says how, then only how many (the hints need the lines).
      if (ex.answer.cells.empty()) {
        textDimWrapped(i18n::trf("Click cells of {0} to select them.", gridName(s, e.answerGrid)));
      } else {
        textDimWrapped(i18n::trf("{0} selected", ex.answer.cells.size()));
        sameLineIfFits(ImGui::CalcTextSize(ui::shownLabel("Clear the selection")).x + ImGui::GetStyle().FramePadding.x * 2.0f);
        if (ui::SmallButton("Clear the selection")) ex.answer.cells.clear();
      }
      break;
    case AnswerInput::kNumber:
      textDimWrapped(i18n::tr(ex.typed.empty() ? "type a number" : parseTypedNumber(ex.typed) ? "Enter checks it" : "not a number yet"));
      break;
    case AnswerInput::kCores: break;
    case AnswerInput::kChoice: break;  // the question says how
  }
}

// The question's heading and words.
void askedWords(const Exercise& e) {
  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted(i18n::tr("Your turn: predict it"));
  ImGui::PopFont();
  if (!e.ok()) {
    textColouredWrapped(theme().warn, i18n::trf("This step's question cannot be asked: {0}.", e.error));
    return;
  }
  const float questionTop = ImGui::GetCursorScreenPos().y;
  ui::TextWrapped("%s", e.question.c_str());
  uimap::lines("question", questionTop);
}

// The hints a try or the Hint button brought. They scroll by themselves between the question and its answer, and
// a new one is shown from its first line.
void hintLines(AppState& s, float height) {
  const ExerciseState& ex = *s.course.exercise;
  const Exercise& e = ex.exercise;
  ImGui::BeginChild("##hints", ImVec2(0, height), false,
                    s.course.questionHintsH > height + 0.5f ? 0 : ImGuiWindowFlags_NoScrollbar);
  uimap::rect("panel", "hints", ImGui::GetWindowPos(), ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowWidth(), ImGui::GetWindowPos().y + height));
  float newestTop = 0.0f, newestAt = 0.0f;  // on screen, and in the child's content
  const int hints = std::min(ex.hintsShown, static_cast<int>(e.hints.size()));
  for (int i = 0; i < hints; ++i) {
    newestTop = ImGui::GetCursorScreenPos().y;
    newestAt = ImGui::GetCursorPosY();
    textColouredWrapped(theme().warn, i18n::trf("Hint {0}: {1}", i + 1, e.hints[static_cast<size_t>(i)]));
  }
  uimap::lines("hint", newestTop);  // the newest
  s.course.questionHintsH = ImGui::GetCursorPosY();
  // Room below the newest for it to stand at the top: scrolled to it and clamped, the last lines of the hint
  // before it showed above it.
  if (const float below = height - (s.course.questionHintsH - newestAt);
      hints > 1 && below > 0.0f && s.course.questionHintsH > height + 0.5f)
    ImGui::Dummy(ImVec2(1.0f, below));
  if (hints != s.course.questionHintsSeen) {
    s.course.questionHintsSeen = hints;
    s.course.questionHintsSettling = 4;  // the parts take their new heights over the next frames
  }
  if (s.course.questionHintsSettling > 0) {
    --s.course.questionHintsSettling;
    ImGui::SetScrollY(newestAt);
  }
  ImGui::EndChild();
}

// The answer's widgets, how it stands, and Check, Hint and Show the answer.
void answerAndButtons(AppState& s) {
  ExerciseState& ex = *s.course.exercise;
  const Exercise& e = ex.exercise;
  const float answerTop = ImGui::GetCursorPosY();
  // The last try's verdict, over the answer it speaks of.
  if (ex.verdict) {
    const float verdictTop = ImGui::GetCursorScreenPos().y;
    textColouredWrapped(theme().bad, ex.verdict->headline);
    uimap::lines("try verdict", verdictTop);
  }
  const bool ready = answerWidgets(s);
  if (!s.exerciseOpen()) return;  // Enter in the number field checked it
  answerStatus(s);
  ImGui::BeginDisabled(!ready);
  if (ui::Button("Check")) checkExercise(s);
  ImGui::EndDisabled();
  // Hint stays where it is once every hint is out (greyed): Show the answer never slides under the mouse.
  sameLineIfFits(buttonWidth("Hint"));
  ImGui::BeginDisabled(ex.hintsShown >= static_cast<int>(e.hints.size()));
  if (ui::Button("Hint")) hintExercise(s);
  ImGui::EndDisabled();
  if (!s.course.student) {  // in a class, the teacher reveals the answer on every device
    sameLineIfFits(buttonWidth("Show the answer"));
    if (ui::Button("Show the answer")) revealExercise(s);
  }
  s.course.questionAnswerH = ImGui::GetCursorPosY() - answerTop;
}

}  // namespace

float openQuestionHeight(const AppState& s) {
  if (!s.exerciseOpen() || s.course.questionAskedH <= 0.0f) return 0.0f;
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  return s.course.questionAskedH + (s.course.exercise->hintsShown > 0 ? s.course.questionHintsH + gap : 0.0f) + gap +
         s.course.questionAnswerH;
}

// Three parts, each in view whatever the others hold: the question's words at the top, the last try's verdict,
// the answer and the buttons at the foot, the hints between. Scrolled as one, hints pushed the question's first
// lines above the panel's top (presenter mode, 720 px), and a try that scrolled it put Show the answer where
// Check had been. The buttons stand at the panel's foot, a fixed height above its edge, so none ever slides
// under the mouse. Each part is measured as it is drawn and sized from the last frame's measures.
void drawOpenQuestion(AppState& s) {
  if (!s.exerciseOpen()) return;
  const ExerciseState& ex = *s.course.exercise;
  const float line = ImGui::GetTextLineHeightWithSpacing(), gap = ImGui::GetStyle().ItemSpacing.y;
  const float panelH = ImGui::GetContentRegionAvail().y;
  const bool fresh = s.course.questionShown != ex.run;  // a new question starts at its top
  s.course.questionShown = ex.run;
  const bool hints = ex.hintsShown > 0 && !ex.exercise.hints.empty();
  // The newest hint comes first: the question keeps three lines (its heading and first lines, read already)
  // and the hints take the rest they need, in whole lines (a long second hint got two lines, the rest a
  // scroll away, beside a question shown in full).
  const float askedLeast =
      std::min(s.course.questionAskedH > 0.0f ? s.course.questionAskedH : line * 2.0f, line * 3.0f);
  const float hintsRoom = panelH - s.course.questionAnswerH - askedLeast - gap * 2.0f;
  const float hintsLeast = std::min(std::max(s.course.questionHintsH, line), line * 2.0f);
  const float hintsH =
      hints ? std::max(std::min(s.course.questionHintsH, std::floor(hintsRoom / line) * line), hintsLeast) : 0.0f;
  const float askedRoom = panelH - s.course.questionAnswerH - (hints ? hintsH + gap : 0.0f) - gap;
  float askedH = s.course.questionAskedH <= 0.0f
                     ? line * 2.0f
                     : std::max(std::min(s.course.questionAskedH, std::floor(askedRoom)), line * 2.0f);
  if (askedH < s.course.questionAskedH) {  // cut after a whole line of the words under the heading, never through one
    const float heading = headingFont()->FontSize + gap;
    askedH = std::max(heading + std::floor((askedH - heading) / line) * line,
                      std::min(s.course.questionAskedH, line * 2.0f));
  }
  ImGui::BeginChild("##asked", ImVec2(0, askedH), false,
                    s.course.questionAskedH > askedH + 0.5f ? 0 : ImGuiWindowFlags_NoScrollbar);
  if (fresh) ImGui::SetScrollY(0.0f);
  askedWords(ex.exercise);
  s.course.questionAskedH = ImGui::GetCursorPosY();
  ImGui::EndChild();
  if (!ex.exercise.ok()) return;
  if (hints) {
    hintLines(s, hintsH);
  } else {
    s.course.questionHintsH = 0.0f;
    s.course.questionHintsSeen = 0;
  }
  const float foot = ImGui::GetCursorPosY() + ImGui::GetContentRegionAvail().y - s.course.questionAnswerH;
  if (foot > ImGui::GetCursorPosY()) ImGui::SetCursorPosY(foot);
  answerAndButtons(s);
}

void drawExercisePanel(AppState& s, bool withFooter) {
  if (!s.course.exercise || s.exerciseOpen()) return;  // open, it is pinned at the side panel's foot (drawOpenQuestion)
  ImGui::Spacing();
  ImGui::Separator();
  const Exercise& e = s.course.exercise->exercise;
  askedWords(e);
  if (!e.ok()) return;
  // Just answered: the verdict comes to the panel's top (the "Right: ..." line was left above the panel's edge
  // in presenter mode).
  if (s.course.questionShown != 0) {
    ImGui::SetScrollHereY(0.0f);
    s.course.questionShown = 0;
  }
  const std::optional<Verdict>& v = s.course.exercise->verdict;
  const float verdictTop = ImGui::GetCursorScreenPos().y;
  if (v) textColouredWrapped(v->correct ? theme().good : theme().bad, v->headline);
  else textColouredWrapped(theme().warn, i18n::tr("The answer (given away):"));
  uimap::lines("verdict", verdictTop);
  for (const std::string& line : e.why) ui::TextWrapped("%s", line.c_str());
  if (const std::string note = revealNote(e); !note.empty()) textDimWrapped(note);
  if (withFooter) drawExerciseFooter(s);
}

void drawExerciseFooter(AppState& s) {
  if (!s.course.exercise) return;
  if (const std::string score = lessonScoreText(s, i18n::language()); !score.empty()) textDimWrapped(score);
  if (!s.view.presenter) ui::Checkbox("Teacher: outline the answers", &s.course.showAnswers);
}

}  // namespace gradlab::viz
