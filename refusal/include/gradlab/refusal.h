// Why a call was refused, in the caller's own numbers. A refused run (gradlab::run's status, stage and
// aclGetRecentErrMsg()) says *that* a rule failed; this says *which* rule, with the request's values
// plugged into it, what would make the call legal, and a small picture (a bar against its limit, shapes,
// a plane with an index outside it, a list with the offending choice marked) for the app to draw and the
// CLI to print.
//
// Every check of the library that a caller can trip records, where it refuses, a rule id and the facts
// its sentence is written from (gradlab/refusal_facts.h, RunResult::refusal). Here, one formatter per rule
// id (the table of rules()) turns those facts and the request into the explanation: the limits come from
// the facts, and the library's sentence is never read, so rewording or translating a message changes no
// explanation. A refusal that records no rule (null pointers, mismatched tensors, runtime errors) gets an
// honest "no rule matches" with only the code and the message. A device spec's refusal is explained from
// parseProfileSpec's own facts (ProfileSpecRefusal) and every profile limit comes from profileLimits().
// Part of gradlab::verify (no ImGui): the CLI and the app both link it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gradlab/runner.h"

namespace gradlab::refusal {

// What the picture of an explanation shows. Each kind fills its own part of Picture.
enum class PictureKind : uint8_t {
  kNone,
  kGauges,   // numbers against their limits on bars (ratio vs 50x, H*W vs 2^24, UB need vs budget, a range)
  kShapes,   // tensors' shapes side by side, the offending dimensions marked
  kPlane,    // an H x W plane, the window an index belongs in, and where the index points (outside)
  kChoices,  // the allowed values (dtypes, strategies, profiles), the one given marked
};

// A number against its limit. Legal: value <= limit (atMost) or value >= limit; with `low`, the legal
// range is [low, limit].
struct Gauge {
  std::string label;                  // "growth along W (out W / in W)"
  double value = 0.0;                 // 60
  double limit = 0.0;                 // 50
  std::optional<double> low;          // a range's lower end
  bool atMost = true;
  bool logScale = false;              // values spanning decades (bytes, cells)
  bool offending = false;             // this bar breaks the rule (others are shown for comparison)
  std::string valueText, limitText, lowText;  // "60x", "50x"
};

// Where numbers lie along a gauge's bar, 0 (left end) .. 1 (right end): room for the value, the limit and
// the range's low end, on a log scale for logScale gauges; 0 sits on the bar when the scale is linear.
struct GaugeScale {
  double a = 0.0, b = 1.0;  // the numbers at the ends
  bool log = false;
  bool cut = false;         // the axis starts at a > 0 (a value just past its limit, zoomed in)
  double at(double x) const;  // clamped to [0, 1]
};
GaugeScale gaugeScale(const Gauge& gauge);
// The scale of gauges[i] drawn among `gauges`: one axis for all when they share their limit (the H and W
// ratios of a 2-D call), so their bars compare; otherwise the gauge's own.
GaugeScale gaugeScale(std::span<const Gauge> gauges, size_t i);
// True when `x` is legal for the gauge (value <= limit, >= limit, or within [low, limit]).
bool gaugeLegal(const Gauge& gauge, double x);

struct ShapeView {
  std::string name;                   // "gradOutput"
  std::vector<int64_t> dims;
  std::vector<std::string> axes;      // "N", "C", "H", "W" (one per dim)
  std::vector<bool> marked;           // the dimensions the rule is about
  std::string note;                   // "16 cells"
};

struct PlaneView {
  int64_t rows = 0, cols = 0;         // H, W of the plane the index addresses
  int64_t index = 0;                  // h * W + w as given
  int64_t row = 0, col = 0;           // where it points: floor(index / W), index mod W (row may be outside)
  int64_t winRow0 = 0, winRow1 = 0, winCol0 = 0, winCol1 = 0;  // the window of the output cell: [r0, r1) x [c0, c1)
  std::string cell;                   // "indices[0, 0, 1, 2]"
};

struct Choices {
  std::string what;                   // "dtype"
  std::vector<std::string> allowed;   // "float32", "float16", "bfloat16"
  std::string given;                  // "float64"
};

struct Picture {
  PictureKind kind = PictureKind::kNone;
  std::vector<Gauge> gauges;
  std::vector<ShapeView> shapes;
  PlaneView plane;
  Choices choices;
  std::string caption;                // one line under the picture
};

struct Explanation {
  bool refused = false;               // the run failed (status != 0)
  bool matched = false;               // a rule of the table explains it (refused only)
  int status = 0;
  std::string codeName;               // "ACLNN_ERR_PARAM_INVALID"
  std::string stage, message;         // as the run reported them
  std::string ruleId;                 // "upsample-ratio"
  std::string rule;                   // the rule, as a heading
  std::string plain;                  // one sentence in plain words
  std::vector<std::string> numbers;   // the request's numbers plugged into the rule
  std::vector<std::string> fixes;     // what would make the call legal
  Picture picture;
};

// One entry of the rule table: what the app and the CLI can trigger, and what is drawn for it.
struct RuleInfo {
  const char* id = "";                // "upsample-ratio"
  const char* name = "";              // "at most 50x along an axis"
  const char* trigger = "";           // what a caller does to break it
  PictureKind picture = PictureKind::kNone;
};
std::span<const RuleInfo> rules();

// The explanation of `result` (a run of `request`). Not refused when result.ok(); refused but not matched
// when no rule fits (then only the code and message are meaningful).
Explanation explain(const RunRequest& request, const RunResult& result);

// A device profile spec that parseProfileSpec refused with `error` (the app's device settings,
// gradlab-cli --device): which limit the spec's value breaks, or an unknown profile name.
Explanation explainDeviceSpec(const std::string& spec, const std::string& error);

// "ACLNN_ERR_PARAM_INVALID" for 161002 and the other codes a run reports; "" when unknown.
const char* codeName(int status);

// The explanation as text for a terminal: the rule, the sentence, the numbers, a small ASCII picture and
// the fixes (or the honest "no rule matches" line), lines of at most about `width` characters.
std::string text(const Explanation& e, int width = 78);

}  // namespace gradlab::refusal
