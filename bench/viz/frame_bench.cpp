// The app's frame without a GPU: the viz model and the ImGui draw lists of the whole window (a
// backend-less ImGui context: fonts built, nothing rasterized) for a run whose gradOutput is 256x256,
// traced in full, on the Scatter and Tiling tabs, with the animation playing. What it excludes is the
// renderer: SDL (a GPU in the window, its software rasterizer headless) turns the lists into pixels.
#include <benchmark/benchmark.h>
#include <imgui.h>

#include <chrono>
#include <string>

#include "common/registry.h"
#include "gradlab/runner.h"
#include "viz/panels/actions.h"
#include "viz/panels/panels.h"
#include "viz/widgets/theme.h"

namespace gradlab::bench {
namespace {

class ImGuiContextScope {
 public:
  ImGuiContextScope() {
    std::string error;
    ok = viz::createBackendlessContext(ImVec2(1280, 720), std::string(GRADLAB_ASSETS_DIR) + "/fonts", {}, &error);
  }
  ~ImGuiContextScope() { ImGui::DestroyContext(); }
  bool ok = false;
};

void frameBench(benchmark::State& state, viz::Tab tab, int64_t side, bool presenter) {
  ImGuiContextScope imgui;
  if (!imgui.ok) {
    state.SkipWithError("fonts not found");
    return;
  }
  viz::AppState s;
  s.host.runner = [](const RunRequest& r) { return run(r); };
  s.view.presenter = presenter;
  s.controls.request.op = OpKind::kUpsampleNearestExact2dBackward;
  s.controls.request.shape.in[kH] = s.controls.request.shape.in[kW] = side / 2;
  s.controls.request.shape.out[kH] = s.controls.request.shape.out[kW] = side;
  viz::runControls(s);
  if (!s.run.ok()) {
    state.SkipWithError(s.run.result.message.c_str());
    return;
  }
  s.view.tab = tab;
  s.view.selectTab = true;
  s.player.playing = true;
  auto frame = [&] {
    s.player.update(ImGui::GetIO().DeltaTime);
    ImGui::NewFrame();
    viz::drawMainUi(s);
    ImGui::Render();
  };
  for (int i = 0; i < 3; ++i) frame();  // theme, tab switch and fit settle
  int64_t vertices = 0;
  double seconds = 0.0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    frame();
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(t);
    seconds += t;
    vertices = ImGui::GetDrawData()->TotalVtxCount;
  }
  state.counters["moves"] = static_cast<double>(s.run.scene.trace ? s.run.scene.trace->moves.size() : 0);
  state.counters["vertices"] = static_cast<double>(vertices);
  state.counters["fps"] = seconds > 0 ? static_cast<double>(state.iterations()) / seconds : 0.0;
}

void registerFrames(const Options& options) {
  const int64_t side = options.smoke ? 16 : 256;
  for (bool presenter : {false, true}) {
    for (auto [tab, name] : {std::pair{viz::Tab::kScatter, "scatter"}, std::pair{viz::Tab::kTiling, "tiling"}}) {
      configure(benchmark::RegisterBenchmark(
                    benchName({"viz_frame", name, std::to_string(side) + "x" + std::to_string(side),
                               presenter ? "presenter" : "normal"})
                        .c_str(),
                    [=](benchmark::State& st) { frameBench(st, tab, side, presenter); }),
                options, benchmark::kMillisecond);
    }
  }
}

const bool registered = addRegistration(&registerFrames);

}  // namespace
}  // namespace gradlab::bench
