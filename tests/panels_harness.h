// The panels under a backend-less ImGui context (fonts built, no renderer) at 1280x720: a frame with the
// mouse where a test puts it, and a frame's logged text (every text it draws, one piece a line, plus
// "[marks]" for outlined cells, tiles and cell digits: viz/widgets/draw_text.h).
#pragma once
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>

#include <cfloat>
#include <string>

#include "app/viz_fixtures.h"
#include "viz/model/lesson.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/draw_text.h"
#include "viz/widgets/theme.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {

class PanelsHarness : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(createBackendlessContext(ImVec2(1280, 720), std::string(GRADLAB_ASSETS_DIR) + "/fonts", {}, &error)) << error;
    applyTheme(false);
    setPaletteScheme(PaletteScheme::kClassic);
  }
  void TearDown() override {
    // Presenter mode switches the palette to the colour-blind one (syncTheme): leave the globals as found.
    applyTheme(false);
    setPaletteScheme(PaletteScheme::kClassic);
    ImGui::DestroyContext();
  }

  void frame(AppState& s, ImVec2 mouse = ImVec2(-FLT_MAX, -FLT_MAX), bool mouseDown = false, float wheel = 0.0f) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = mouseDown;
    io.MouseWheel = wheel;
    s.player.update(io.DeltaTime);
    if (uimap::enabled()) uimap::beginFrame();
    ImGui::NewFrame();
    drawMainUi(s);
    ImGui::Render();
    ASSERT_NE(ImGui::GetDrawData(), nullptr);
    EXPECT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
  }

  // The shipped lessons with the real runner, in presenter mode or not (the theme follows).
  static void openShippedLessons(AppState& s, bool presenter) {
    s.host.runner = [](const RunRequest& r) { return run(r); };
    s.course.lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &s.course.loadErrors);
    s.view.presenter = presenter;
    syncTheme(s);
  }

  // The shipped lessons, opened at `lesson`'s step `step` (from 0); false when there is no such lesson.
  static bool openShippedStep(AppState& s, const char* lesson, int step, bool presenter = false) {
    openShippedLessons(s, presenter);
    if (!selectLesson(s, lesson)) return false;
    applyPreset(s, s.course.lesson, step);
    return true;
  }

  // Every step of the lessons loaded into `s`, as it opens and then answered and played to its end:
  // visit(lesson, step, atEnd).
  template <typename Visit>
  static void forEachStepOpenAndAtItsEnd(AppState& s, Visit visit) {
    for (size_t l = 0; l < s.course.lessons.size(); ++l) {
      for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) {
        applyPreset(s, static_cast<int>(l), static_cast<int>(p));
        for (const bool atEnd : {false, true}) {
          if (atEnd) {
            if (s.exerciseOpen()) revealExercise(s);
            s.player.toEnd();
          }
          visit(l, p, atEnd);
        }
      }
    }
  }

  // A press and release at `at`, as a hand clicks: a frame to move there, one pressed, one released.
  void click(AppState& s, ImVec2 at) {
    frame(s, at);
    frame(s, at, true);
    frame(s, at, false);
  }

  // Every step of the shipped lessons (loaded into `s` with the real runner) that asks a question, in normal and
  // then presenter mode: visit(lesson, step) with the theme set. Leaves normal mode on; returns the visits.
  template <typename Visit>
  int forEachShippedQuestion(AppState& s, Visit visit) {
    s.host.runner = [](const RunRequest& r) { return run(r); };
    s.course.lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &s.course.loadErrors);
    EXPECT_FALSE(s.course.lessons.empty());
    int visits = 0;
    for (size_t l = 0; l < s.course.lessons.size(); ++l) {
      for (size_t p = 0; p < s.course.lessons[l].presets.size(); ++p) {
        if (!s.course.lessons[l].presets[p].exercise) continue;
        for (bool presenter : {false, true}) {
          s.view.presenter = presenter;
          syncTheme(s);
          visit(l, p);
          ++visits;
        }
      }
    }
    s.view.presenter = false;
    syncTheme(s);
    return visits;
  }

  // One frame with ImGui's log on: every text the frame draws, widgets and canvas alike.
  std::string loggedFrame(AppState& s, ImVec2 mouse = ImVec2(-FLT_MAX, -FLT_MAX)) {
    std::string text;
    ImGui::GetIO().MousePos = mouse;
    ImGui::GetIO().MouseDown[0] = false;
    s.player.update(ImGui::GetIO().DeltaTime);
    if (uimap::enabled()) uimap::beginFrame();
    ImGui::NewFrame();
    startTextCapture(&text);
    drawMainUi(s);
    stopTextCapture();
    ImGui::Render();
    return text;
  }
};

}  // namespace gradlab::viz
#endif
