// Sessions and lessons the app did not write: arrays or objects nested deep enough to overflow the stack
// of any recursive walk, and numbers their field's type cannot hold, are refused with one line naming
// the file and the field; nothing crashes, nothing is truncated or wrapped.
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "viz/model/json_limits.h"
#include "viz/model/lesson.h"
#include "viz/model/session.h"

namespace gradlab::viz {
namespace {

std::string nested(size_t depth) { return std::string(depth, '[') + "1" + std::string(depth, ']'); }

std::string session(const std::string& requestExtra, const std::string& topExtra = "") {
  return "{\"gradlab-session\": 1, " + topExtra + "\"request\": {\"op\": \"upsample2d\"" + requestExtra + "}}";
}

::testing::AssertionResult refused(const std::string& text, const std::string& expected) {
  Session out;
  std::string error;
  if (parseSession(text, &out, &error)) return ::testing::AssertionFailure() << "parsed";
  if (error.find(expected) == std::string::npos) return ::testing::AssertionFailure() << "error: " << error;
  return ::testing::AssertionSuccess();
}

TEST(VizJsonLimits, DeeplyNestedSessionValuesAreRefused) {
  EXPECT_TRUE(refused(session(", \"values\": " + nested(100'000)),
                      "\"request\".\"values\" nests arrays or objects deeper than 64 levels"));
}

TEST(VizJsonLimits, DeeplyNestedSessionViewIsRefused) {
  std::string view;
  for (int i = 0; i < 300'000; ++i) view += "{\"a\":";
  view += "1" + std::string(300'000, '}');
  EXPECT_TRUE(refused(session("", "\"view\": " + view + ", "), "\"view\".\"a\".\"a\""));
}

// nlohmann's parse error quotes the token it last read: a hostile file makes it kilobytes long (found by the
// files fuzzer: a 4.5 KB reason). The reason is cut to one line of a few hundred bytes, at a character.
TEST(VizJsonLimits, AParseErrorQuotingALongTokenIsCut) {
  const std::string token = "\"k" + std::string(5000, '<') + "\u00e9\u4e2d" + std::string(3000, '<') + "\\uZZ";
  Session out;
  std::string error;
  ASSERT_FALSE(parseSession("{\"gradlab-session\": 1, " + token + "\": 1}", &out, &error));
  EXPECT_LE(error.size(), 460u) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
  EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
  EXPECT_NE(error.find(" bytes)"), std::string::npos) << error;
}

// A link or file whose JSON costs far more to parse than its bytes suggest: 40M values in 160 MB ended the
// page (the parse reached the WebAssembly heap's 2 GB). Each bound is met while parsing, before the rest
// of the document is built.
TEST(VizJsonLimits, TooManyValuesAreRefusedWhileParsing) {
  std::string zeros;
  zeros.reserve(2 * (kMaxJsonValues + 2));
  for (uint64_t i = 0; i <= kMaxJsonValues; ++i) zeros += "0,";
  zeros.back() = ']';
  EXPECT_TRUE(refused(session(", \"values\": [" + zeros), "more than 4194304 values"));
}

TEST(VizJsonLimits, AHugeTextIsRefusedWhileParsing) {
  // The session had a 50 MB "device"; a megabyte shows the bound.
  EXPECT_TRUE(refused(session("", "\"device\": \"" + std::string(1 << 20, 'x') + "\", "),
                      "\"device\" holds a text of 1048576 bytes, more than the 64 KiB"));
  EXPECT_TRUE(refused(session("", "\"" + std::string(100'000, 'k') + "\": 1, "), "holds a text of 100000 bytes"));
}

// A device spec is a name and a few items: a session's 60,000-character one was kept and shown whole, in two
// panels, wrapped again every frame. Refused when read; a bad one within the bound is quoted in part.
TEST(VizJsonLimits, ALongDeviceSpecIsRefusedAndNeverQuotedWhole) {
  EXPECT_TRUE(refused(session(", \"device\": \"" + std::string(60'000, 'x') + "\""),
                      "\"device\" is 60000 characters long; at most 512"));
  Session out;
  std::string error;
  ASSERT_TRUE(parseSession(session(", \"device\": \"" + std::string(500, 'x') + "\""), &out, &error)) << error;
  RunRequest r;
  ASSERT_FALSE(out.spec.resolve(&r, &error));
  EXPECT_LT(error.size(), 400u) << error;
  EXPECT_NE(error.find("xxx..."), std::string::npos) << error;
}

TEST(VizJsonLimits, AFileLargerThanTheBoundIsRefusedBeforeParsing) {
  EXPECT_TRUE(refused(session(", \"x\": \"" + std::string(kMaxJsonFileBytes, ' ') + "\""),
                      "more than the 64 MiB a lesson or session may hold"));
}

TEST(VizJsonLimits, AMillionValuesStillParse) {
  std::string ones;
  for (int i = 0; i < 1 << 20; ++i) ones += "1,";
  ones.back() = ']';
  nlohmann::json j;
  std::string error;
  EXPECT_TRUE(parseBoundedJson("{\"values\": [" + ones + "}", &j, &error)) << error;
  EXPECT_EQ(j["values"].size(), 1u << 20);
}

TEST(VizJsonLimits, ShallowNestingStillParses) {
  Session out;
  std::string error;
  EXPECT_TRUE(parseSession(session(", \"values\": [1, 2, 3]"), &out, &error)) << error;
}

TEST(VizJsonLimits, NumbersOutsideTheirFieldAreRefused) {
  EXPECT_TRUE(refused(session("", "\"step\": 1099511627776, "), "\"step\" is 1099511627776, not a whole number in"));
  EXPECT_TRUE(refused(session("", "\"step\": 2.5, "), "\"step\" is 2.5, not a whole number"));
  EXPECT_TRUE(refused(session("", "\"step\": 1e300, "), "\"step\" is 1e+300, not a whole number"));
  EXPECT_TRUE(refused(session(", \"values\": [1, 1e300]"), "\"values\"[1] is 1e+300, outside the finite range of float32"));
  EXPECT_TRUE(refused(session(", \"N\": 4294967297"), "\"N\" is 4294967297"));
  EXPECT_TRUE(refused(session(", \"seed\": 3.5"), "\"seed\" is 3.5, not a whole number"));
  EXPECT_TRUE(refused(session(", \"indices\": [0, 2.5]"), "\"indices\"[1] is 2.5, not a whole number"));
  EXPECT_TRUE(refused(session(", \"indices\": [18446744073709551615]"), "\"indices\"[0] is 18446744073709551615"));
  Session out;
  std::string error;
  EXPECT_TRUE(parseSession(session(", \"N\": 2.0"), &out, &error)) << "a whole number written as a float: " << error;
  EXPECT_EQ(out.spec.request.shape.N, 2);
}

// One deep file in the lessons folder is reported; the others still load (it crashed every start).
TEST(VizJsonLimits, ADeepLessonFileIsReportedAndTheOthersLoad) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "gradlab_json_limits_lessons";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "deep.json") << "{\"title\": \"deep\", \"presets\": [{\"request\": {\"op\": \"upsample2d\"}, \"view\": "
                                   << nested(200'000) << "}]}";
  std::ofstream(dir / "fine.json") << "{\"title\": \"fine\", \"presets\": [{\"request\": {\"op\": \"upsample2d\"}}]}";
  std::ofstream(dir / "order.json") << "{\"title\": \"o\", \"order\": 1e300, \"presets\": [{\"request\": {\"op\": \"upsample2d\"}}]}";
  std::vector<std::string> errors;
  const std::vector<Lesson> lessons = loadLessons(dir.string(), &errors);
  ASSERT_EQ(lessons.size(), 1u);
  EXPECT_EQ(lessons[0].title, "fine");
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_NE(errors[0].find("deep.json: \"presets\".\"view\" nests arrays or objects deeper than 64 levels"),
            std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("order.json: \"order\" is 1e+300, not a whole number"), std::string::npos) << errors[1];
  std::filesystem::remove_all(dir);
}

TEST(VizJsonLimits, ASessionFileNamesItselfInTheError) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "gradlab_json_limits.gradlab";
  std::ofstream(path) << session(", \"values\": " + nested(1000));
  Session out;
  std::string error;
  EXPECT_FALSE(loadSessionFile(path.string(), &out, &error));
  EXPECT_EQ(error.rfind(path.string() + ": \"request\".\"values\" nests", 0), 0u) << error;
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace gradlab::viz
#endif
