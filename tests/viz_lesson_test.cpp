// Lessons: the JSON schema, errors that name the field, and the shipped lessons (every preset resolves
// and runs through gradlab::run as the app would).
#ifdef GRADLAB_HAVE_VIZ
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "viz/model/lesson.h"
#include "viz/model/outputs_digest.h"
#include "viz/model/text.h"

namespace gradlab::viz {
namespace {

TEST(VizLesson, ParsesRequestAndView) {
  const char* text = R"({
    "title": "T", "order": 3,
    "presets": [ { "title": "P", "caption": "C",
      "request": { "op": "UpsampleNearestExact1dBackward", "C": 2, "inL": 5, "outL": 13, "scale": 2.5,
                   "dtype": "bfloat16", "layout": "sliced", "deterministic": true, "device": "classroom",
                   "cores": 3, "ub": 2048, "seed": 9, "values": [1, 2] },
      "view": { "tab": "tiling", "pacing": "parallel", "speed": 3, "colour": "cores",
                "focus": { "grid": "gradInput", "row": 0, "col": 4 } } } ] })";
  Lesson l;
  std::string error;
  ASSERT_TRUE(parseLesson(text, "file-id", &l, &error)) << error;
  EXPECT_EQ(l.id, "file-id");
  EXPECT_EQ(l.order, 3);
  ASSERT_EQ(l.presets.size(), 1u);
  const Preset& p = l.presets[0];
  const RunRequest& r = p.spec.request;
  EXPECT_EQ(r.op, OpKind::kUpsampleNearestExact1dBackward);
  EXPECT_EQ(r.shape.C, 2);
  EXPECT_EQ(r.shape.in[kH], 1);
  EXPECT_EQ(r.shape.in[kW], 5);
  EXPECT_EQ(r.shape.out[kW], 13);
  EXPECT_DOUBLE_EQ(r.shape.scales[kW], 2.5);
  EXPECT_EQ(r.dtype, ACL_BF16);
  EXPECT_EQ(r.layout, Layout::kSliced);
  EXPECT_TRUE(r.deterministic);
  EXPECT_EQ(r.seed, 9u);
  EXPECT_EQ(r.values, (std::vector<float>{1, 2}));
  EXPECT_EQ(p.spec.device, "classroom");
  EXPECT_EQ(p.spec.cores, 3);
  EXPECT_EQ(p.view.tab, Tab::kTiling);
  EXPECT_TRUE(p.view.pacingSet);
  EXPECT_EQ(p.view.pacing, Pacing::kCoresInParallel);
  EXPECT_EQ(p.view.colour, CellColour::kCores);
  EXPECT_EQ(p.view.focusGrid, "gradInput");
  EXPECT_EQ(p.view.focusCol, 4);
  RunRequest resolved;
  ASSERT_TRUE(p.spec.resolve(&resolved, &error)) << error;
  ASSERT_TRUE(resolved.profile.has_value());
  EXPECT_EQ(resolved.profile->vectorCores, 3);
  EXPECT_EQ(resolved.profile->ubBytes, 2048u);
}

TEST(VizLesson, ErrorsNameTheProblem) {
  Lesson l;
  std::string error;
  EXPECT_FALSE(parseLesson("{", "x", &l, &error));
  EXPECT_NE(error.find("not valid JSON"), std::string::npos);
  EXPECT_FALSE(parseLesson(R"({"presets": []})", "x", &l, &error));
  EXPECT_NE(error.find("presets"), std::string::npos);
  EXPECT_FALSE(parseLesson(R"({"presets": [{"request": {"op": "Conv2d"}}]})", "x", &l, &error));
  EXPECT_EQ(error, "preset 1: unknown op \"Conv2d\"");
  EXPECT_FALSE(parseLesson(R"({"presets": [{"request": {"op": "AdaptiveMaxPool2d", "N": "two"}}]})", "x", &l, &error));
  EXPECT_EQ(error, "preset 1: \"N\" has the wrong type");
}

TEST(VizLesson, AnIdIsANameNeverAPath) {
  // The id names the headless renders' files: "/tmp/x" or "../x" wrote outside --out-dir.
  const std::string step = R"("presets": [{"request": {"op": "UpsampleNearestExact2dBackward"}}])";
  for (const char* bad : {"/tmp/evil", "../up", "a/b", ".hidden", ""}) {
    Lesson l;
    std::string error;
    EXPECT_FALSE(parseLesson(cat("{\"id\": \"", bad, "\", ", step, "}"), "x", &l, &error)) << bad;
    EXPECT_NE(error.find("\"id\" must be a plain name"), std::string::npos) << error;
  }
  Lesson l;
  std::string error;
  EXPECT_TRUE(parseLesson(cat("{\"id\": \"first-steps_2.v1\", ", step, "}"), "x", &l, &error)) << error;
}

TEST(VizLesson, ValuesOutOfRangeAreRefusedNamingTheField) {
  Lesson l;
  std::string error;
  const std::string head = R"({"presets": [ {"title": "a", "request": {"op": "upsample2d-backward"}},
                                            {"title": "b", "request": {"op": "upsample2d-backward", )";
  EXPECT_FALSE(parseLesson(head + R"("inH": -5}} ]})", "x", &l, &error));
  EXPECT_NE(error.find("preset 2: \"inH\" is -5, outside [1, 1024]"), std::string::npos) << error;
  EXPECT_FALSE(parseLesson(head + R"("cores": 5000}} ]})", "x", &l, &error));
  EXPECT_NE(error.find("\"cores\" is 5000"), std::string::npos) << error;
  EXPECT_FALSE(parseLesson(head + R"("scaleW": -1}} ]})", "x", &l, &error));
  EXPECT_NE(error.find("\"scaleW\""), std::string::npos) << error;
  EXPECT_FALSE(parseLesson(head + R"("valueSource": "squares"}} ]})", "x", &l, &error));
  EXPECT_NE(error.find("unknown valueSource \"squares\""), std::string::npos) << error;
  ASSERT_TRUE(parseLesson(head + R"("valueSource": "ramp"}} ]})", "x", &l, &error)) << error;
  EXPECT_EQ(l.presets[0].spec.request.valueSource, ValueSource::kSmallIntegers) << "the lesson default";
  EXPECT_EQ(l.presets[1].spec.request.valueSource, ValueSource::kRamp);
}

// A preset edited in the app: values that no longer fit give way to the value source, with a note.
TEST(VizLesson, MisfitPresetValuesAreReplacedWithANote) {
  RunRequest r;
  r.op = OpKind::kUpsampleNearestExact2dBackward;
  r.shape.in[kH] = r.shape.in[kW] = 4, r.shape.out[kH] = r.shape.out[kW] = 8;
  r.values = std::vector<float>(16, 1.0f);  // the forward's 4x4, not gradOutput's 8x8
  r.valueSource = ValueSource::kSmallIntegers;
  const std::vector<std::string> notes = dropMisfitInputs(&r);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_TRUE(r.values.empty());
  EXPECT_NE(notes[0].find("16 values do not fit gradOutput [1, 1, 8, 8] (64 cells): using integers"), std::string::npos)
      << notes[0];
  r.values = std::vector<float>(64, 1.0f);
  EXPECT_TRUE(dropMisfitInputs(&r).empty());
  EXPECT_EQ(r.values.size(), 64u);
}

TEST(VizLesson, ValuesTakeNanAndInfinitiesAsStrings) {
  Lesson l;
  std::string error;
  ASSERT_TRUE(parseLesson(R"({"presets": [{"request": {"op": "AdaptiveMaxPool2d", "inH": 2, "inW": 2, "outH": 1, "outW": 1,
                                            "values": [1, "nan", "inf", "-inf"]}}]})", "x", &l, &error)) << error;
  const std::vector<float>& v = l.presets[0].spec.request.values;
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0], 1.0f);
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(v[2], std::numeric_limits<float>::infinity());
  EXPECT_EQ(v[3], -std::numeric_limits<float>::infinity());
  Lesson again;
  ASSERT_TRUE(parseLesson("{\"presets\": [" + presetJson(l.presets[0]) + "]}", "x", &again, &error)) << error;
  EXPECT_TRUE(std::isnan(again.presets[0].spec.request.values[1])) << "written back as \"nan\"";
  EXPECT_FALSE(parseLesson(R"({"presets": [{"request": {"op": "AdaptiveMaxPool2d", "values": [1, "many"]}}]})", "x", &l, &error));
  EXPECT_EQ(error, "preset 1: \"values\"[1] is \"many\": a number, \"nan\", \"inf\" or \"-inf\"");
}

TEST(VizLesson, BadDeviceSpecIsReportedNotThrown) {
  RequestSpec spec;
  spec.device = "no-such-chip";
  RunRequest r;
  std::string error;
  EXPECT_FALSE(spec.resolve(&r, &error));
  EXPECT_NE(error.find("no-such-chip"), std::string::npos);
}

TEST(VizLesson, PresetJsonRoundTrips) {
  Preset p;
  p.title = "round trip";
  p.spec.request.op = OpKind::kAdaptiveMaxPool2dBackward;
  p.spec.request.shape.in[kH] = 7;
  p.spec.request.shape.out[kW] = 3;
  p.spec.request.indexType = ACL_INT32;
  p.spec.request.layout = Layout::kChannelsLast;
  p.spec.request.accumulate = Accumulation::kDtype;
  p.spec.cores = 2;
  std::string text = "{\"presets\": [" + presetJson(p) + "]}";
  Lesson l;
  std::string error;
  ASSERT_TRUE(parseLesson(text, "x", &l, &error)) << error;
  EXPECT_TRUE(l.presets[0].spec == p.spec);
}

TEST(VizLesson, ShippedLessonsParseAndRun) {
  std::vector<std::string> errors;
  std::vector<Lesson> lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
  for (const char* id : {"first-steps", "tiling-and-cores", "adaptive-pool-windows", "determinism", "precision"})
    EXPECT_NE(findLesson(lessons, id), nullptr) << id;
  EXPECT_EQ(lessons.front().id, "first-steps");  // the default lesson comes first
  for (const Lesson& l : lessons) {
    for (const Preset& p : l.presets) {
      RunRequest r;
      std::string error;
      ASSERT_TRUE(p.spec.resolve(&r, &error)) << l.id << " / " << p.title << ": " << error;
      r.trace = true;
      RunResult result = run(r);
      EXPECT_TRUE(result.ok()) << l.id << " / " << p.title << ": " << result.message;
      if (result.ok()) {
        ASSERT_TRUE(result.trace);
        EXPECT_FALSE(result.trace->moves.empty()) << l.id << " / " << p.title;
      }
    }
  }
}

TEST(VizLesson, ShippedPresetLibraryParses) {
  std::vector<std::string> errors;
  loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/presets", &errors);
  EXPECT_TRUE(errors.empty()) << errors.front();
}

TEST(VizOutputsDigest, EveryShippedStepRunsTheSameDigestTwiceAndAnyChangedInputChangesIt) {
  std::vector<std::string> errors;
  std::vector<Lesson> lessons = loadLessons(std::string(GRADLAB_ASSETS_DIR) + "/lessons", &errors);
  ASSERT_FALSE(lessons.empty());
  const OutputsDigest first = outputsDigest(lessons);
  size_t steps = 0;
  for (const Lesson& l : lessons) steps += l.presets.size();
  EXPECT_EQ(first.runs, static_cast<int>(steps));
  EXPECT_EQ(first.refused, 0);
  EXPECT_EQ(first.hex.size(), 16u);
  EXPECT_EQ(outputsDigest(lessons).hex, first.hex);  // default-mode steps included: seeded schedules
  // Other input values in one step whose values come from its seed.
  RunRequest* seeded = nullptr;
  for (Lesson& l : lessons)
    for (Preset& p : l.presets)
      if (!seeded && p.spec.request.values.empty() && p.spec.request.valueSource == ValueSource::kRandom) seeded = &p.spec.request;
  ASSERT_NE(seeded, nullptr);
  seeded->seed += 1;
  EXPECT_NE(outputsDigest(lessons).hex, first.hex);
}

}  // namespace
}  // namespace gradlab::viz
#endif
