// The app's panels, one file each. Each draws into the current ImGui window; drawMainUi lays them out
// over the whole display (fixed layout: top bar, controls on the left, tabs in the centre, lesson and
// inspector on the right; presenter mode hides the controls and enlarges everything).
#pragma once

#include "viz/panels/app_state.h"

namespace gradlab::viz {

void drawMainUi(AppState& state);        // main_ui.cpp
void drawTopBar(AppState& state);        // top_bar.cpp
void drawControlsPanel(AppState& state); // controls_panel.cpp
// A lesson's Previous and Next, at the side panel's foot.
void drawLessonNavigation(AppState& state);
void drawLessonHeading(AppState& state);  // lesson_panel.cpp: the step's title and place, above the side panel's scroll
void drawLessonPanel(AppState& state, bool withQuestion);  // lesson_panel.cpp: its words, question (or not: it is pinned below) and notes
void drawExercisePanel(AppState& state, bool withFooter = true);  // exercise_panel.cpp: the step's answered question and its verdict
void drawOpenQuestion(AppState& state);  // exercise_panel.cpp: the open question, its hints and its buttons (pinned at the side panel's foot)
float openQuestionHeight(const AppState& state);  // exercise_panel.cpp: how tall the open question would be in full (last frame's measures)
void drawExerciseFooter(AppState& state);  // exercise_panel.cpp: the lesson's score so far, the teachers' outline toggle
void drawInspectorPanel(AppState& state);// inspector_panel.cpp
void drawScatterPanel(AppState& state);  // scatter_panel.cpp
void drawPlayerBar(AppState& state);     // player_bar.cpp
void drawTilingPanel(AppState& state);   // tiling_panel.cpp
void drawPipelinePanel(AppState& state); // pipeline_panel.cpp: per core, a row per pipe, ping / pong
void drawComparePanel(AppState& state);  // compare_panel.cpp
void drawVerifyPanel(AppState& state);   // verify_panel.cpp
void drawMatrixPanel(AppState& state);   // matrix_panel.cpp: upsample operators as products with 0/1 matrices
void drawCodePanel(AppState& state);     // code_panel.cpp: the kernel's listing beside the animation, its line lit
void drawHelpOverlay(AppState& state);   // help_overlay.cpp: keys, mouse and fields, over everything
// class_board_panel.cpp: a hosted class's join card (QR code, code, link, who answered), its corner at `topRight`.
void drawClassBoard(AppState& state, ImVec2 topRight, ImVec2 bottomRight);
void recordUiState(const AppState& state); // ui_state.cpp: the state facts of the widget map (tests/ui)
void drawFileMenu(AppState& state);      // file_menu.cpp: the popup "##file" (sessions, export folder)
// Writes the session to `path` ("": a new file in the export folder) and says so in the status line.
void saveSession(AppState& state, std::string path);
// Opens the session file at `path` and says so (or why not) in the status line.
void openSession(AppState& state, const std::string& path);

// Shared pieces.
void drawRunError(const RunView& run);   // run_error.cpp: the library's code, stage and message
// hover_overlay.cpp: outlines and arrows for the hovered cell (trace moves; adaptive windows).
void drawHoverOverlay(const class Canvas& canvas, const AppState& state);
// A SIMT run's threads on the output grid (simt_overlay.cpp): warps outlined, threads numbered where cells hold
// them; nothing for other runs, or while an open question hides the plan.
void drawSimtThreads(const class Canvas& canvas, AppState& state);
// The thread of each output cell of the shown plane of a SIMT run (cached with the run), else nullptr.
const ThreadPlane* shownThreads(AppState& state);
// A hosted class's answers to the open question, drawn on its answer grid (room_answers.cpp).
void drawRoomAnswers(const class Canvas& canvas, const AppState& state);
// The dst plane values and "received something" mask the scatter view shows at the player's time.
void dstValuesNow(const AppState& state, std::vector<float>* values, std::vector<uint8_t>* filled, std::string* note);
// Whether those are the final values (no animation, at its end, or a truncated trace).
bool dstValuesFinal(const AppState& state);
// What the grids' labels carry: the small notes after the names ("running fp32 sums"; the tiling view
// leaves them out), the strides of a layout that is not contiguous (the memory strips show them instead),
// and how many lines the canvas keeps for a label. `compact`: for a canvas too narrow for the full labels
// (the Code tab's, which keeps one label line of room): each grid is labelled with its name alone ("T" for
// "T = gradOutput x A_W"), and in presenter mode its cells show digits only where they are large enough to read.
struct SceneLabels {
  bool notes = true;
  bool memory = true;
  int lines = 2;  // kept above the grids of the top row; a grid with more room above it may take more
  bool compact = false;
  // The margin a canvas keeps above its top row of grids for `lines` lines of label.
  float roomPx() const;
  // These labels with the lines the canvas's grids need: a strided layout adds its strides and offset (a layouts
  // question reads them): five lines over a narrow grid (name, shape, plane, strides, offset), six in
  // presenter mode's larger type; and as many as its top row's labels asked for last frame (CanvasView).
  SceneLabels forCanvas(const AppState& state, const CanvasView& view) const;
};
// Shows or hides adaptive pooling's extra grids, and arranges them, for the canvas constructed next with this
// size argument and `view`; sets the view's fit floor where presenter mode needs one.
void fitSecondaryGrids(AppState& state, ImVec2 canvasSize, float topMarginPx, CanvasView& view);
// Draws the scene's grids on `canvas` the way the scatter view does (used by scatter, tiling, pipeline and code).
void drawSceneGrids(const class Canvas& canvas, AppState& state, CellColour colour, SceneLabels labels = {});
// scene_drawing.cpp: the boxes of plan tile `tile` on the grids that show its tensors, outlined.
void outlineTile(const class Canvas& canvas, const AppState& state, int32_t tile);
// scatter_panel.cpp: the value scales (or core swatches) of the scatter view, within `room` pixels.
void secondaryGridsToggle(AppState& state);
void drawLegends(AppState& state, float room);
// scatter_panel.cpp: the n/c plane slider (nothing when there is one plane); stays on the same line.
void planeSelector(AppState& state);

}  // namespace gradlab::viz
