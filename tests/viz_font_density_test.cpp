// Fonts for a HiDPI screen (viz::loadFonts' density, the browser on a 2x screen): glyphs baked at twice the
// size, so each covers twice the texels each way, while every font measures text as at 1x (the layout
// does not move), Chinese included.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

struct Measured {
  float fontSize = 0, ascent = 0;
  float uiWidth = 0, monoWidth = 0, chineseWidth = 0;
  float glyphTexelsWide = 0;  // the letter W's box in the atlas, in texels
  int atlasWidth = 0, atlasHeight = 0;
};

Measured measure(float density) {
  const std::string chinese = "\u6a21\u62df NPU \u4e0a\u7684\u53cd\u5411\u7b97\u5b50";
  std::string error;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  EXPECT_TRUE(loadFonts(atlas, std::string(GRADLAB_ASSETS_DIR) + "/fonts", &error, chinese, density)) << error;
  unsigned char* pixels = nullptr;
  Measured m;
  atlas->GetTexDataAsRGBA32(&pixels, &m.atlasWidth, &m.atlasHeight);
  const ImFont* ui = fonts().ui;
  m.fontSize = ui->FontSize;
  m.ascent = ui->Ascent;
  m.uiWidth = ui->CalcTextSizeA(ui->FontSize, 1e9f, 0.0f, "Every gradient cell scatters into input cells").x;
  m.monoWidth = fonts().mono->CalcTextSizeA(fonts().mono->FontSize, 1e9f, 0.0f, "-0.125 3.5e+02").x;
  m.chineseWidth = ui->CalcTextSizeA(ui->FontSize, 1e9f, 0.0f, chinese.c_str()).x;
  const ImFontGlyph* w = ui->FindGlyphNoFallback('W');
  EXPECT_NE(w, nullptr);
  if (w) m.glyphTexelsWide = (w->U1 - w->U0) * static_cast<float>(m.atlasWidth);
  return m;
}

TEST(VizFontDensity, TwiceTheTexelsPerGlyphTheSameLayout) {
  ImGui::CreateContext();
  const Measured one = measure(1.0f);
  const Measured two = measure(2.0f);
  ImGui::DestroyContext();
  EXPECT_FLOAT_EQ(two.fontSize, one.fontSize);
  EXPECT_NEAR(two.ascent, one.ascent, 0.5f);
  // Latin advances are not rounded (the same to 2 %); the Chinese glyphs' are rounded to whole pixels at the
  // size baked, so at 2x they may come out half a pixel apart each (the 8 ideographs here: 4 px).
  EXPECT_NEAR(two.uiWidth, one.uiWidth, one.uiWidth * 0.02f);
  EXPECT_NEAR(two.monoWidth, one.monoWidth, one.monoWidth * 0.02f);
  EXPECT_NEAR(two.chineseWidth, one.chineseWidth, 8 * 0.5f + 0.01f);
  EXPECT_NEAR(two.glyphTexelsWide, one.glyphTexelsWide * 2.0f, 4.0f);  // up to a texel of padding each side
  EXPECT_GE(static_cast<double>(two.atlasWidth) * two.atlasHeight, 3.0 * one.atlasWidth * one.atlasHeight);
  EXPECT_LE(two.atlasWidth, 4096);  // every WebGL implementation takes textures this size
  EXPECT_LE(two.atlasHeight, 4096);
}

}  // namespace
}  // namespace gradlab::viz
#endif
