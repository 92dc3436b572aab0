#include <algorithm>

#include "viz/model/matrix_view.h"
#include "viz/model/text.h"
#include "viz/panels/actions.h"
#include "viz/panels/compare_runs.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

constexpr float kStackedBelowPx = 720.0f;  // narrower than this, the panels stack (a phone, portrait or landscape)

constexpr ImGuiWindowFlags kPanelFlags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

void place(float x, float y, float w, float h) {
  ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(std::max(w, 1.0f), std::max(h, 1.0f)), ImGuiCond_Always);
}

void tabButton(AppState& s, const char* label, Tab tab) {
  ImGuiTabItemFlags flags = (s.view.selectTab && s.view.tab == tab) ? ImGuiTabItemFlags_SetSelected : 0;
  const bool open = ImGui::BeginTabItem(ui::shownLabel(label), nullptr, flags);
  uimap::item("tab", label, open ? "open" : "");
  if (open) {
    // While a switch requested by a preset is pending, the old tab still reports itself open.
    if (!s.view.selectTab) s.view.tab = tab;
    ImGui::EndTabItem();
  }
}

// A failure the status line reported (a session that did not open, a GIF that could not be written), in
// full and wrapped, until dismissed.
void drawErrorNotice(AppState& s) {
  if (!s.view.statusError || s.view.status.empty()) return;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  textColouredWrapped(theme().bad, s.view.status);
  if (ui::Button("Dismiss")) s.view.statusError = false;
  uimap::rect("notice", "error", start, ImGui::GetItemRectMax(), s.view.status);
  ImGui::Separator();
}

void drawCentre(AppState& s) {
  if (ImGui::BeginTabBar("##tabs")) {
    tabButton(s, "Scatter", Tab::kScatter);
    tabButton(s, "Tiling", Tab::kTiling);
    tabButton(s, "Pipeline", Tab::kPipeline);
    tabButton(s, "Compare", Tab::kCompare);
    tabButton(s, "Verify", Tab::kVerify);
    tabButton(s, "Matrix", Tab::kMatrix);
    tabButton(s, "Code", Tab::kCode);
    ImGui::EndTabBar();
  }
  s.view.selectTab = false;
  const bool animated = s.view.tab == Tab::kScatter || s.view.tab == Tab::kTiling || s.view.tab == Tab::kPipeline ||
                        s.view.tab == Tab::kCode || (s.view.tab == Tab::kMatrix && matrixViewApplies(s.run.scene.op));
  const float playerH = animated ? ImGui::GetFrameHeightWithSpacing() * 2.0f + ImGui::GetStyle().WindowPadding.y : 0.0f;
  ImGui::BeginChild("##tab", ImVec2(0, -playerH), false, ImGuiWindowFlags_NoScrollbar);
  switch (s.view.tab) {
    case Tab::kScatter: drawScatterPanel(s); break;
    case Tab::kTiling: drawTilingPanel(s); break;
    case Tab::kPipeline: drawPipelinePanel(s); break;
    case Tab::kCompare: drawComparePanel(s); break;
    case Tab::kVerify: drawVerifyPanel(s); break;
    case Tab::kMatrix: drawMatrixPanel(s); break;
    case Tab::kCode: drawCodePanel(s); break;
  }
  ImGui::EndChild();
  if (animated) drawPlayerBar(s);
}

// The side panel from `sideY` down: the step's title, its words and the inspector (they scroll), an open
// question pinned at the foot, and the lesson's Previous and Next under it.
void drawSidePanel(AppState& s, float x, float sideY, float width, float H) {
  place(x, sideY, width, H - sideY);
  beginPanel("##side", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  uimap::rect("panel", "side", ImVec2(x, sideY), ImVec2(x + width, H));
  // A lesson's Previous and Next stay at the panel's foot, whatever scrolls above them (on a question step
  // in presenter mode they were below the fold).
  const bool footer = s.currentLesson() != nullptr;
  const float footerH = footer ? ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y : 0.0f;
  // The step's title stays above what scrolls: a question scrolled into view kept it above the fold.
  drawLessonHeading(s);
  // An open question stays at the panel's foot, above Previous and Next, as tall as it is, and the step's words
  // scroll above it from their first line (scrolled as one, a long caption's first lines went above the panel's
  // top to bring the question's buttons into view). Its share leaves two lines of the words in view until a try
  // or a hint has come (the class has read them by then); within it, its parts share the room (drawOpenQuestion).
  const bool questionPinned = s.exerciseOpen();
  const float sideH = ImGui::GetContentRegionAvail().y - footerH;
  const float gap = ImGui::GetStyle().ItemSpacing.y;
  const float share = s.exerciseHasFeedback() ? sideH - gap : std::max(sideH * 0.5f, sideH - ImGui::GetTextLineHeightWithSpacing() * 2.0f - gap);
  const float wanted = openQuestionHeight(s);
  const float questionH = questionPinned ? std::min(wanted > 0.0f ? wanted : sideH * 0.5f, share) : 0.0f;
  ImGui::BeginChild("##sideScroll", ImVec2(0, -(footerH + questionH + (questionPinned ? gap : 0.0f))));
  uimap::rect("panel", "side scroll", ImGui::GetWindowPos(), ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowWidth(), ImGui::GetWindowPos().y + ImGui::GetWindowHeight()));
  // A new lesson step opens at its title, not where the last one was scrolled to (its question scrolls into
  // view below, if it must).
  if (const std::pair<int, int> step{s.course.lesson, s.course.preset}; step != s.course.sidePanelStep) {
    s.course.sidePanelStep = step;
    ImGui::SetScrollY(0.0f);
  }
  uimap::fact("side.scroll", cat(static_cast<int>(ImGui::GetScrollY())));
  drawErrorNotice(s);
  drawLessonPanel(s, !questionPinned);
  ImGui::Separator();
  drawInspectorPanel(s);
  ImGui::EndChild();
  if (questionPinned) {
    ImGui::BeginChild("##question", ImVec2(0, -footerH), false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    uimap::rect("panel", "question", ImGui::GetWindowPos(), ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowWidth(), ImGui::GetWindowPos().y + ImGui::GetWindowHeight()));
    // A rule over it: its first words do not read on from the caption's.
    const ImVec2 top = ImGui::GetWindowPos();
    ImGui::GetWindowDrawList()->AddLine(top, ImVec2(top.x + ImGui::GetWindowWidth(), top.y), theme().panelAccent, theme().lineWidth * 3.0f);
    if (logging()) logMark("lesson panel");  // the question is the lesson's own words
    drawOpenQuestion(s);
    if (logging()) logMark("end of lesson panel");
    ImGui::EndChild();
  }
  if (footer) {
    ImGui::Separator();
    drawLessonNavigation(s);
  }
  endPanel();
}

}  // namespace

void drawMainUi(AppState& s) {
  const ImGuiIO& io = ImGui::GetIO();
  const float W = io.DisplaySize.x, H = io.DisplaySize.y;
  const ImGuiStyle& st = ImGui::GetStyle();
  s.view.hovered.reset();
  if (s.host.worker) s.host.worker->poll(s);  // a run or comparison that finished since the last frame goes on screen
  if (s.verify) s.verify->pump(0.025);  // without threads the Verify tab's cases run here, a slice a frame
  if (s.exerciseOpen()) {  // the animation would show the answer: it waits at its start
    s.player.playing = false;
    s.player.t = 0.0;
  }

  const float topH = ImGui::GetFrameHeight() + st.WindowPadding.y * 2.0f;
  // A phone's width (or a student's narrow window): the grids over the lesson and its question, each the
  // page's full width; no controls panel (three panels side by side left the canvas a sliver).
  const bool stacked = W < kStackedBelowPx;
  const float leftW = s.view.presenter || stacked ? 0.0f : std::clamp(W * 0.23f, 250.0f, 340.0f);
  const float rightW = stacked            ? W
                       : s.view.presenter ? std::clamp(W * 0.29f, 320.0f, 600.0f)
                                          : std::clamp(W * 0.24f, 250.0f, 400.0f);
  const float centreH = stacked ? std::max((H - topH) * 0.55f, 120.0f) : H - topH;
  if (logging() && stacked) logMark("stacked layout");

  place(0, 0, W, topH);
  beginPanel("##top", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar);
  uimap::rect("panel", "top", ImVec2(0, 0), ImVec2(W, topH));
  drawTopBar(s);
  endPanel();

  if (leftW > 0.0f) {
    place(0, topH, leftW, H - topH);
    beginPanel("##controls", nullptr, kPanelFlags);
    uimap::rect("panel", "controls", ImVec2(0, topH), ImVec2(leftW, H));
    drawControlsPanel(s);
    uimap::fact("controls.scroll", cat(static_cast<int>(ImGui::GetScrollY()), " of ", static_cast<int>(ImGui::GetScrollMaxY())));
    endPanel();
  }

  const float centreW = stacked ? W : W - leftW - rightW;
  place(leftW, topH, centreW, centreH);
  beginPanel("##centre", nullptr, kPanelFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  uimap::rect("panel", "centre", ImVec2(leftW, topH), ImVec2(leftW + centreW, topH + centreH));
  drawCentre(s);
  s.view.canvasMin = ImGui::GetWindowPos();  // "canvas only" exports crop to this panel
  s.view.canvasMax =
      ImVec2(s.view.canvasMin.x + ImGui::GetWindowSize().x, s.view.canvasMin.y + ImGui::GetWindowSize().y);
  endPanel();
  // Folded, the card sits above the player bar: over the top right it covered the answer grid's label and rings.
  drawClassBoard(s, ImVec2(leftW + centreW - 8.0f, topH + ImGui::GetFrameHeightWithSpacing() * 2.0f),
                 ImVec2(leftW + centreW - 8.0f, topH + centreH - ImGui::GetFrameHeightWithSpacing() * 2.0f - st.WindowPadding.y - 8.0f));

  const float sideY = stacked ? topH + centreH : topH;
  drawSidePanel(s, W - rightW, sideY, rightW, H);
  if (s.view.showHelp) drawHelpOverlay(s);
  syncTheme(s);
  recordUiState(s);
}

}  // namespace gradlab::viz
