// The UI without threads (gradlab::setSingleThreaded, the browser build for pages without cross-origin
// isolation): a run the controls ask for waits until the next frame and runs there, on the UI thread, after
// a frame that showed it coming; the Verify tab's cases run a slice of each frame, so the page keeps
// drawing and its progress moves.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>

#include <chrono>
#include <thread>

#include "app/viz_fixtures.h"
#include "gradlab/host_threads.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/panels/ui_worker.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

class VizSingleThread : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(createBackendlessContext(ImVec2(1280, 720), std::string(GRADLAB_ASSETS_DIR) + "/fonts", {}, &error)) << error;
    applyTheme(false);
    setSingleThreaded(true);
  }
  void TearDown() override {
    setSingleThreaded(false);
    ImGui::DestroyContext();
  }
  static void frame(AppState& s) {
    ImGui::NewFrame();
    drawMainUi(s);
    ImGui::Render();
  }
};

TEST_F(VizSingleThread, ARunWaitsForTheNextFrameAndRunsThereOnTheUiThread) {
  const std::thread::id uiThread = std::this_thread::get_id();
  std::vector<std::thread::id> ranOn;
  AppState s;
  s.host.runner = [&](const RunRequest&) {
    ranOn.push_back(std::this_thread::get_id());
    return testing::twoCoreResult();
  };
  s.host.worker = std::make_shared<UiWorker>();
  s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = 2;
  s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = 4;
  runControls(s);
  EXPECT_TRUE(ranOn.empty()) << "the run happened inside the click, before a frame could show it coming";
  EXPECT_TRUE(s.host.worker->busy("run"));
  frame(s);
  ASSERT_EQ(ranOn.size(), 1u);
  EXPECT_EQ(ranOn[0], uiThread);
  EXPECT_FALSE(s.host.worker->busy());
  EXPECT_TRUE(s.run.ok()) << s.run.result.message;
  EXPECT_NE(s.run.result.trace, nullptr) << "the run that landed is the one the runner made";
}

TEST_F(VizSingleThread, VerifyRunsItsCasesASliceOfEachFrame) {
  const std::thread::id uiThread = std::this_thread::get_id();
  std::vector<std::thread::id> ranOn;
  AppState s;
  s.host.runner = [](const RunRequest&) { return testing::twoCoreResult(); };
  s.host.caseList = [&] {
    std::vector<verify::Case> list;
    for (int i = 0; i < 12; ++i) {
      list.push_back({"case " + std::to_string(i), OpKind::kUpsampleNearestExact2d, "unit", [&] {
                        ranOn.push_back(std::this_thread::get_id());
                        std::this_thread::sleep_for(std::chrono::milliseconds(10));
                        return verify::CaseResult{true, "ok"};
                      }});
    }
    return list;
  };
  s.view.tab = Tab::kVerify;
  s.view.selectTab = true;
  frame(s);
  ASSERT_TRUE(s.verify);
  s.verify->start();
  EXPECT_EQ(s.verify->done(), 0u) << "start() ran cases: the page would freeze until all of them had";
  frame(s);
  const size_t afterOneFrame = s.verify->done();
  EXPECT_GE(afterOneFrame, 1u);
  EXPECT_LT(afterOneFrame, 12u) << "one frame ran every case";
  EXPECT_TRUE(s.verify->running());
  for (int i = 0; i < 100 && s.verify->running(); ++i) frame(s);
  EXPECT_FALSE(s.verify->running());
  EXPECT_EQ(s.verify->done(), 12u);
  EXPECT_EQ(s.verify->failed(), 0u);
  EXPECT_EQ(ranOn, std::vector<std::thread::id>(12, uiThread));
}

}  // namespace
}  // namespace gradlab::viz
#endif
