// Grids a room can read: no rounding shows two different values of one pooling window alike (in either
// mode), and adaptive pooling's four grids take the arrangement the canvas draws largest.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "gradlab/ops.h"
#include "panels_harness.h"
#include "viz/model/memory_order.h"
#include "viz/model/text.h"
#include "viz/widgets/canvas.h"
#include "viz/widgets/grid_widget.h"
#include "viz/panels/class_student.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

class VizGridReadability : public PanelsHarness {
 protected:
  // Every step of every shipped lesson, in normal and then presenter mode, the UI map on: visit(s, lesson, step,
  // presenter) opens the step as it wants.
  template <typename Visit>
  static void forEveryStepInBothModes(Visit visit) {
    for (const bool presenter : {false, true}) {
      AppState s;
      openShippedLessons(s, presenter);
      uimap::setEnabled(true);
      for (size_t l = 0; l < s.course.lessons.size(); ++l)
        for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) visit(s, l, p, presenter);
      uimap::setEnabled(false);
      s.view.presenter = false;
      syncTheme(s);
    }
  }

  // The texts a logged frame gives `grid`'s cells: "[self (2, 3) = .81]" -> {(2, 3), ".81"}; dots stay out.
  static std::map<std::pair<int64_t, int64_t>, std::string> cellTexts(const std::string& text, const std::string& grid) {
    std::map<std::pair<int64_t, int64_t>, std::string> cells;
    const std::string mark = "[" + grid + " (";
    for (size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + 1)) {
      long long row = 0, col = 0;
      char shown[64] = {};
      if (std::sscanf(text.c_str() + at + mark.size(), "%lld, %lld) = %63[^]]", &row, &col, shown) != 3) continue;
      if (std::string(shown).find("\u2022") != std::string::npos) continue;
      cells[{row, col}] = shown;
    }
    return cells;
  }

  // Every window of adaptive pooling's input on screen: two cells of different values never show one text.
  // Returns how many windows held two or more shown values.
  int expectWindowsApart(AppState& s, const std::string& where) {
    const Scene& sc = s.run.scene;
    const bool backward = opInfo(sc.op).backward;
    const int input = backward ? sc.forwardInput : sc.src;
    if (input < 0 || !sc.grids[static_cast<size_t>(input)].shown) return 0;
    const SceneGrid& in = sc.grids[static_cast<size_t>(input)];
    const GridDims& pooled = sc.grids[static_cast<size_t>(backward ? sc.src : sc.dst)].grid.dims;
    const auto shown = cellTexts(loggedFrame(s), in.grid.name);
    int windows = 0;
    for (int64_t a = 0; a < pooled.rows; ++a) {
      for (int64_t b = 0; b < pooled.cols; ++b) {
        std::map<std::string, float> seen;  // text -> the value that showed it
        for (int64_t r = windowStart(a, in.grid.dims.rows, pooled.rows); r < windowEnd(a, in.grid.dims.rows, pooled.rows); ++r) {
          for (int64_t c = windowStart(b, in.grid.dims.cols, pooled.cols); c < windowEnd(b, in.grid.dims.cols, pooled.cols); ++c) {
            const auto it = shown.find({r, c});
            if (it == shown.end()) continue;
            const float v = in.grid.value(sc.plane, r, c);
            const auto [other, fresh] = seen.emplace(it->second, v);
            EXPECT_TRUE(fresh || other->second == v)
                << where << ": window (" << a << ", " << b << ") shows " << it->second << " for " << other->second << " and " << v;
          }
        }
        windows += seen.size() >= 2 ? 1 : 0;
      }
    }
    return windows;
  }
};

// Random values in windows of 3 or 4 cells, at sizes where the cells hold two or three characters: every
// window's different values read differently, in normal and presenter mode, forward and backward. (Before,
// ".8" twice in one window, the index on the second, read as if "the first wins" were broken.)
TEST_F(VizGridReadability, NoRoundingShowsTwoValuesOfOneWindowAlike) {
  int windows = 0;
  for (OpKind op : {OpKind::kAdaptiveMaxPool2d, OpKind::kAdaptiveMaxPool2dBackward}) {
    for (int64_t in : {6, 8, 10, 16}) {
      for (bool presenter : {false, true}) {
        AppState s;
        s.host.runner = [](const RunRequest& r) { return run(r); };
        s.view.presenter = presenter;
        s.controls.request.op = op;
        s.controls.request.valueSource = ValueSource::kRandom;
        s.controls.request.seed = static_cast<uint64_t>(in);
        s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = in;
        s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = in * 2 / 5;
        s.view.secondaryGrids = true;
        runControls(s);
        ASSERT_TRUE(s.run.ok()) << s.run.result.message;
        for (int i = 0; i < 3; ++i) frame(s);
        windows += expectWindowsApart(s, cat(opName(op), " ", in, "x", in, presenter ? " presenter" : ""));
      }
    }
  }
  EXPECT_GT(windows, 20) << "values were read in enough windows to tell";
}

// The shipped lessons' pooling steps, in both modes: the same rule, on the values a class sees.
TEST_F(VizGridReadability, LessonWindowsReadApart) {
  AppState s;
  int windows = 0;
  for (bool presenter : {false, true}) {
    openShippedLessons(s, presenter);
    for (size_t l = 0; l < s.course.lessons.size(); ++l) {
      for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) {
        if (opInfo(s.course.lessons[l].presets[p].spec.request.op).rule != IndexRule::kAdaptiveMax) continue;
        applyPreset(s, static_cast<int>(l), static_cast<int>(p));
        for (int i = 0; i < 3; ++i) frame(s);
        windows += expectWindowsApart(s, cat(s.course.lessons[l].id, " step ", p + 1, presenter ? " presenter" : ""));
      }
    }
  }
  s.view.presenter = false;
  syncTheme(s);
  EXPECT_GT(windows, 20);
}

// Adaptive pooling's four grids: under the main grids or in one row with them (indices | gradOutput ->
// gradInput | self: the main grids stay next to each other), whichever the canvas draws larger; presenter
// mode at 1280x720 draws a 7x7 pooled to 3x3 in one row.
TEST_F(VizGridReadability, FourGridsTakeTheArrangementTheCanvasDrawsLargest) {
  for (bool presenter : {false, true}) {
    for (int64_t in : {3, 7}) {
      AppState s;
      s.host.runner = [](const RunRequest& r) { return run(r); };
      s.view.presenter = presenter;
      s.controls.request.op = OpKind::kAdaptiveMaxPool2dBackward;
      s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = in;
      s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = in == 3 ? 5 : 3;
      s.view.secondaryGrids = true;
      runControls(s);
      ASSERT_TRUE(s.run.ok()) << s.run.result.message;
      for (int i = 0; i < 3; ++i) frame(s);
      const std::string where = cat(in, presenter ? " presenter" : "");
      const Scene& sc = s.run.scene;
      const float zoom = s.view.scatterView.zoom;
      Scene other = sc;
      showSecondaryGrids(other, true, !sc.secondaryInRow);
      const ImVec2 canvas(s.view.scatterView.fittedW, s.view.scatterView.fittedH);
      const float labels = gridLabelSize() * 2.0f + 8.0f;
      EXPECT_GE(zoom, Canvas::fitZoom(canvas, other.boundsMin, other.boundsMax, labels)) << where;
      if (in == 7 && presenter) {
        EXPECT_TRUE(sc.secondaryInRow) << where;
        const auto x = [&](int grid) { return sc.grids[static_cast<size_t>(grid)].x; };
        EXPECT_LT(x(sc.indices), x(sc.src)) << where;
        EXPECT_LT(x(sc.src), x(sc.dst)) << where;
        EXPECT_LT(x(sc.dst), x(sc.forwardInput)) << where;
      }
      // The grids fill the canvas along one side.
      const float w = (sc.boundsMax.x - sc.boundsMin.x) * zoom, h = (sc.boundsMax.y - sc.boundsMin.y) * zoom;
      EXPECT_TRUE(w > canvas.x * 0.9f || h > (canvas.y - labels) * 0.9f) << where << ": " << w << "x" << h << " in " << canvas.x << "x" << canvas.y;
    }
  }
}

// Previous and Next are on screen at every step of every lesson at 1280x720, in both modes, however long the
// step's text and question (presenter mode's question steps put them below the fold).
TEST_F(VizGridReadability, PreviousAndNextAreAlwaysOnScreen) {
  int seen = 0;
  forEveryStepInBothModes([&](AppState& s, size_t l, size_t p, bool presenter) {
    applyPreset(s, static_cast<int>(l), static_cast<int>(p));
    for (int i = 0; i < 3; ++i) frame(s);
    const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
    for (const nlohmann::json& w : map["widgets"]) {
      const std::string id = w["id"].get<std::string>();
      if (id != "button/\u25C0 Previous" && id != "button/Next \u25B6") continue;
      ++seen;
      EXPECT_LE(w["y1"].get<float>(), 720.0f)
          << s.course.lessons[l].id << " step " << p + 1 << (presenter ? " (presenter): " : ": ") << id;
    }
  });
  EXPECT_GT(seen, 4 * 30);
}

// The top bar's step arrows stay where the teacher's mouse is: from step to step, lesson to lesson and while a
// run is on its way, in both modes (the subtitle gave way to the run's progress before the lesson box and
// moved them).
TEST_F(VizGridReadability, TheStepArrowsStayPut) {
  for (const bool presenter : {false, true}) {
    AppState s;
    openShippedLessons(s, presenter);
    uimap::setEnabled(true);
    std::set<float> xs;
    const auto nextX = [&] {
      for (int i = 0; i < 2; ++i) frame(s);
      const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
      for (const nlohmann::json& w : map["widgets"])
        if (w["id"].get<std::string>() == "button/next") return w["x0"].get<float>();
      ADD_FAILURE() << "no step arrow";
      return -1.0f;
    };
    for (size_t l = 0; l < s.course.lessons.size(); ++l) {
      for (size_t p = 0; p < std::min<size_t>(s.course.lessons[l].presets.size(), 2); ++p) {
        applyPreset(s, static_cast<int>(l), static_cast<int>(p));
        xs.insert(nextX());
        s.runProgress = std::make_shared<RunProgress>();  // as while a run is on its way
        xs.insert(nextX());
        s.runProgress.reset();
      }
    }
    uimap::setEnabled(false);
    EXPECT_EQ(xs.size(), 1u) << (presenter ? "presenter: " : "") << "the arrow stood at " << xs.size() << " places";
    s.view.presenter = false;
    syncTheme(s);
  }
}

// At a phone's size (390x844 CSS px) the grids take the page's width above the lesson and its question, with
// no controls panel beside them (three panels left the canvas a sliver); on a student's page in a class every
// cell is at least a finger's 44 px, the rest of the picture a pan away.
TEST_F(VizGridReadability, APhonesPageStacksThePanelsAndAStudentsCellsFitAFinger) {
  AppState s;
  openShippedLessons(s, false);
  ImGui::GetIO().DisplaySize = ImVec2(390, 844);
  ASSERT_TRUE(selectLesson(s, "tiling-and-cores"));  // 32x32 gradOutput: small cells when fitted
  s.view.tab = Tab::kScatter;
  s.view.selectTab = true;
  uimap::setEnabled(true);
  for (int i = 0; i < 3; ++i) frame(s);
  nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 390, 844));
  std::map<std::string, nlohmann::json> panels;
  for (const nlohmann::json& w : map["widgets"])
    if (w["kind"].get<std::string>() == "panel") panels[w["id"].get<std::string>()] = w;
  EXPECT_EQ(panels.count("panel/controls"), 0u);
  ASSERT_EQ(panels.count("panel/centre"), 1u);
  ASSERT_EQ(panels.count("panel/side"), 1u);
  EXPECT_EQ(panels["panel/centre"]["x1"].get<float>() - panels["panel/centre"]["x0"].get<float>(), 390.0f);
  EXPECT_EQ(panels["panel/side"]["x1"].get<float>() - panels["panel/side"]["x0"].get<float>(), 390.0f);
  EXPECT_LE(panels["panel/centre"]["y1"].get<float>(), panels["panel/side"]["y0"].get<float>());
  EXPECT_GT(s.view.scatterView.zoom, 0.0f);
  EXPECT_LT(s.view.scatterView.zoom, kTapTargetPx) << "fitted, a 32x32 grid's cells are smaller than a finger";
  s.course.student = std::make_shared<StudentClass>();
  for (int i = 0; i < 3; ++i) frame(s);
  EXPECT_GE(s.view.scatterView.zoom, kTapTargetPx);
  // A question answered on gradInput (first-steps step 2): the picture starts at that grid, not off-screen.
  ASSERT_TRUE(selectLesson(s, "first-steps"));
  applyPreset(s, s.course.lesson, 1);
  s.view.tab = Tab::kScatter;
  s.view.selectTab = true;
  for (int i = 0; i < 3; ++i) frame(s);
  ASSERT_TRUE(s.exerciseOpen());
  const SceneGrid& answerGrid = s.run.scene.grids[static_cast<size_t>(s.course.exercise->exercise.answerGrid)];
  EXPECT_GE(s.view.scatterView.zoom, kTapTargetPx);
  EXPECT_LE(s.view.scatterView.originX, answerGrid.x);
  EXPECT_LE((answerGrid.x + 1.0f - s.view.scatterView.originX) * s.view.scatterView.zoom, s.view.scatterView.fittedW)
      << "its first column is in view";
  // A question answered with cores (determinism step 2: which core writes gradInput[0, 0, 1, 1]): the picture
  // starts at the grid of the cell it asks about.
  ASSERT_TRUE(selectLesson(s, "determinism"));
  applyPreset(s, s.course.lesson, 1);
  s.view.tab = Tab::kScatter;
  s.view.selectTab = true;
  for (int i = 0; i < 3; ++i) frame(s);
  ASSERT_TRUE(s.exerciseOpen());
  ASSERT_LT(s.course.exercise->exercise.answerGrid, 0);
  const SceneGrid& askedGrid = s.run.scene.grids[static_cast<size_t>(s.course.exercise->exercise.asked.grid)];
  EXPECT_LE(s.view.scatterView.originX, askedGrid.x);
  EXPECT_LE((askedGrid.x + 1.0f - s.view.scatterView.originX) * s.view.scatterView.zoom, s.view.scatterView.fittedW)
      << "the asked grid is in view";
  uimap::setEnabled(false);
  ImGui::GetIO().DisplaySize = ImVec2(1280, 720);
}

// A question about a cell's memory offset is answered from its grid's label: the strides and the offset after
// the + are all on screen, in both modes (the layouts lesson's gradInput label ended "n=0 c=1…").
TEST_F(VizGridReadability, AnOffsetQuestionsLabelShowsEveryStrideAndTheOffset) {
  int asked = 0;
  for (const bool presenter : {false, true}) {
    AppState s;
    openShippedLessons(s, presenter);
    for (size_t l = 0; l < s.course.lessons.size(); ++l) {
      for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) {
        const auto& question = s.course.lessons[l].presets[p].exercise;
        if (!question || question->kind != ExerciseKind::kOffset) continue;
        applyPreset(s, static_cast<int>(l), static_cast<int>(p));
        // The Tiling tab too: its label of gradInput ended "channels-last…" in presenter mode.
        for (const Tab tab : {Tab::kScatter, Tab::kTiling}) {
          s.view.tab = tab;
          s.view.selectTab = true;
          for (int i = 0; i < 3; ++i) frame(s);
          const std::string text = loggedFrame(s);
          const SceneGrid& g = s.run.scene.grids[static_cast<size_t>(s.course.exercise->exercise.asked.grid)];
          const std::string strides = stridesText(storageOf(g.grid.shape, s.run.request));  // "103,32,8,1 +10"
          const size_t label = text.find(g.grid.name + "\n");
          ASSERT_NE(label, std::string::npos);
          size_t at = label;
          for (size_t from = 0; from < strides.size();) {  // each part, in order, whole
            const size_t space = std::min(strides.find(' ', from), strides.size());
            at = text.find(strides.substr(from, space - from), at);
            EXPECT_NE(at, std::string::npos)
                << s.course.lessons[l].id << " step " << p + 1 << (presenter ? " (presenter)" : "")
                << (tab == Tab::kTiling ? " Tiling tab" : "") << ": " << strides.substr(from, space - from) << " of "
                << strides;
            if (at == std::string::npos) break;
            from = space + 1;
          }
          ++asked;
        }
      }
    }
    s.view.presenter = false;
    syncTheme(s);
  }
  EXPECT_GE(asked, 4);
}

// A question's buttons never put another button under the mouse: after a wrong try (Check) and a second Hint,
// the place each button was clicked at is that button still or no button at all (a second Hint put Show the
// answer under the cursor; a wrong try scrolled it where Check was). And what the click brought, the newest hint
// and the verdict, is in the side panel's view from its first line (a wrong try's verdict fell below its edge in
// presenter mode), and so is the question's first line (a second hint scrolled it above the panel's top in
// presenter mode: the hints now scroll between the question and its buttons). Every question, both modes.
TEST_F(VizGridReadability, AQuestionsButtonsStayUnderTheMouse) {
  int questions = 0, stayed = 0;
  for (const bool presenter : {false, true}) {
    AppState s;
    openShippedLessons(s, presenter);
    uimap::setEnabled(true);
    struct Box {
      float x0, y0, x1, y1;
      bool operator==(const Box&) const = default;
      bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
    };
    std::map<std::string, Box> at;  // the widgets of the last frame
    const auto settle = [&] {
      for (int i = 0; i < 3; ++i) frame(s);
      at.clear();
      const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
      for (const nlohmann::json& w : map["widgets"])
        at[w["id"].get<std::string>()] = {w["x0"].get<float>(), w["y0"].get<float>(), w["x1"].get<float>(), w["y1"].get<float>()};
    };
    const std::vector<std::string> ids = {"button/Check", "button/Hint", "button/Show the answer"};
    // Where the click on `clicked` was: that button there still, or none.
    const auto nothingElseUnder = [&](const std::string& clicked, const Box& was) {
      const float x = (was.x0 + was.x1) / 2, y = (was.y0 + was.y1) / 2;
      for (const std::string& id : ids)
        if (id != clicked && at.count(id) && at[id].contains(x, y)) return false;
      if (at.count(clicked) && at[clicked] == was) ++stayed;
      return true;
    };
    // The newest hint from its first line, the verdict, the question from its first line and the buttons.
    const auto feedbackInView = [&] {
      if (!at.count("text/hint") || !at.count("panel/hints") || !at.count("text/try verdict") || !at.count("text/question"))
        return false;
      const Box hint = at["text/hint"], hints = at["panel/hints"], verdict = at["text/try verdict"], view = at["panel/question"];
      const auto inView = [&](const Box& b) { return b.y0 >= view.y0 - 0.5f && b.y1 <= view.y1 + 0.5f; };
      bool buttons = true;
      for (const std::string& id : ids) buttons = buttons && inView(at[id]);
      return buttons && inView(hints) && inView(verdict) && hint.y0 >= hints.y0 - 0.5f && hint.y0 + 12.0f <= hints.y1 &&
             at["text/question"].y0 >= view.y0 - 0.5f;
    };
    for (size_t l = 0; l < s.course.lessons.size(); ++l) {
      for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) {
        if (!s.course.lessons[l].presets[p].exercise) continue;
        applyPreset(s, static_cast<int>(l), static_cast<int>(p));
        const std::string where = cat(s.course.lessons[l].id, " step ", p + 1, presenter ? " (presenter)" : "");
        settle();
        for (const std::string& id : ids) ASSERT_TRUE(at.count(id)) << where << ": " << id;
        const Box check = at["button/Check"];
        s.course.exercise->answer = wrongAnswer(s.course.exercise->exercise);
        s.course.exercise->typed =
            s.course.exercise->answer.number ? formatNumber(*s.course.exercise->answer.number) : "";
        checkExercise(s);
        ASSERT_TRUE(s.exerciseOpen()) << where;
        settle();
        EXPECT_TRUE(nothingElseUnder("button/Check", check)) << where << ": after a wrong try";
        EXPECT_TRUE(feedbackInView()) << where << ": the wrong try's verdict and hint";
        const Box hint = at["button/Hint"];
        hintExercise(s);
        settle();
        EXPECT_TRUE(nothingElseUnder("button/Hint", hint)) << where << ": after the second hint";
        EXPECT_TRUE(feedbackInView()) << where << ": the second hint and the verdict";
        s.course.exercise->answer = rightAnswer(s.course.exercise->exercise);
        s.course.exercise->typed = formatNumber(s.course.exercise->exercise.number);
        checkExercise(s);
        ASSERT_FALSE(s.exerciseOpen()) << where;
        settle();
        ASSERT_TRUE(at.count("text/verdict")) << where;
        EXPECT_TRUE(at["text/verdict"].y0 >= at["panel/side scroll"].y0 - 0.5f && at["text/verdict"].y1 <= at["panel/side scroll"].y1 + 0.5f)
            << where << ": the right answer's verdict is out of view";
        ++questions;
      }
    }
    uimap::setEnabled(false);
    s.view.presenter = false;
    syncTheme(s);
  }
  EXPECT_GT(questions, 40);
  EXPECT_GT(stayed, questions);  // most clicks find their button where it was
}

// A question step opens with its words from their first line, its question's first line and its buttons in view,
// in both modes, whatever the last question was scrolled to: the question stays at the side panel's foot and the
// words scroll above it (scrolled as one, presenter mode opened most question steps with the caption's first
// lines above the panel's top).
TEST_F(VizGridReadability, AQuestionStepOpensAtItsFirstLineWithItsButtonsInView) {
  int steps = 0;
  forEveryStepInBothModes([&](AppState& s, size_t l, size_t p, bool presenter) {
    if (!s.course.lessons[l].presets[p].exercise || s.course.lessons[l].presets[p].caption.empty()) return;
    applyPreset(s, static_cast<int>(l), static_cast<int>(p));
    for (int i = 0; i < 4; ++i) frame(s);
    const std::string where = cat(s.course.lessons[l].id, " step ", p + 1, presenter ? " (presenter)" : "");
    const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
    std::map<std::string, std::array<float, 4>> at;
    for (const nlohmann::json& w : map["widgets"])
      at[w["id"].get<std::string>()] = {w["x0"].get<float>(), w["y0"].get<float>(), w["x1"].get<float>(), w["y1"].get<float>()};
    ASSERT_TRUE(at.count("text/caption") && at.count("panel/side scroll") && at.count("panel/question")) << where;
    EXPECT_GE(at["text/caption"][1], at["panel/side scroll"][1] - 0.5f) << where << ": the caption's first line is above the panel";
    EXPECT_LT(at["text/caption"][1] + 40.0f, at["panel/side scroll"][3]) << where << ": no line of the caption in view";
    ASSERT_TRUE(at.count("text/question")) << where;
    EXPECT_GE(at["text/question"][1], at["panel/question"][1] - 0.5f) << where << ": the question's first line is above its panel";
    for (const char* button : {"button/Check", "button/Hint"}) {
      ASSERT_TRUE(at.count(button)) << where;
      EXPECT_GE(at[button][1], at["panel/question"][1] - 0.5f) << where << ": " << button;
      EXPECT_LE(at[button][3], at["panel/question"][3] + 0.5f) << where << ": " << button;
    }
    ++steps;
    // Scrolled down by hand before the next step (first-steps 4 opened scrolled as step 3's question was).
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
      if (std::string(w->Name).find("##question") != std::string::npos) ImGui::SetScrollY(w, w->ScrollMax.y + 200.0f);
    frame(s);
  });
  EXPECT_GT(steps, 40);
}

// A one-cell grid's label keeps its dtype: precision steps 6 and 7 ask what a float16 cell holds, and the
// gradInput label ended "[1, 1, 1]…" in presenter mode. At the end of its animation it says its values are final
// (it said "[1, 1, 1] float16" and nothing of what its cell shows), in both modes.
TEST_F(VizGridReadability, AOneCellGridsLabelKeepsItsDtypeAndSaysWhenItsValuesAreFinal) {
  for (const bool presenter : {false, true}) {
    AppState s;
    openShippedLessons(s, presenter);
    ASSERT_TRUE(selectLesson(s, "precision"));
    for (const int step : {5, 6}) {
      const std::string where = cat("step ", step + 1, presenter ? " (presenter)" : "");
      applyPreset(s, s.course.lesson, step);
      for (int i = 0; i < 3; ++i) frame(s);
      EXPECT_NE(loggedFrame(s).find("[1, 1, 1] float16"), std::string::npos) << where;
      if (s.exerciseOpen()) revealExercise(s);
      s.player.t = s.run.animation.duration() + 1.0;
      s.player.playing = false;
      for (int i = 0; i < 3; ++i) frame(s);
      ASSERT_TRUE(s.player.atEnd());
      EXPECT_NE(loggedFrame(s).find("(final values)"), std::string::npos) << where;
    }
    s.view.presenter = false;
    syncTheme(s);
  }
}

// A grid's label ends before the next grid to its right: on adaptive-pool-windows step 2's Tiling tab in
// presenter mode "indices [1, 1, 3, 3] int64" ran over "gradOutput [1, 1, 3, 3] float32".
TEST_F(VizGridReadability, AGridsLabelEndsBeforeTheNextGrid) {
  AppState s;
  ASSERT_TRUE(openShippedStep(s, "adaptive-pool-windows", 1, true));
  uimap::setEnabled(true);
  s.view.tab = Tab::kTiling;
  s.view.selectTab = true;
  for (int i = 0; i < 3; ++i) frame(s);
  const std::string text = loggedFrame(s);
  float zoom = 0, originX = 0, canvasX = 0;
  const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
  for (const nlohmann::json& w : map["widgets"])
    if (w["id"] == "canvas/tiling") {
      ASSERT_EQ(std::sscanf(w["value"].get<std::string>().c_str(), "%f %f", &zoom, &originX), 2);
      canvasX = w["x0"].get<float>();
    }
  ASSERT_GT(zoom, 0.0f);
  const Scene& sc = s.run.scene;
  int checked = 0;
  for (const SceneGrid& g : sc.grids) {
    if (!g.shown) continue;
    const size_t at = text.find(cat("[label of ", g.grid.name, " ends at "));
    if (at == std::string::npos) continue;
    const float end = std::stof(text.substr(text.find(" ends at ", at) + 9));
    for (const SceneGrid& o : sc.grids) {
      if (!o.shown || o.x <= g.x || o.y != g.y) continue;  // the next grids of the row
      EXPECT_LE(end, canvasX + (o.x - originX) * zoom) << g.grid.name << "'s label runs over " << o.grid.name;
      ++checked;
    }
  }
  EXPECT_GE(checked, 2);
  uimap::setEnabled(false);
  s.view.presenter = false;
  syncTheme(s);
}

// No grid's label is cut short ("…") on the tabs that draw the scene's grids, in any lesson step, in either mode,
// where the canvas has room above the grid: the Tiling tab's narrow gradInput (tiling-and-cores 2, presenter
// mode) cut "[1, 1, 16, 16]…" before its dtype with empty canvas above it; precision's Compare tab cut its error
// grid's "2 sig. digits".
TEST_F(VizGridReadability, NoGridLabelIsCutShort) {
  int labels = 0;
  std::vector<std::string> cut;
  for (const bool presenter : {false, true}) {
    AppState s;
    openShippedLessons(s, presenter);
    forEachStepOpenAndAtItsEnd(s, [&](size_t l, size_t p, bool atEnd) {
      // A strided layout's step once answered with its memory order shown too (the strips take the canvas's
      // lower part: layouts 3's gradOutput label read "[1, 3, 6, 6] float32   n=…").
      const bool strided = atEnd && s.run.request.layout != Layout::kContiguous;
      // And the Compare tab where the step opens on it (precision's error grid cut "2 sig…").
      const bool compares = s.currentPreset() && s.currentPreset()->view.tab == Tab::kCompare;
      for (const int view : {0, 1, 2, 3, 4}) {
        const Tab tab = view == 1 ? Tab::kTiling : view == 2 ? Tab::kPipeline : view == 4 ? Tab::kCompare : Tab::kScatter;
        if ((view == 3 && !strided) || (view == 4 && !compares)) continue;
        s.view.memoryOrder = view == 3;
        s.view.tab = tab;
        s.view.selectTab = true;
        for (int i = 0; i < 2; ++i) frame(s);
        const std::string text = loggedFrame(s);
        for (size_t at = text.find("[label of "); at != std::string::npos; at = text.find("[label of ", at + 1)) {
          ++labels;
          // Its lines, to the next mark ("[gradOutput (0, 0) = 4]"; a shape line "[1, 3, 6, 6] …" is the label's).
          size_t end = text.find(']', at);
          do end = text.find("\n[", end + 1);
          while (end != std::string::npos && end + 2 < text.size() && std::isdigit(static_cast<unsigned char>(text[end + 2])));
          end = std::min(end, text.size());
          if (text.substr(at, end - at).find("…") != std::string::npos)
            cut.push_back(cat(s.course.lessons[l].id, " step ", p + 1, atEnd ? " at its end" : "", " tab ",
                              static_cast<int>(tab), s.view.memoryOrder ? " with its memory order" : "",
                              presenter ? " (presenter): " : ": ", text.substr(at, end - at)));
        }
      }
      s.view.memoryOrder = false;
    });
    s.view.presenter = false;
    syncTheme(s);
  }
  EXPECT_GT(labels, 500);
  for (const std::string& c : cut) ADD_FAILURE() << c;
}

// The Pipeline tab's sentence under the lanes while a question hides the plan ends above the player bar, in both
// modes (presenter mode kept half a line for it: the player bar cut it after its first line).
TEST_F(VizGridReadability, ThePipelinesNoteWhileAQuestionIsOpenIsNotCut) {
  for (const bool presenter : {false, true}) {
    AppState s;
    ASSERT_TRUE(openShippedStep(s, "first-steps", 1, presenter));
    ASSERT_TRUE(s.exerciseOpen());
    uimap::setEnabled(true);
    s.view.tab = Tab::kPipeline;
    s.view.selectTab = true;
    for (int i = 0; i < 3; ++i) frame(s);
    float noteEnd = -1.0f, playTop = -1.0f;
    const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
    for (const nlohmann::json& w : map["widgets"]) {
      const std::string id = w["id"].get<std::string>();
      if (id == "text/tile note") noteEnd = w["y1"].get<float>();
      if (id.rfind("button/", 0) == 0 && id.find("Play") != std::string::npos) playTop = w["y0"].get<float>();
    }
    ASSERT_GT(noteEnd, 0.0f) << (presenter ? "presenter" : "normal");
    ASSERT_GT(playTop, 0.0f);
    EXPECT_LE(noteEnd, playTop) << (presenter ? "presenter" : "normal");
    uimap::setEnabled(false);
    s.view.presenter = false;
    syncTheme(s);
  }
}

// Presenter mode's folded tile table, opened (here by picking a tile), shows rows a room can read: it took the
// strip left under the pictures, about 10 px, where tiling-and-cores step 3 sends the class to its UB column.
TEST_F(VizGridReadability, PresentersOpenedTileTableShowsItsRows) {
  AppState s;
  ASSERT_TRUE(openShippedStep(s, "tiling-and-cores", 2, true));
  uimap::setEnabled(true);
  ASSERT_FALSE(s.exerciseOpen());
  s.view.tab = Tab::kTiling;
  s.view.selectTab = true;
  frame(s);
  selectTile(s, 0);
  for (int i = 0; i < 4; ++i) frame(s);
  float height = 0.0f;
  const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
  for (const nlohmann::json& w : map["widgets"])
    if (w["id"] == "table/tiles") height = w["y1"].get<float>() - w["y0"].get<float>();
  EXPECT_GE(height, ImGui::GetFrameHeight() * 6.0f) << "a header and five rows";
  uimap::setEnabled(false);
  s.view.presenter = false;
  syncTheme(s);
}

// The tile table's cells stay in their columns, in both modes, every step of tiling-and-cores with a table open
// (fixed shares ran the 48-core table's "p0 r10-11 c0-63" into the dst box column in presenter mode): each
// column's widest content ends inside it (a table too wide for its tab scrolls sideways).
TEST_F(VizGridReadability, TheTileTablesCellsStayInTheirColumns) {
  int columns = 0;
  for (const bool presenter : {false, true}) {
    AppState s;
    openShippedLessons(s, presenter);
    ASSERT_TRUE(selectLesson(s, "tiling-and-cores"));
    for (int step = 0; step < static_cast<int>(s.currentLesson()->presets.size()); ++step) {
      applyPreset(s, s.course.lesson, step);
      if (s.exerciseOpen()) revealExercise(s);
      s.view.tab = Tab::kTiling;
      s.view.selectTab = true;
      frame(s);
      selectTile(s, 0);
      for (int i = 0; i < 4; ++i) frame(s);
      ImGuiContext& g = *ImGui::GetCurrentContext();
      for (int t = 0; t < g.Tables.GetMapSize(); ++t) {
        const ImGuiTable* table = g.Tables.TryGetMapData(t);
        if (!table || table->ColumnsCount != 8 || table->LastFrameActive < g.FrameCount - 1) continue;
        for (int c = 0; c < table->ColumnsCount; ++c) {
          const ImGuiTableColumn& col = table->Columns[c];
          EXPECT_LE(col.ContentMaxXUnfrozen, col.MaxX + 0.5f)
              << "step " << step + 1 << (presenter ? " (presenter)" : "") << ": column " << c << " overflows by "
              << col.ContentMaxXUnfrozen - col.MaxX << " px";
          ++columns;
        }
      }
    }
    s.view.presenter = false;
    syncTheme(s);
  }
  EXPECT_GE(columns, 8 * 8);
}

// The Tiling tab in presenter mode at 1280x720, every step of every lesson: the load chart keeps its title and
// bars two lines high with no scroll bar (it was a 20 px sliver under one); the phases line and its "(?)" end
// inside the tab (they were cut at its edge: "phases: compute (").
TEST_F(VizGridReadability, PresenterLoadChartIsNotSquashed) {
  AppState s;
  openShippedLessons(s, true);
  int charts = 0, lines = 0;
  uimap::setEnabled(true);
  for (size_t l = 0; l < s.course.lessons.size(); ++l) {
    for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) {
      applyPreset(s, static_cast<int>(l), static_cast<int>(p));
      s.view.tab = Tab::kTiling;
      s.view.selectTab = true;
      for (int i = 0; i < 3; ++i) frame(s);
      for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
        if (std::string(w->Name).find("##load") == std::string::npos || !w->WasActive) continue;
        ++charts;
        const std::string where = cat(s.course.lessons[l].id, " step ", p + 1);
        EXPECT_GE(w->Size.y, ImGui::GetFontSize() * 3.6f) << where;
        EXPECT_EQ(w->ScrollMax.y, 0.0f) << where;
      }
      const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
      for (const nlohmann::json& w : map["widgets"]) {
        if (w["id"] != "text/phases" && w["id"] != "text/strategy help") continue;
        ++lines;
        EXPECT_LE(w["x1"].get<float>(), w["wx1"].get<float>())
            << s.course.lessons[l].id << " step " << p + 1 << ": " << w["id"];
      }
    }
  }
  uimap::setEnabled(false);
  s.view.presenter = false;
  syncTheme(s);
  EXPECT_GT(charts, 30);
  EXPECT_GT(lines, 60);
}

// A line over a grid passes under its digits: in the draw order, no triangle of a flight's trail or of an answer
// arrow's faint part that overlaps a digit's glyph comes after it (a trail from its source cell's centre struck
// through the value it carries; an arrow's faint part through the cells it crossed). Every moment a move is in
// flight, with the answer's arrows, both modes.
TEST_F(VizGridReadability, TrailsAndArrowsPassUnderTheDigits) {
  int crossings = 0, frames = 0;
  for (const bool presenter : {false, true}) {
    for (const auto& [lesson, step] : std::vector<std::pair<const char*, int>>{{"nearest-vs-exact", 3}, {"first-steps", 2}, {"downsampling", 3}}) {
      AppState s;
      ASSERT_TRUE(openShippedStep(s, lesson, step, presenter));
      if (s.exerciseOpen()) revealExercise(s);
      const ImU32 trail = theme().trail, faint = (theme().highlight & 0x00FFFFFFu) | 0x80000000u;
      for (double t = 0.3; t < s.run.animation.duration(); t += 0.5) {
        s.player.t = t;
        s.player.playing = false;
        frame(s);
        ++frames;
        const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
        // Thick lines are drawn with the atlas's baked line texture: their UVs are not a glyph's.
        ImVec4 lineUv(FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX);
        for (const ImVec4& uv : ImGui::GetIO().Fonts->TexUvLines)
          lineUv = ImVec4(std::min(lineUv.x, uv.x), std::min(lineUv.y, uv.y), std::max(lineUv.z, uv.z), std::max(lineUv.w, uv.w));
        const auto isGlyphUv = [&](ImVec2 uv) {
          const bool line = uv.x >= lineUv.x && uv.x <= lineUv.z && uv.y >= lineUv.y && uv.y <= lineUv.w;
          return !line && (uv.x != white.x || uv.y != white.y);
        };
        const ImDrawData* data = ImGui::GetDrawData();
        for (int list = 0; list < data->CmdListsCount; ++list) {
          const ImDrawList* dl = data->CmdLists[list];
          // Each triangle's box, and whether it is a glyph's or a line's.
          struct Tri {
            ImVec2 min, max;
            bool glyph, line;
          };
          std::vector<Tri> tris;
          for (int i = 0; i + 2 < dl->IdxBuffer.Size; i += 3) {
            Tri t{ImVec2(FLT_MAX, FLT_MAX), ImVec2(-FLT_MAX, -FLT_MAX), false, false};
            for (int k = 0; k < 3; ++k) {
              const ImDrawVert& v = dl->VtxBuffer[dl->IdxBuffer[i + k]];
              t.min = ImVec2(std::min(t.min.x, v.pos.x), std::min(t.min.y, v.pos.y));
              t.max = ImVec2(std::max(t.max.x, v.pos.x), std::max(t.max.y, v.pos.y));
              t.glyph = t.glyph || isGlyphUv(v.uv);
              t.line = t.line || v.col == trail || v.col == faint;
            }
            if (t.glyph || t.line) tris.push_back(t);
          }
          // A glyph drawn after a line that crosses it is over it: only a line drawn after a glyph strikes it through.
          for (size_t i = 0; i < tris.size(); ++i) {
            if (!tris[i].line || tris[i].glyph) continue;
            for (size_t g = 0; g < i; ++g) {
              if (!tris[g].glyph) continue;
              const bool overlap = tris[i].min.x < tris[g].max.x && tris[g].min.x < tris[i].max.x && tris[i].min.y < tris[g].max.y &&
                                   tris[g].min.y < tris[i].max.y;
              if (overlap) {
                ++crossings;
                ADD_FAILURE() << lesson << " step " << step + 1 << (presenter ? " (presenter)" : "") << " at beat " << t
                              << ": a line drawn over a glyph at " << tris[g].min.x << ", " << tris[g].min.y << " (line "
                              << tris[i].min.x << ", " << tris[i].min.y << " to " << tris[i].max.x << ", " << tris[i].max.y << "; glyph to "
                              << tris[g].max.x << ", " << tris[g].max.y << ")";
                break;
              }
            }
            if (crossings > 5) return;
          }
        }
      }
      s.view.presenter = false;
      syncTheme(s);
    }
  }
  EXPECT_GT(frames, 20);
}

// An owner question's last hint names the tiles that hold the cell and sends the class to the Pipeline tab's
// events, which must then name each tile's core as the answer's boxes do (it said "the Pipeline tab's lanes show
// each core's tiles": at full length the kernels were a sliver behind the launch, and no lane names a tile).
TEST_F(VizGridReadability, AnOwnerQuestionsHintLeadsToEventsThatNameTheCores) {
  int found = 0;
  AppState s;
  openShippedLessons(s, false);
  uimap::setEnabled(true);
  forEachStepOpenAndAtItsEnd(s, [&](size_t l, size_t p, bool atEnd) {
    if (atEnd || !s.exerciseOpen() || s.course.exercise->exercise.spec.kind != ExerciseKind::kOwner) return;
    const Exercise& e = s.course.exercise->exercise;
    const std::string where = cat(s.course.lessons[l].id, " step ", p + 1);
    ASSERT_EQ(e.hints.size(), 2u) << where;
    EXPECT_NE(e.hints[1].find("kernels only"), std::string::npos) << where << ": " << e.hints[1];
    s.view.tab = Tab::kPipeline;
    s.view.selectTab = true;
    s.view.timelineKernelsOnly = true;
    for (int i = 0; i < 3; ++i) frame(s);
    const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
    for (size_t t = 0; t < e.tiles.size(); ++t) {
      const Tile& tile = s.run.result.plan->tiles[static_cast<size_t>(e.tiles[t])];
      const std::string tag = coreTag(*s.run.result.plan, tile.core);
      bool named = false;
      for (const nlohmann::json& w : map["widgets"]) {
        if (w["id"].get<std::string>().rfind(cat("event/T", tile.id, " "), 0) != 0) continue;
        const float x0 = w["x0"].get<float>(), x1 = w["x1"].get<float>(), y0 = w["y0"].get<float>(), y1 = w["y1"].get<float>();
        ASSERT_GE(x1 - x0, 3.0f) << where << ": T" << tile.id << "'s events are too thin to hover";
        loggedFrame(s, ImVec2((x0 + x1) / 2.0f, (y0 + y1) / 2.0f));
        const nlohmann::json hovered = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
        const std::string tip = hovered["state"].value("event tooltip", "");
        named = tip.find(cat("tile ", tile.id, ":")) != std::string::npos && tip.find(cat("(", tag, ")")) != std::string::npos;
        EXPECT_TRUE(named) << where << ": " << tip;
        break;
      }
      EXPECT_TRUE(named) << where << ": hovering T" << tile.id << " does not name " << tag;
      EXPECT_NE(std::find(e.coreNames.begin(), e.coreNames.end(), tag), e.coreNames.end()) << where << ": the boxes do not name " << tag;
      found += named ? 1 : 0;
    }
  });
  uimap::setEnabled(false);
  EXPECT_GE(found, 2);
}

// A grid's label stands on a plate of the canvas's colour, and what crosses the space between the grids (an
// answer arrow, a flying chip, a trail) passes behind it: drawn over the label, an arrow to precision 7's
// one-cell gradInput ran through "(final values)", and downsampling 1's chips covered gradInput's name.
TEST_F(VizGridReadability, ArrowsAndChipsPassBehindTheGridLabels) {
  int behind = 0;
  for (const bool presenter : {false, true}) {
    for (const auto& [lesson, step] : std::vector<std::pair<const char*, int>>{{"exercises", 8}, {"exercises", 9}, {"precision", 6}, {"downsampling", 0}}) {
      AppState s;
      ASSERT_TRUE(openShippedStep(s, lesson, step, presenter));
      if (s.exerciseOpen()) revealExercise(s);  // the answer's cell is pinned: its arrows are drawn
      const ImU32 bg = theme().canvasBg, label = theme().label, highlight = theme().highlight;
      const ImU32 faint = (highlight & 0x00FFFFFFu) | 0x80000000u, trail = theme().trail;
      for (double t = 0.2; t < s.run.animation.duration() + 0.5; t += 0.35) {
        s.player.t = std::min(t, s.run.animation.duration());
        s.player.playing = false;
        frame(s);
        const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
        const ImDrawData* data = ImGui::GetDrawData();
        for (int list = 0; list < data->CmdListsCount; ++list) {
          const ImDrawList* dl = data->CmdLists[list];
          struct Tri {
            ImVec2 min, max;
            ImU32 col;
            bool plain;  // the atlas's white pixel: a fill or a line, not a glyph
          };
          std::vector<Tri> tris;
          for (int i = 0; i + 2 < dl->IdxBuffer.Size; i += 3) {
            Tri t{ImVec2(FLT_MAX, FLT_MAX), ImVec2(-FLT_MAX, -FLT_MAX), dl->VtxBuffer[dl->IdxBuffer[i]].col, true};
            for (int k = 0; k < 3; ++k) {
              const ImDrawVert& v = dl->VtxBuffer[dl->IdxBuffer[i + k]];
              t.min = ImVec2(std::min(t.min.x, v.pos.x), std::min(t.min.y, v.pos.y));
              t.max = ImVec2(std::max(t.max.x, v.pos.x), std::max(t.max.y, v.pos.y));
              t.plain = t.plain && v.uv.x == white.x && v.uv.y == white.y;
            }
            tris.push_back(t);
          }
          const auto overlap = [](const Tri& a, const Tri& b) {  // by a pixel at least (a grid's frame touches its label's plate)
            return a.min.x + 1.0f < b.max.x && b.min.x + 1.0f < a.max.x && a.min.y + 1.0f < b.max.y && b.min.y + 1.0f < a.max.y;
          };
          for (size_t p = 0; p < tris.size(); ++p) {
            const Tri& plate = tris[p];
            if (plate.col != bg || !plate.plain || plate.max.y - plate.min.y > 80.0f) continue;  // not the canvas's own background
            // A label's glyphs follow its plate; an arrow, trail or chip edge drawn after the plate over one of them covers it.
            std::vector<const Tri*> glyphs;
            for (size_t g = p + 1; g < tris.size(); ++g)
              if (!tris[g].plain && overlap(plate, tris[g])) glyphs.push_back(&tris[g]);
            for (size_t i = 0; i < tris.size(); ++i) {
              const Tri& x = tris[i];
              const bool crossing = (x.col == highlight || x.col == faint || x.col == trail || x.col == label) && x.plain;
              if (!crossing || !overlap(plate, x)) continue;
              if (i < p) {
                ++behind;
              } else if (std::any_of(glyphs.begin(), glyphs.end(), [&](const Tri* g) { return overlap(*g, x); })) {
                ADD_FAILURE() << lesson << " step " << step + 1 << (presenter ? " (presenter)" : "") << " at beat " << t
                              << ": drawn over a grid label at " << plate.min.x << ", " << plate.min.y << " to " << plate.max.x << ", "
                              << plate.max.y << " (colour " << std::hex << x.col << std::dec << ", " << x.min.x << ", " << x.min.y
                              << " to " << x.max.x << ", " << x.max.y << ")";
                return;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(behind, 0) << "nothing passed behind a label: the test saw no crossing";
}

}  // namespace
}  // namespace gradlab::viz
#endif
