// Everything the panels share: the lesson and preset, the controls, the current run and what is derived
// from it (scene, animation, timeline), the view settings, and requests for the app layer (screenshot,
// fullscreen, GIF) which only the SDL side can carry out.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gradlab/runner.h"
#include "viz/model/animation.h"
#include "viz/model/chips_compare.h"
#include "viz/model/class_board.h"
#include "viz/model/core_palette.h"
#include "viz/model/exercise.h"
#include "viz/model/heat_scale.h"
#include "viz/model/lesson.h"
#include "viz/model/player.h"
#include "viz/model/request_spec.h"
#include "viz/model/scene.h"
#include "viz/model/simt_threads.h"
#include "viz/model/step_clock.h"
#include "viz/model/timeline.h"
#include "viz/model/ulp_error.h"
#include "viz/panels/ui_worker.h"
#include "viz/panels/verify_runner.h"
#include "viz/widgets/canvas.h"

namespace gradlab::viz {

// The current run and what the panels draw from it.
struct RunView {
  uint64_t id = 0;           // counts runs: what was built from one run knows when it is stale
  RequestSpec spec;          // what was asked
  RunRequest request;        // resolved: profile set, trace on
  bool resolved = false;
  std::string resolveError;  // the device spec did not parse
  std::vector<std::string> notes;  // what the app changed before running (inputs that no longer fit)
  RunResult result;
  Scene scene;
  Animation animation;
  TimelineModel timeline;
  TimelineModel timelineHeldBack;  // the same with its atomic adds drawn as the copies out they also are
  HeatScale srcScale, dstScale;
  std::vector<float> labelTops;  // per scene grid: where its label drawn last starts (scene y; the grid's top if none)
  std::array<float, 8> tileColumns{};  // the tile table's columns as wide as their widest cells, at type size tileColumnsAt
  float tileColumnsAt = 0.0f;
  HeatScale selfScale;  // adaptive pooling backward's forward input (self): its own values, not gradOutput's
  // A SIMT run (the 950): the thread of each output cell of the shown plane, built when first drawn.
  std::optional<ThreadPlane> threads;
  uint64_t threadsRun = 0;
  int64_t threadsPlane = -1;
  bool ok() const { return resolved && result.ok(); }
};

// One strategy's run in the Compare panel's strategies mode: its modelled timeline, on a time axis shared
// with the others, and how its result differs from the reference-order strategy's.
struct StrategyRun {
  std::string name, title;
  std::string note;              // the plan's strategy note (e.g. gave way in deterministic mode)
  TimelineModel timeline;        // totalUs is the longest of all the runs, so the lanes share one scale
  double totalUs = 0.0;          // its own modelled time
  uint64_t bytes = 0;            // GM traffic
  int32_t cubeCores = 0, vectorCores = 0;  // cores that worked
  DiffSummary diff;              // against the first strategy whose order is the reference's
  bool reference = false;        // it is that strategy
};

// The Compare panel: two runs of the same inputs and their difference.
struct CompareView {
  CompareMode mode = CompareMode::kPrecision;
  aclDataType lowDtype = ACL_FLOAT16;
  Accumulation accumulate = Accumulation::kFp32;  // precision mode: how the low dtype's sums accumulate
  bool stale = true;             // the controls changed since the last comparison
  std::string error;
  RequestSpec spec;              // the spec it was computed for
  std::vector<SceneGrid> grids;  // A, B, difference (placed side by side)
  std::vector<std::string> gridNotes;  // shown after each grid's name
  std::vector<std::string> notes;  // what A and B are
  HeatScale valueScale, diffScale;
  ErrorSummary ulps;             // precision mode
  DiffSummary diff;              // determinism mode
  int defaultRuns = 0, distinctDefaultResults = 0;
  uint64_t firstSeed = 1;        // default runs use schedules seed:firstSeed .. firstSeed + defaultRuns - 1
  std::vector<StrategyRun> strategies;  // strategies mode
  // Chips mode: why each cell differs between the two chips' CANN kernels (ChipReason), and what each kernel does.
  std::vector<uint8_t> chipReasons;
  int64_t windowCells = 0, orderCells = 0;  // differing cells by reason
  OpKind op = OpKind::kUpsampleNearestExact2dBackward;
};

enum class Shortcut { kPlayPause, kStepForward, kStepBack, kPreviousPreset, kNextPreset, kFullscreen, kPresenter, kScreenshot,
                      kHelp, kMemoryOrder, kCancelRun };

struct AppRequests {
  bool screenshot = false;
  bool toggleFullscreen = false;
  bool exportGif = false;
  bool quit = false;
};

struct MatrixPanelCache;  // matrix_panel.cpp: the Matrix tab's view of the current run, kept across frames
struct CodePanelCache;    // code_panel.cpp: the Code tab's listings of the current run, kept across frames
struct StudentClass;      // class_student.h: this page is a student's in a class

// A line of kernel code picked in the Code tab: its events stand out on the tab's timeline.
struct CodeLineRef {
  int32_t phase = 0;
  int line = 0;
  friend bool operator==(const CodeLineRef&, const CodeLineRef&) = default;
};

// How a student did on one question of a lesson: the score counts first tries and hints.
struct ExerciseResult {
  bool settled = false;   // checked or given away at least once (a hint alone is not a try)
  bool firstTry = false;  // right at the first check
  int hints = 0;          // hints shown before it was answered or revealed
};

struct AppState;

// What the host of the panels provides: how runs and the case table run, where they run, and the window or
// page's own abilities. The window app, the browser page, headless rendering and tests each fill it in.
struct HostServices {
  using RunFn = std::function<RunResult(const RunRequest&)>;
  RunFn runner;                                   // gradlab::run in the app; a fake in tests
  std::shared_ptr<std::mutex> runtimeLock = std::make_shared<std::mutex>();
  VerifyRunner::CaseList caseList;                // verify::allCases in the app
  std::function<void()> verifyPrepare;            // the shared runtime scope in the app
  // Runs and comparisons go here when set (the window app), so that the UI keeps drawing while they run;
  // unset (tests, headless rendering), they run at once on the caller's thread.
  std::shared_ptr<UiWorker> worker;
  std::function<void(AppState&)> afterRun;        // what the run asked last does once it is on screen
  // After the app writes a file the user asked for (a saved session): the browser build hands it to the
  // browser as a download, since its files live in the page's memory. Unset on the desktop.
  std::function<void(const std::string& path)> fileSaved;
  // The browser build's File menu items (unset on the desktop, and then not shown): open a session file
  // the user picks on their device (it arrives later, through openSession), and put a session into the
  // page's address as a link that opens it.
  std::function<void()> openFromDevice;
  std::function<void(const std::string& sessionJson)> linkToSession;
  bool canFullscreen = true;                      // the host window has a full screen (the F key); a page has not
  AppRequests requests;                           // what the panels ask of the host this frame
};

// The lessons, the step on screen, its question and how the class did on each.
struct CourseState {
  std::vector<Lesson> lessons;
  int lesson = -1;                                // index into lessons, -1: free exploration
  int preset = 0;
  std::vector<Preset> library;                    // assets/presets: quick starting points
  std::optional<Preset> libraryPreset;            // the one opened last (free exploration shows its caption)
  std::vector<std::string> loadErrors;            // lesson/preset files that did not parse

  // The step's exercise (unset: the step asks nothing, or its settings were changed).
  std::optional<ExerciseState> exercise;
  std::map<std::string, std::map<int, ExerciseResult>> exerciseResults;  // lesson id -> step -> how it went
  bool showAnswers = false;                       // the teacher's view: right answers outlined while a question is open
  uint64_t questionShown = 0;                     // the open question (its run) the side panel last showed
  std::pair<int, int> sidePanelStep{-2, -2};      // the lesson step (lesson, preset) the side panel last showed
  float questionAskedH = 0.0f;                    // the open question's words as tall as they are, last frame
  float questionHintsH = 0.0f;                    // its hints as tall as they are, last frame
  float questionAnswerH = 0.0f;                   // its last try's verdict, answer widgets and buttons, last frame
  int questionHintsSeen = 0;                      // hints it has shown (a new one scrolls to its first line)
  int questionHintsSettling = 0;                  // frames the newest hint is kept at the top while the parts resize

  bool classMode = false;                         // a lesson's questions only, presenter-sized (Next skips the rest)
  std::shared_ptr<StudentClass> student;  // a student's page in a class (?join=CODE); null otherwise
  std::optional<ClassBoard> classBoard;   // the teacher's class (gradlab --host-class): how to join, who answered
  bool classBoardShown = true;            // the join card open (else one line that opens it)
};

// How the run is shown: the tab, colours and canvases, what is picked, presenter mode, the status line.
struct ViewState {
  Tab tab = Tab::kScatter;
  bool selectTab = true;                          // make the tab bar switch to `tab` on the next frame
  CellColour colour = CellColour::kValues;
  int64_t plane = 0;
  int64_t depthFirst = 0;                         // a deep 3-D run's first depth slice shown (Scene::depthFirst)
  CanvasView scatterView, tilingView, compareView, pipelineView, matrixView;
  std::shared_ptr<MatrixPanelCache> matrixCache;
  CanvasView codeView;
  std::shared_ptr<CodePanelCache> codeCache;
  std::optional<int32_t> codePhase;               // the Code tab shows this phase's kernel; unset: the animation's
  std::optional<CodeLineRef> codeLine;            // clicked in the Code tab (cleared by a new run)
  std::optional<bool> codeTimeline;               // the Code tab shows the timeline; unset: not in presenter mode
  std::optional<int32_t> selectedTile;            // a plan tile picked in the Pipeline tab (or the timeline)
  std::optional<bool> pipelineGrids;              // the Pipeline tab shows the grids; unset: not in presenter mode
  bool scrollToSelectedTile = false;              // the Tiling tab's table scrolls to it once
  // Adaptive pooling's indices and self grids: unset = shown, unless presenter mode would then shrink the
  // digits below kPresenterDigitPx (they stay in the inspector).
  std::optional<bool> secondaryGrids;
  bool timelineKernelsOnly = false;               // the Tiling tab's timeline hides the launch overhead
  bool memoryOrder = false;                       // the Scatter tab's strips: each tensor's cells in address order
  std::optional<CellRef> hovered;                 // the scene cell under the mouse (scatter / tiling)
  std::optional<CellRef> pinned;                  // clicked (or set by the preset): shown when nothing is hovered
  bool verifyFailuresOnly = false;

  bool presenter = false;
  bool fullscreen = false;
  // The user's choice of colours; unset: colour-blind safe in presenter mode, classic otherwise.
  std::optional<PaletteScheme> palette;
  bool showHelp = false;                          // the keys-and-mouse overlay (H or ?)
  std::string status;                             // one line shown in the top bar
  bool statusError = false;                       // it reports a failure: also shown in full, wrapped, in the side panel
  bool statusUntilNextRun = false;                // it is about the run on screen (a cancel): the next run clears it
  std::string outputDir = ".";                    // where screenshots, GIFs and sessions go
  std::string sessionPath;                        // the File menu's path field
  bool canvasOnly = false;                        // screenshots and GIFs of the centre canvas only
  float exportProgress = -1.0f;                   // a GIF being written: 0..1 (shown in the top bar); -1: none
  ImVec2 canvasMin, canvasMax;                    // where the centre canvas was drawn (screen pixels)
};

// Everything the panels share: the host's services, the course, the view, and the model they show (the
// controls, the run and its player, the comparison, the case table's run).
struct AppState {
  HostServices host;
  CourseState course;
  ViewState view;

  RequestSpec controls;                           // what the controls edit
  RunView run;
  uint64_t runsAsked = 0;                         // numbers the runs (RunView::id)
  // The controls' run on the worker, until it lands or is cancelled (the top bar shows its step, how far
  // and about how long; Cancel or Esc stops it and the previous run stays on screen).
  std::shared_ptr<RunProgress> runProgress;
  StepClock runClock;
  Player player;
  Pacing pacing = Pacing::kOneAtATime;
  StepUnit stepUnit = StepUnit::kBeat;            // what the step buttons and Left / Right jump by
  bool pacingPinned = false;                      // set by a preset or the user: keep it across runs
  double presetSpeed = 0.0;
  CompareView compare;
  std::unique_ptr<VerifyRunner> verify;

  // The cell the inspector and the overlay explain: the hovered one, else the pinned one (if still valid).
  std::optional<CellRef> focusCell() const {
    if (view.hovered) return view.hovered;
    if (!view.pinned) return std::nullopt;
    const SceneGrid* g = run.scene.gridAt(view.pinned->grid);
    if (!g || !g->shown || view.pinned->row < 0 || view.pinned->col < 0 || view.pinned->row >= g->grid.dims.rows ||
        view.pinned->col >= g->grid.dims.cols)
      return std::nullopt;
    return view.pinned;
  }
  // An exercise is waiting for its answer: the animation holds at its start and spoilers stay hidden.
  bool exerciseOpen() const { return course.exercise && course.exercise->open(); }
  // An open question that a try or a hint has answered to: the class has read the step's words by then.
  bool exerciseHasFeedback() const {
    return exerciseOpen() && (course.exercise->hintsShown > 0 || course.exercise->verdict);
  }
  // How the grids are coloured now: by value while a question is open (the cores' colours would answer it).
  CellColour shownColour() const { return exerciseOpen() ? CellColour::kValues : view.colour; }
  // An open question that the plan's text and the tile table would answer (which core writes a cell, which
  // cells are shared, which rows feed which, which schedule CANN picked): they wait until it is answered.
  bool planHidden() const {
    if (!exerciseOpen()) return false;
    const ExerciseKind k = course.exercise->exercise.spec.kind;
    // A value question too: the tile table's boxes say which rows a tile reads into which (nearest-vs-exact 5
    // counted its 3 rows per axis there; downsampling 1's "c1-6" named the cell it asks about).
    return k == ExerciseKind::kOwner || k == ExerciseKind::kAtomicCells || k == ExerciseKind::kLandsIn ||
           k == ExerciseKind::kFeeds || k == ExerciseKind::kValue || k == ExerciseKind::kSchedule || k == ExerciseKind::kThread;
  }
  // The tile picked in the Pipeline tab or the timeline, unless an open question hides the plan: a selected
  // tile names the rows it writes and the core that runs it.
  std::optional<int32_t> shownTile() const { return planHidden() ? std::nullopt : view.selectedTile; }
  // The run's timeline as an open question allows it: while the plan is hidden, atomic adds read as copies out.
  const TimelineModel& shownTimeline() const { return planHidden() ? run.timelineHeldBack : run.timeline; }
  // An open question: the output's colour legend (its range) would answer a value question and hint at others
  // (a range equal to the input's says no cell sums two gradients).
  bool outputRangeHidden() const { return exerciseOpen(); }
  const Lesson* currentLesson() const {
    return course.lesson >= 0 && course.lesson < static_cast<int>(course.lessons.size())
               ? &course.lessons[static_cast<size_t>(course.lesson)]
               : nullptr;
  }
  // The lesson step on screen, or else the library preset opened last.
  const Preset* shownPreset() const {
    if (const Preset* p = currentPreset()) return p;
    return course.lesson < 0 && course.libraryPreset ? &*course.libraryPreset : nullptr;
  }
  const Preset* currentPreset() const {
    const Lesson* l = currentLesson();
    return l && course.preset >= 0 && course.preset < static_cast<int>(l->presets.size())
               ? &l->presets[static_cast<size_t>(course.preset)]
               : nullptr;
  }
};

}  // namespace gradlab::viz
