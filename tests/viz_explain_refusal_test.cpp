// The app draws every rule's explanation (gradlab/refusal.h) beside the code and message, in both themes,
// wide (the centre tabs) and narrow (the side panels), under a backend-less ImGui context; and a refused
// run through the app's own controls shows its explanation on every tab.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>

#include <algorithm>

#include "refusal_cases.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/refusal_view.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

class VizExplainRefusal : public ::testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 720);
    io.DeltaTime = 1.0f / 60.0f;
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    std::string error;
    ASSERT_TRUE(loadFonts(io.Fonts, std::string(GRADLAB_ASSETS_DIR) + "/fonts", &error)) << error;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    applyTheme(false);
  }
  void TearDown() override {
    applyTheme(false);
    ImGui::DestroyContext();
  }

  // Draws `e` in a window of `width` pixels; the vertices its explanation added.
  int drawIn(const refusal::Explanation& e, float width) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(width, 700));
    ImGui::Begin("##explain", nullptr, ImGuiWindowFlags_NoDecoration);
    const int before = ImGui::GetWindowDrawList()->VtxBuffer.Size;
    drawRefusalExplanation(e);
    const int added = ImGui::GetWindowDrawList()->VtxBuffer.Size - before;
    ImGui::End();
    ImGui::Render();
    return added;
  }

  void frame(AppState& s) {
    s.player.update(ImGui::GetIO().DeltaTime);
    ImGui::NewFrame();
    drawMainUi(s);
    ImGui::Render();
    ASSERT_GT(ImGui::GetDrawData()->TotalVtxCount, 0);
  }
};

TEST_F(VizExplainRefusal, EveryRuleDrawsWideAndNarrowInBothThemes) {
  for (const refusal_cases::Case& c : refusal_cases::allCases()) {
    SCOPED_TRACE(c.name);
    const refusal::Explanation e = c.explanation();
    ASSERT_TRUE(e.matched) << e.message;
    for (bool presenter : {false, true}) {
      applyTheme(presenter);
      const int narrow = drawIn(e, 300.0f);
      const int wide = drawIn(e, 900.0f);
      EXPECT_GT(narrow, 0);
      EXPECT_GT(wide, narrow) << "the centre draws the picture as well";
    }
    applyTheme(false);
    // The picture alone, at the width of a side panel and of the centre.
    for (float width : {260.0f, 900.0f}) {
      ImGui::NewFrame();
      ImGui::Begin("##picture");
      EXPECT_GT(drawRefusalPicture(e.picture, width), 0.0f);
      ImGui::End();
      ImGui::Render();
    }
  }
}

TEST_F(VizExplainRefusal, TheFallbackDrawsOnlyItsNote) {
  RunResult odd;
  odd.status = ACLNN_ERR_PARAM_INVALID;
  odd.stage = "GetWorkspaceSize";
  odd.message = "aclnnUpsampleNearestExact2dBackwardGetWorkspaceSize: something no rule knows";
  const refusal::Explanation e = refusal::explain(RunRequest{}, odd);
  ASSERT_FALSE(e.matched);
  EXPECT_GT(drawIn(e, 900.0f), 0);
  EXPECT_EQ(drawIn(refusal::explain(RunRequest{}, RunResult{}), 900.0f), 0);  // not refused: nothing
}

// The refusals the app's own controls can make (sizes, scales, dtype, strategy, device settings, a preset's
// indices), run for real and drawn on every tab and in presenter mode.
TEST_F(VizExplainRefusal, RefusedRunsShowTheirExplanationOnEveryTab) {
  int drawn = 0;
  for (const refusal_cases::Case& c : refusal_cases::allCases()) {
    const RunRequest& r = c.request;
    const bool fits = std::max({r.inH, r.inW, r.outH, r.outW}) <= kMaxAxis;
    if (c.produce || !fits || (r.profile && c.deviceSpec.empty())) continue;  // not expressible in the app
    SCOPED_TRACE(c.name);
    AppState s;
    s.runner = [](const RunRequest& r) { return run(r); };
    s.controls.request = c.request;
    if (!c.deviceSpec.empty()) {
      s.controls.request = refusal_cases::requestFor(OpKind::kUpsampleNearestExact2dBackward, 4, 4, 8, 8);
      const size_t colon = c.deviceSpec.find(':');
      s.controls.device = c.deviceSpec.substr(0, colon);
      const std::string item = colon == std::string::npos ? "" : c.deviceSpec.substr(colon + 1);
      if (item.rfind("ub=", 0) == 0) s.controls.ubBytes = std::stoull(item.substr(3));
      if (item.rfind("cores=", 0) == 0) s.controls.cores = std::stoi(item.substr(6));
    }
    runControls(s);
    if (s.run.ok()) continue;  // the app mends what it can (e.g. drops values that do not fit)
    const refusal::Explanation e = s.run.resolved ? refusal::explain(s.run.request, s.run.result)
                                                  : refusal::explainDeviceSpec(s.controls.deviceSpec(), s.run.resolveError);
    EXPECT_TRUE(e.matched) << s.run.result.message;
    EXPECT_EQ(e.ruleId, c.rule);
    for (bool presenter : {false, true}) {
      if (presenter != s.presenter) handleShortcut(s, Shortcut::kPresenter);
      frame(s);
      for (Tab tab : {Tab::kScatter, Tab::kTiling, Tab::kPipeline, Tab::kCompare, Tab::kMatrix}) {
        s.tab = tab;
        s.selectTab = true;
        frame(s);
      }
    }
    ++drawn;
  }
  EXPECT_GE(drawn, 12);
}

}  // namespace
}  // namespace gradlab::viz
#endif  // GRADLAB_HAVE_VIZ
