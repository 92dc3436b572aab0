// Grids too finely zoomed for digits are drawn as one image (viz/widgets/cell_images.h): one texel per
// cell, each the colour its rectangle would have had, in row order; four vertices instead of four per cell.
// Large enough cells, or no image maker, stay rectangles; a maker that refuses falls back to them.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>

#include <vector>

#include "gradlab/runner.h"
#include "viz/model/heat_scale.h"
#include "viz/model/scene.h"
#include "viz/widgets/canvas.h"
#include "viz/widgets/cell_images.h"
#include "viz/widgets/grid_widget.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

class FakeTextures : public CellImageTextures {
 public:
  explicit FakeTextures(bool refuse = false) : refuse_(refuse) {}
  ImTextureID upload(int width, int height, const ImU32* texels) override {
    ++uploads;
    this->width = width, this->height = height;
    this->texels.assign(texels, texels + static_cast<size_t>(width) * height);
    return refuse_ ? nullptr : reinterpret_cast<ImTextureID>(static_cast<uintptr_t>(0x5eed));
  }
  int uploads = 0, width = 0, height = 0;
  std::vector<ImU32> texels;

 private:
  bool refuse_;
};

class VizCellImages : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    ASSERT_TRUE(createBackendlessContext(ImVec2(1280, 720), std::string(GRADLAB_ASSETS_DIR) + "/fonts", {}, &error)) << error;
    applyTheme(false);
    RunRequest r;
    r.shape.in[kH] = r.shape.in[kW] = 64;
    r.shape.out[kH] = r.shape.out[kW] = 128;
    r.deterministic = true;
    const RunResult result = run(r);
    ASSERT_TRUE(result.ok()) << result.message;
    scene_ = buildScene(sceneSourceOf(result, r.op), 0);
    ASSERT_GE(scene_.src, 0);
  }
  void TearDown() override {
    setCellImageTextures(nullptr);
    ImGui::DestroyContext();
  }

  // The gradOutput grid at `zoom` pixels a cell, half of its cells dimmed; the colours of the vertices it
  // added to the draw list (four per rectangle, or the image's four).
  std::vector<ImU32> draw(float zoom) {
    const SceneGrid& g = scene_.grids[static_cast<size_t>(scene_.src)];
    const std::vector<float> values = g.grid.planeValues(0);
    const HeatScale scale = HeatScale::diverging(values, theme().neutral);
    std::vector<uint8_t> dimmed(values.size());
    for (size_t i = 0; i < dimmed.size(); i += 2) dimmed[i] = 1;
    GridStyle style;
    style.scale = &scale;
    style.dimmed = &dimmed;
    style.label = false;
    CanvasView view;
    view.zoom = zoom;
    view.fitRequested = false;
    view.userAdjusted = true;  // the zoom asked for, not the canvas's fit
    view.fittedMin = {g.x, g.y}, view.fittedMax = {g.x + g.width(), g.y + g.height()};
    view.originX = g.x, view.originY = g.y;
    std::vector<ImU32> colours;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(1280, 720));
    ImGui::Begin("grid");
    {
      Canvas canvas("##c", ImVec2(0, 0), view, {g.x, g.y}, {g.x + g.width(), g.y + g.height()}, 0.0f);
      const int before = canvas.drawList()->VtxBuffer.Size;
      drawGrid(canvas, g, 0, style);
      for (int i = before; i < canvas.drawList()->VtxBuffer.Size; ++i) colours.push_back(canvas.drawList()->VtxBuffer[i].col);
    }
    ImGui::End();
    ImGui::Render();
    return colours;
  }

  Scene scene_;
};

TEST_F(VizCellImages, AFinelyZoomedGridIsOneImageWithItsRectanglesColours) {
  const std::vector<ImU32> rectangles = draw(3.0f);
  ASSERT_EQ(rectangles.size(), 128u * 128u * 4u) << "no maker: a rectangle (four vertices) per cell";
  FakeTextures textures;
  setCellImageTextures(&textures);
  const std::vector<ImU32> image = draw(3.0f);
  EXPECT_EQ(image.size(), 4u) << "one image: four vertices";
  ASSERT_EQ(textures.uploads, 1);
  ASSERT_EQ(textures.width, 128);
  ASSERT_EQ(textures.height, 128);
  for (size_t cell = 0; cell < textures.texels.size(); ++cell) {
    ASSERT_EQ(textures.texels[cell], rectangles[cell * 4]) << "cell " << cell / 128 << ", " << cell % 128;
  }
}

TEST_F(VizCellImages, CellsLargeEnoughForLinesStayRectangles) {
  FakeTextures textures;
  setCellImageTextures(&textures);
  draw(9.0f);
  EXPECT_EQ(textures.uploads, 0);
}

TEST_F(VizCellImages, AMakerThatCannotMakeTheTextureLeavesTheRectangles) {
  const std::vector<ImU32> rectangles = draw(3.0f);
  FakeTextures refusing(true);
  setCellImageTextures(&refusing);
  EXPECT_EQ(draw(3.0f), rectangles);
}

}  // namespace
}  // namespace gradlab::viz
#endif
