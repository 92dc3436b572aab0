// Text broken into lines between words only: numbers stay whole; too-long words are cut; ellipses fit.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include "viz/model/wrap.h"

namespace gradlab::viz {
namespace {

// Ten pixels a character ("…" counts as one).
float tenEach(std::string_view s) {
  float n = 0;
  for (unsigned char c : s) n += (c & 0xC0) == 0x80 ? 0.0f : 10.0f;
  return n;
}

TEST(VizWrap, NumbersAreNeverSplit) {
  // ImGui's wrapping broke this after the decimal point: "... = 0." / "003906 < 0.02".
  const auto lines = wrapWords("the ratio in/out = 4/1024 = 0.003906 < 0.02", 300.0f, tenEach);
  for (const std::string& l : lines) {
    EXPECT_NE(l.back(), '.') << l;
    EXPECT_LE(tenEach(l), 300.0f) << l;
  }
  std::string joined;
  for (const std::string& l : lines) joined += (joined.empty() ? "" : " ") + l;
  EXPECT_EQ(joined, "the ratio in/out = 4/1024 = 0.003906 < 0.02");
  EXPECT_NE(joined.find("0.003906"), std::string::npos);
}

TEST(VizWrap, ParagraphsAndLongWords) {
  const auto lines = wrapWords("ab cd\n\nUpsampleNearestExact2dGrad", 100.0f, tenEach);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "ab cd");
  EXPECT_EQ(lines[1], "");
  EXPECT_EQ(lines[2], "UpsampleNe");  // a word wider than the line is cut where it must be
  EXPECT_EQ(lines[3], "arestExact");
  EXPECT_EQ(lines[4], "2dGrad");
}

TEST(VizWrap, EllipsisWithinTheWidth) {
  EXPECT_EQ(cutToWidth("short", 100.0f, tenEach), "short");
  EXPECT_EQ(cutToWidth("bad.gradlab: not valid JSON", 100.0f, tenEach), "bad.gradl…");
  const auto lines = wrapWithEllipsis("gradInput [2, 3, 8, 8] float32 n=0 c=1", 120.0f, 2, tenEach);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "gradInput");
  EXPECT_EQ(lines[1].substr(lines[1].size() - 3), "…");
  EXPECT_LE(tenEach(lines[1]), 120.0f);
}

// A status that names a saved file keeps the file's name when cut ("session saved: /tm…" said nowhere where).
TEST(VizWrap, ACutStatusKeepsTheFilesName) {
  const std::string status = "session saved: /tmp/classroom/week-3/exercises/gradlab-session-12.gradlab";
  const std::string shown = cutKeepingEnd(status, 500.0f, tenEach);
  EXPECT_LE(tenEach(shown), 500.0f) << shown;
  EXPECT_EQ(shown.rfind("session saved: \u2026", 0), 0u) << shown;
  EXPECT_NE(shown.find("gradlab-session-12.gradlab"), std::string::npos) << shown;
  EXPECT_EQ(cutKeepingEnd("short: fits", 400.0f, tenEach), "short: fits");
  // Too narrow for what it says and the name: the name alone (the top bar beside a long lesson title).
  const std::string narrow = cutKeepingEnd(status, 300.0f, tenEach);
  EXPECT_LE(tenEach(narrow), 300.0f) << narrow;
  EXPECT_NE(narrow.find("gradlab-session-12.gradlab"), std::string::npos) << narrow;
  // Not even the name fits: cut at the end, within the width.
  EXPECT_LE(tenEach(cutKeepingEnd(status, 100.0f, tenEach)), 100.0f);
  // Chinese: cut between characters, never inside one.
  const std::string zh = cutKeepingEnd("会话已保存: /tmp/课堂/第三周/练习/会话十二.gradlab", 220.0f, tenEach);
  EXPECT_LE(tenEach(zh), 220.0f) << zh;
  EXPECT_NE(zh.find(".gradlab"), std::string::npos) << zh;
}

TEST(VizWrap, ChineseBreaksBetweenCharactersButNotBeforeItsPunctuation) {
  // Chinese has no spaces: a sentence longer than the line must still wrap, between any two characters,
  // never leaving a closing mark at a line's start or an opening one at its end; Latin names stay whole.
  const std::string text = "每个梯度单元格都落到gradInput[4, 3]里，然后累加（原子加）。";
  const auto lines = wrapWords(text, 60.0f, tenEach);
  ASSERT_GT(lines.size(), 3u);
  std::string joined;
  for (const std::string& l : lines) {
    EXPECT_LE(tenEach(l), 60.0f) << l;
    for (const char* closing : {"，", "。", "）"}) EXPECT_NE(l.rfind(closing, 0), 0u) << l;
    EXPECT_FALSE(l.size() >= 3 && l.compare(l.size() - 3, 3, "（") == 0) << l;
    joined += l;
  }
  EXPECT_EQ(joined, "每个梯度单元格都落到gradInput[4," "3]里，然后累加（原子加）。");
  // Words and Chinese side by side: the spaces between words are kept, none added.
  EXPECT_EQ(wrapWords("核 AIV0 写 T2", 1000.0f, tenEach), std::vector<std::string>{"核 AIV0 写 T2"});
}

}  // namespace
}  // namespace gradlab::viz
#endif
