#include <algorithm>
#include <cmath>

#include "i18n/translate.h"
#include "viz/model/text.h"
#include "viz/model/wrap.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

// The width of ui::Button(label) as shown (in the user's language).
float buttonWidth(const char* label) { return ImGui::CalcTextSize(i18n::tr(label)).x + ImGui::GetStyle().FramePadding.x * 2.0f; }

// `text` on one line within `width` pixels, ending in "…" when cut.
std::string fitToWidth(const std::string& text, float width) {
  return cutToWidth(text, width, textWidth);
}

// "45 s", "3 min 5 s".
std::string durationText(double seconds) {
  const long long s = std::llround(std::max(seconds, 1.0));
  return s < 60 ? i18n::trf("{0} s", s) : i18n::trf("{0} min {1} s", s / 60, s % 60);
}

// The controls' run on the worker: its step, how far it is, about how long it still needs, and Cancel.
void runProgressBar(AppState& s, float room) {
  const RunProgress& p = *s.runProgress;
  const RunStep step = p.currentStep();
  s.runClock.observe(static_cast<int>(step), p.done.load(), p.total.load(), ImGui::GetTime());
  std::string text;
  if (p.cancelled()) {
    text = i18n::tr("cancelling...");
  } else if (step == RunStep::kDone) {
    text = cat(s.host.worker->what(), " · ", i18n::tr("building the picture"));
  } else {
    // How far and how long first: the bar is narrow and cuts what does not fit (all of it on hover).
    text = i18n::trf("{0}: {1} % (step {2} of {3})", i18n::tr(runStepName(step)), static_cast<int>(s.runClock.fraction() * 100.0),
                     static_cast<int>(step) + 1, kRunSteps);
    if (const auto left = s.runClock.secondsLeft()) text += cat(" · ", i18n::trf("about {0} left in this step", durationText(*left)));
    text += cat(" · ", s.host.worker->what());
  }
  // Within `room`: the bar and Cancel where both fit, else Cancel alone (the bar's words on its hover), else a
  // bar alone (Esc cancels). A bar of its least width beside Cancel pushed the buttons after it out of the
  // window (presenter mode's "GIF" was cut at its edge).
  const float cancel = buttonWidth("Cancel (Esc)") + ImGui::GetStyle().ItemSpacing.x;
  constexpr float kLeastBar = 40.0f;
  const bool withCancel = room - 8.0f >= cancel;
  const float bar = withCancel ? room - 8.0f - cancel : room - 8.0f;
  const float fraction = step == RunStep::kDone ? 1.0f : static_cast<float>(s.runClock.fraction());
  if (bar >= kLeastBar || !withCancel) {
    ImGui::ProgressBar(fraction, ImVec2(bar, 0.0f), fitToWidth(text, bar - 8.0f).c_str());
    uimap::item("progress", "run", text);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", cat(text, "\n", i18n::tr("Esc cancels")).c_str());
    if (!withCancel) return;
    ImGui::SameLine();
  }
  if (ui::Button("Cancel (Esc)")) cancelRun(s);
  if (bar < kLeastBar && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

// The lesson combo (free exploration, the lessons, the library's presets), `width` wide.
void lessonCombo(AppState& s, const Lesson* lesson, float width) {
  ImGui::SetNextItemWidth(width);
  if (!ui::BeginCombo("##lesson", lesson ? lesson->title.c_str() : i18n::tr("Free exploration"))) return;
  if (ui::Selectable("Free exploration", !lesson)) leaveLesson(s);  // the run on screen stays, the lesson goes
  ImGui::Separator();
  ui::Verbatim titles;  // lesson and preset titles come in the lesson's language already
  for (size_t i = 0; i < s.course.lessons.size(); ++i)
    if (ui::Selectable(s.course.lessons[i].title.c_str(), static_cast<int>(i) == s.course.lesson))
      applyPreset(s, static_cast<int>(i), 0);
  if (!s.course.library.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", i18n::tr("Presets"));
    for (const Preset& p : s.course.library)
      if (ui::Selectable(p.title.c_str())) {
        s.course.lesson = -1;
        applyLibraryPreset(s, p);
      }
  }
  ImGui::EndCombo();
}

// The step arrows and the step between them.
void stepArrows(AppState& s, const Lesson& lesson) {
  const ImGuiStyle& st = ImGui::GetStyle();
  ImGui::SameLine();
  if (ui::ArrowButton("##prev", ImGuiDir_Left)) handleShortcut(s, Shortcut::kPreviousPreset);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Previous preset (Up)"));
  ImGui::SameLine();
  // In a box as wide in every lesson, so that ▶ stays put from step 9 to step 10 and from lesson to lesson.
  // Class mode steps through the questions: it counts them, as the lesson panel does ("question 1 of 4").
  const QuestionNumber n = questionNumber(lesson, s.course.preset);
  const std::string step =
      s.course.classMode ? cat(n.question, " / ", n.questions) : cat(s.course.preset + 1, " / ", lesson.presets.size());
  const float stepW = std::max(ImGui::CalcTextSize("00 / 00").x, ImGui::CalcTextSize(step.c_str()).x);
  const float stepX = ImGui::GetCursorPosX();
  ImGui::SetCursorPosX(stepX + (stepW - ImGui::CalcTextSize(step.c_str()).x) * 0.5f);
  ImGui::TextUnformatted(step.c_str());
  ImGui::SameLine(stepX + stepW + st.ItemSpacing.x);
  if (ui::ArrowButton("##next", ImGuiDir_Right)) handleShortcut(s, Shortcut::kNextPreset);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Next preset (Down)"));
}

// What the line between the navigation and the buttons says, within `room`: the run's progress, other work's,
// a GIF being written, the subtitle, or the status (cut with "…", the whole on hover).
void statusLine(AppState& s, float room) {
  if (s.runProgress && s.host.worker && s.host.worker->busy("run") && room > 40.0f) {
    runProgressBar(s, room);
    ImGui::SameLine();
  } else if (s.host.worker && s.host.worker->busy() && room > 40.0f) {  // other work: a moving bar, what and how long
    const double t = s.host.worker->seconds();
    const std::string text = cat(s.host.worker->what(), " · ", static_cast<int>(t * 10.0) / 10.0, " s");
    ImGui::ProgressBar(static_cast<float>(t - std::floor(t)), ImVec2(room - 8.0f, 0.0f), fitToWidth(text, room - 16.0f).c_str());
    uimap::item("progress", "run", text);
    ImGui::SameLine();
  } else if (s.view.exportProgress >= 0.0f && room > 40.0f) {  // a GIF is being written: a bar, the status on hover
    ImGui::ProgressBar(s.view.exportProgress, ImVec2(room - 8.0f, 0.0f), i18n::tr("writing the GIF"));
    uimap::item("progress", "export", s.view.status);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.view.status.c_str());
    ImGui::SameLine();
  } else if (const char* subtitle = i18n::tr("backward ops on an emulated NPU");
             s.view.status.empty() && room > ImGui::CalcTextSize(subtitle).x + 40.0f) {
    ImGui::TextDisabled("%s", subtitle);
    ImGui::SameLine();
  } else if (!s.view.status.empty() && room > 40.0f) {
    // One line that never pushes the buttons away: cut with "…" to its room; the whole text on hover (and,
    // for a failure, wrapped in the side panel).
    const std::string shown = cutKeepingEnd(s.view.status, room - 8.0f, textWidth);  // a saved file's name stays
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(s.view.statusError ? theme().bad : theme().panelAccent), "%s",
                       shown.c_str());
    uimap::item("status", "top", s.view.status);
    if (shown != s.view.status && ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
      ImGui::TextUnformatted(s.view.status.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
    ImGui::SameLine();
  }
}

// The right-hand buttons: full labels when there is room, short ones otherwise (presenter mode at 1280).
struct TopButtons {
  const char* presenter;
  const char* shot;
  const char* gif;
  float width;
};

TopButtons topButtons(const AppState& s, float full) {
  const bool roomy = full > ImGui::GetFontSize() * 62.0f;
  TopButtons b{s.view.presenter ? (roomy ? "Normal view (P)" : "Normal") : (roomy ? "Presenter (P)" : "Presenter"),
               roomy ? "Screenshot (S)" : "Shot", roomy ? "Export GIF" : "GIF", 0.0f};
  b.width = buttonWidth("?") + buttonWidth(b.presenter) + buttonWidth(b.shot) + buttonWidth(b.gif) +
            ImGui::GetStyle().ItemSpacing.x * 4.0f;
  return b;
}

void drawTopButtons(AppState& s, const TopButtons& b) {
  ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - b.width + ImGui::GetStyle().ItemSpacing.x));
  if (ui::Button("?")) handleShortcut(s, Shortcut::kHelp);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Keys, mouse and zoom (H or ?)"));
  ImGui::SameLine();
  if (ui::Button(b.presenter)) handleShortcut(s, Shortcut::kPresenter);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Presenter mode: large fonts, high contrast (P)"));
  ImGui::SameLine();
  if (ui::Button(b.shot)) handleShortcut(s, Shortcut::kScreenshot);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Save a PNG screenshot (S)"));
  ImGui::SameLine();
  if (ui::Button(b.gif)) s.host.requests.exportGif = true;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Record this preset's animation as an animated GIF"));
}

}  // namespace

void drawTopBar(AppState& s) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float full = ImGui::GetContentRegionAvail().x;
  const Lesson* lesson = s.currentLesson();
  const TopButtons buttons = topButtons(s, full);

  ImGui::PushFont(headingFont());
  ImGui::TextUnformatted("gradlab");
  ImGui::PopFont();
  ImGui::SameLine();
  if (ui::Button("File")) ImGui::OpenPopup("##file");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Save or open a session; where exports go; colours"));
  drawFileMenu(s);
  // The lesson and its step arrows stand where nothing before them changes: the subtitle, which gave way to a
  // run's progress, moved them under the teacher's mouse (it comes after them now, where the status goes).
  const float navW = lesson ? ImGui::GetFrameHeight() * 2.0f + ImGui::CalcTextSize("00 / 00").x + st.ItemSpacing.x * 3.0f : 0.0f;
  ImGui::SameLine(0, 24);
  lessonCombo(s, lesson, std::clamp(full - buttons.width - navW - ImGui::GetCursorPosX() - 24.0f, ImGui::GetFontSize() * 6.0f,
                                    ImGui::GetFontSize() * 16.0f));
  if (lesson) stepArrows(s, *lesson);

  // The status line takes what is left between the navigation and the buttons.
  ImGui::SameLine();
  statusLine(s, ImGui::GetWindowContentRegionMax().x - buttons.width - ImGui::GetCursorPosX());
  drawTopButtons(s, buttons);
}

}  // namespace gradlab::viz
