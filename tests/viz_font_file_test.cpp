// A GRADLAB_CJK_FONT that is not a font falls back with a warning, never an abort (ImGui aborted the app in any
// language on "Could not load font file!", read a 2 GiB file whole first, and hung on a FIFO).
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>
#include <imgui.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "viz/widgets/font_file.h"
#include "viz/widgets/theme.h"

namespace gradlab::viz {
namespace {

class EnvFont {
 public:
  explicit EnvFont(const std::string& path) { setenv("GRADLAB_CJK_FONT", path.c_str(), 1); }
  ~EnvFont() { unsetenv("GRADLAB_CJK_FONT"); }
};

TEST(VizFontFile, OnlyRealFontsPass) {
  const std::string dir = ::testing::TempDir();
  EXPECT_EQ(fontFileProblem(std::string(GRADLAB_ASSETS_DIR) + "/fonts/DejaVuSans.ttf"), "");
  EXPECT_EQ(fontFileProblem(dir + "/no-such-font.ttf"), "no such file");
  EXPECT_EQ(fontFileProblem(dir), "not a regular file");
  const std::string text = dir + "/not-a-font.ttf";
  std::ofstream(text) << "this is not a font, just some words that are long enough";
  EXPECT_EQ(fontFileProblem(text), "not a TrueType or OpenType font");
  const std::string fifo = dir + "/font-fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(fontFileProblem(fifo), "not a regular file") << "a FIFO is never opened (it hung the start)";
  std::remove(fifo.c_str());
  const std::string huge = dir + "/huge.ttf";
  { std::ofstream(huge) << ""; }
  std::filesystem::resize_file(huge, 2ull << 30);  // sparse: no disk used
  EXPECT_EQ(fontFileProblem(huge), "larger than 64 MiB") << "a 2 GiB file is not read whole";
  std::remove(huge.c_str());
}

TEST(VizFontFile, ABadCjkFontFallsBackWithAWarning) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  const std::string text = ::testing::TempDir() + "/not-a-font.ttc";
  std::ofstream(text) << "definitely not a font file, but long enough to look at";
  {
    const EnvFont env(text);
    std::string warning;
    const std::string used = cjkFontPath(&warning);
    EXPECT_NE(used, text);
    EXPECT_NE(warning.find("GRADLAB_CJK_FONT="), std::string::npos) << warning;
    EXPECT_NE(warning.find("not a TrueType or OpenType font"), std::string::npos) << warning;
    std::string error;
    EXPECT_FALSE(loadFonts(ImGui::GetIO().Fonts, std::string(GRADLAB_ASSETS_DIR) + "/fonts", &error, "\u4e2d\u6587"))
        << "the refusal is reported";
    EXPECT_NE(error.find("is not usable"), std::string::npos) << error;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // builds: no abort
    EXPECT_GT(w, 0);
    EXPECT_NE(fonts().ui, nullptr);
  }
  std::remove(text.c_str());
  ImGui::DestroyContext();
}

}  // namespace
}  // namespace gradlab::viz
#endif
