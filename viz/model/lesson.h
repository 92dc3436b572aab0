// Lessons: sequences of presets loaded from assets/lessons/*.json (presets/*.json use the same schema).
// A preset is a request (what to run) plus a caption and how to show it. Schema, all fields optional
// except "presets" and each preset's "request.op":
//   { "id": "first-steps", "title": "...", "order": 1, "summary": "...",
//     "presets": [ { "title": "...", "caption": "...",
//                    "request": { "op": "UpsampleNearestExact2dBackward", "N": 1, "C": 1,
//                                 "inH": 4, "inW": 4, "outH": 8, "outW": 8, "inL": 5, "outL": 13,
//                                 "scaleH": 0, "scaleW": 0, "scale": 0, "unbatched": false,
//                                 "dtype": "float32", "indexType": "int64", "layout": "contiguous",
//                                 "deterministic": false, "strategy": "cube", "device": "classroom", "cores": 4, "ub": 16384,
//                                 "seed": 1, "valueSource": "integers|random|ramp|ones",
//                                 "values": [...], "indices": [...] },
//                    "view": { "tab": "scatter|tiling|compare|verify|matrix", "pacing": "one-at-a-time|parallel",
//                              "speed": 3, "plane": 0, "colour": "values|cores", "compare": "precision|determinism",
//                              "lowDtype": "float16", "accumulate": "fp32|dtype", "autoplay": true,
//                              "timeline": "all|kernels", "memory": false,
//                              "focus": { "grid": "gradOutput", "row": 5, "col": 3 } } } ] }
#pragma once

#include <string>
#include <vector>

#include <optional>

#include "viz/model/animation.h"
#include "viz/model/caption.h"
#include "viz/model/exercise.h"
#include "viz/model/request_spec.h"

namespace gradlab::viz {

enum class Tab { kScatter, kTiling, kPipeline, kCompare, kVerify, kMatrix, kCode };
enum class CellColour { kValues, kCores };
enum class CompareMode { kPrecision, kDeterminism, kStrategies, kChips };

struct PresetView {
  Tab tab = Tab::kScatter;
  bool pacingSet = false;             // false: the app picks from the number of moves
  Pacing pacing = Pacing::kOneAtATime;
  double speed = 0.0;                 // beats per second; 0: the app's default
  int64_t plane = 0;
  int64_t depthFirst = 0;             // a deep 3-D run's first depth slice shown (Scene::depthFirst)
  CellColour colour = CellColour::kValues;
  CompareMode compare = CompareMode::kPrecision;
  aclDataType lowDtype = ACL_FLOAT16;
  Accumulation accumulate = Accumulation::kFp32;  // the Compare tab's precision mode
  bool timelineKernelsOnly = false;               // the Tiling tab's timeline starts after the launch
  bool memoryOrder = false;                       // the Scatter tab shows each tensor's cells in address order
  bool autoplay = true;
  // A cell to pin in the inspector (as if hovered): the grid's tensor name and the cell in the plane.
  std::string focusGrid;
  int64_t focusRow = 0, focusCol = 0;
};

struct Preset {
  std::string title;
  std::string caption;
  RequestSpec spec;
  PresetView view;
  std::optional<ExerciseSpec> exercise;  // the step asks before it shows (viz/model/exercise.h)
  std::vector<CaptionClaim> claims;      // what the caption says in words, checked against the run by the tests
};

// What a lesson says in one language: its title and summary, and each step's title, caption and hint.
struct StepText {
  std::string title, caption, hint;
};
struct LessonText {
  std::string title, summary;
  std::vector<StepText> steps;  // one per preset
};

struct Lesson {
  std::string id;       // file name without .json unless given
  std::string title;    // title, summary and the presets' texts: in the language shown (applyLanguage)
  std::string summary;
  int order = 1000;
  std::vector<Preset> presets;
  LessonText english;                // as the lesson file has it
  std::optional<LessonText> chinese;  // from lessons/zh/ID.json, when there is one (viz/model/lesson_language.h)
};

// Parses one lesson; on failure returns false with a message naming the field.
bool parseLesson(const std::string& json, const std::string& fallbackId, Lesson* out, std::string* error);
// Loads every *.json in `dir`, sorted by (order, id), with the translations of dir/zh/ (lesson_language.h),
// shown in the current language. Files that fail to parse are skipped and their errors appended to `errors`.
std::vector<Lesson> loadLessons(const std::string& dir, std::vector<std::string>* errors);
const Lesson* findLesson(const std::vector<Lesson>& lessons, const std::string& id);
// Class mode's numbering: the question a step asks or last asked (1-based; 0 before the first) and how many.
struct QuestionNumber {
  int question = 0, questions = 0;
};
QuestionNumber questionNumber(const Lesson& lesson, int preset);

const char* tabName(Tab tab);
// The tab called `name` ("scatter", ..., "matrix"); false when there is none.
bool tabFromName(const std::string& name, Tab* tab);
// The preset as JSON (the request part), for "copy as preset" in the controls.
std::string presetJson(const Preset& preset);

}  // namespace gradlab::viz
