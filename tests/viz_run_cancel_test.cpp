// A long run a teacher controls: the top bar shows its step, how far it is and Cancel; Cancel or Esc stops
// it between tiles, the previous run stays on screen and the fields show it again; a newer request stops
// the run in hand.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "panels_harness.h"
#include "viz/model/text.h"
#include "viz/panels/ui_worker.h"
#include "viz/widgets/ui_map.h"

namespace gradlab::viz {
namespace {

class VizRunCancel : public PanelsHarness {
 protected:
  // A run that stops a quarter through its kernels and waits there until cancelled (the real runner then
  // reports the same); without a progress (no worker) it is the real runner.
  static RunResult heldRun(const RunRequest& r) {
    if (!r.progress) return run(r);
    r.progress->begin(RunStep::kKernels, 400);
    r.progress->done = 100;
    while (!r.progress->cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    RunResult cancelled;
    cancelled.status = ACL_ERROR_RT_INTERNAL_ERROR;
    cancelled.stage = "cancelled";
    cancelled.message = "cancelled while running the kernels";
    return cancelled;
  }
  // Where the field labelled `label` is drawn (its top, in pixels); NaN when it is not.
  float fieldTop(AppState& s, const std::string& label) {
    uimap::setEnabled(true);
    frame(s);
    const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
    uimap::setEnabled(false);
    for (const nlohmann::json& w : map["widgets"]) {
      const std::string id = w["id"];
      if (id.size() >= label.size() && id.compare(id.size() - label.size(), label.size(), label) == 0) return w["y0"].get<float>();
    }
    return std::numeric_limits<float>::quiet_NaN();
  }
};

TEST_F(VizRunCancel, CancelKeepsThePreviousRunAndItsFields) {
  for (const bool byKey : {false, true}) {
    AppState s;
    s.host.runner = heldRun;
    runControls(s);  // no worker yet: on screen at once
    ASSERT_TRUE(s.run.ok()) << s.run.result.message;
    const int64_t shownInH = s.run.request.shape.in[kH];
    const int runId = s.run.id;
    s.host.worker = std::make_shared<UiWorker>();
    s.controls.request.shape.in[kH] = shownInH + 3;
    runControls(s);
    ASSERT_TRUE(s.runProgress);
    while (s.runProgress->currentStep() != RunStep::kKernels) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    frame(s);
    const std::string text = loggedFrame(s);
    EXPECT_NE(text.find("kernels: 25 % (step 2 of 3)"), std::string::npos) << text.substr(0, 1500);
    EXPECT_NE(text.find("Cancel (Esc)"), std::string::npos);
    EXPECT_NE(text.find(cat("[pending in H: ", shownInH, " -> ", shownInH + 3, "]")), std::string::npos)
        << "the field that is not on screen yet says so";
    EXPECT_EQ(text.find("[pending in W: "), std::string::npos) << "an unchanged field is not marked";
    if (byKey) {
      handleShortcut(s, Shortcut::kCancelRun);
    } else {
      ASSERT_TRUE(cancelRun(s));
    }
    EXPECT_EQ(s.controls.request.shape.in[kH], shownInH) << "the fields show the run on screen again";
    EXPECT_NE(s.view.status.find("cancelled"), std::string::npos) << s.view.status;
    s.host.worker->drain();
    frame(s);
    EXPECT_EQ(s.run.id, runId) << "the previous run stays";
    EXPECT_TRUE(s.run.ok());
    EXPECT_FALSE(s.runProgress);
    EXPECT_FALSE(s.host.worker->busy());
    s.host.runner = [](const RunRequest& r) { return run(r); };
    s.controls.request.shape.in[kH] = shownInH + 1;
    runControls(s);
    s.host.worker->drain();
    frame(s);
    ASSERT_TRUE(s.run.ok()) << s.run.result.message;
    EXPECT_EQ(s.view.status, "") << "the cancel's message goes when the next run lands";
  }
}

// The notice that a run is on its way appears under the fields: a field the pointer is on its way to stays put.
TEST_F(VizRunCancel, TheFieldsStayWhereTheyAreWhileARunIsOnItsWay) {
  AppState s;
  s.host.runner = heldRun;
  runControls(s);
  const float before = fieldTop(s, "in H");
  ASSERT_FALSE(std::isnan(before)) << "the in H field is on the map";
  s.host.worker = std::make_shared<UiWorker>();
  s.controls.request.shape.in[kW] += 2;
  runControls(s);
  ASSERT_TRUE(s.runProgress);
  EXPECT_EQ(fieldTop(s, "in H"), before) << "the notice is under the fields";
  cancelRun(s);
  s.host.worker->drain();
}

// While a run is on its way the top bar keeps every button inside the window, in both modes and both languages:
// a least-width bar beside Cancel pushed presenter mode's "GIF" past the window's edge (npu-strategies 7).
TEST_F(VizRunCancel, TheTopBarsButtonsStayInTheWindowWhileARunIsOnItsWay) {
  for (const bool presenter : {false, true}) {
    for (const i18n::Language language : {i18n::Language::kEnglish, i18n::Language::kChinese}) {
      AppState s;
      openShippedLessons(s, presenter);
      setLanguage(s, language);
      ASSERT_TRUE(selectLesson(s, "npu-strategies"));
      s.host.runner = heldRun;
      s.host.worker = std::make_shared<UiWorker>();
      s.controls.request.shape.in[kW] += 2;
      runControls(s);
      ASSERT_TRUE(s.runProgress);
      while (s.runProgress->currentStep() != RunStep::kKernels) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      uimap::setEnabled(true);
      for (int i = 0; i < 3; ++i) frame(s);
      const nlohmann::json map = nlohmann::json::parse(uimap::json(0, 0, 0, 1280, 720));
      uimap::setEnabled(false);
      int buttons = 0;
      bool progress = false;
      for (const nlohmann::json& w : map["widgets"]) {
        const std::string id = w["id"];
        if (id.rfind("progress/", 0) == 0 || id == "button/Cancel (Esc)") progress = true;
        if (w["y1"].get<float>() > 60.0f || id.rfind("button/", 0) != 0) continue;  // the top bar's buttons
        ++buttons;
        EXPECT_LE(w["x1"].get<float>(), 1280.0f) << id << (presenter ? " (presenter)" : "");
      }
      EXPECT_GE(buttons, 4);
      EXPECT_TRUE(progress) << "the run's progress or its Cancel is shown";
      cancelRun(s);
      s.host.worker->drain();
      s.host.runner = [](const RunRequest& r) { return run(r); };  // the language's re-run must not be held
      setLanguage(s, i18n::Language::kEnglish);
      s.host.worker->drain();
    }
  }
}

// While the Compare tab's comparison is on the worker its area says so (npu-strategies 7's stood blank for three
// seconds), and the grids come when it lands.
TEST_F(VizRunCancel, TheCompareTabSaysItIsComparingWhileItsRunsAreOnTheirWay) {
  static std::atomic<bool> hold{false};
  AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  runControls(s);
  ASSERT_TRUE(s.run.ok());
  s.host.worker = std::make_shared<UiWorker>();
  s.host.runner = [](const RunRequest& r) {
    while (hold.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return run(r);
  };
  hold = true;
  s.view.tab = Tab::kCompare;
  s.view.selectTab = true;
  frame(s);
  const std::string waiting = loggedFrame(s);
  EXPECT_NE(waiting.find("Comparing the runs: the result appears here when they are done."), std::string::npos);
  hold = false;
  s.host.worker->drain();
  frame(s);
  const std::string done = loggedFrame(s);
  EXPECT_EQ(done.find("Comparing the runs"), std::string::npos);
  EXPECT_NE(done.find("max error"), std::string::npos) << "the precision comparison landed";
}

TEST_F(VizRunCancel, ANewerRequestStopsTheRunInHand) {
  AppState s;
  s.host.runner = heldRun;
  s.host.worker = std::make_shared<UiWorker>();
  runControls(s);
  const std::shared_ptr<RunProgress> first = s.runProgress;
  ASSERT_TRUE(first);
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.controls.request.shape.in[kH] = 5;
  runControls(s);
  EXPECT_TRUE(first->cancelled()) << "superseded: stopped, not run to its end";
  s.host.worker->drain();
  frame(s);
  EXPECT_TRUE(s.run.ok()) << s.run.result.message;
  EXPECT_EQ(s.run.request.shape.in[kH], 5);
  EXPECT_FALSE(s.runProgress);
}

}  // namespace
}  // namespace gradlab::viz
#endif
