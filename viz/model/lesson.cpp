#include "viz/model/lesson.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace gradlab::viz {
namespace {

using nlohmann::json;

struct ParseError {
  std::string message;
};

template <typename T>
T get(const json& j, const char* key, T fallback) {
  if (!j.contains(key)) return fallback;
  try {
    return j.at(key).get<T>();
  } catch (const json::exception&) {
    throw ParseError{std::string("\"") + key + "\" has the wrong type"};
  }
}

// A whole number of `key` in [lo, hi]; the preset's value otherwise names the field and the range.
int64_t ranged(const json& j, const char* key, int64_t fallback, int64_t lo, int64_t hi) {
  const int64_t v = get<int64_t>(j, key, fallback);
  if (v < lo || v > hi) {
    throw ParseError{std::string("\"") + key + "\" is " + std::to_string(v) + ", outside [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "]"};
  }
  return v;
}

double scaleField(const json& j, const char* key, double fallback) {
  const double v = get<double>(j, key, fallback);
  if (!(v >= 0.0 && v <= 1000.0)) {
    throw ParseError{std::string("\"") + key + "\" is " + std::to_string(v) + ", outside [0, 1000] (0: from the sizes)"};
  }
  return v;
}

RequestSpec parseRequest(const json& j) {
  if (!j.is_object()) throw ParseError{"\"request\" must be an object"};
  RequestSpec spec;
  RunRequest& r = spec.request;
  std::string op = get<std::string>(j, "op", "");
  const OpInfo* kind = findOp(op);
  if (!kind) throw ParseError{"unknown op \"" + op + "\""};
  r.op = kind->kind;
  r.N = ranged(j, "N", r.N, 1, kMaxBatch);
  r.C = ranged(j, "C", r.C, 1, kMaxBatch);
  r.inH = ranged(j, "inH", r.inH, 1, kMaxAxis);
  r.inW = ranged(j, "inW", r.inW, 1, kMaxAxis);
  r.outH = ranged(j, "outH", r.outH, 1, kMaxAxis);
  r.outW = ranged(j, "outW", r.outW, 1, kMaxAxis);
  if (j.contains("inL")) r.inH = 1, r.inW = ranged(j, "inL", 1, 1, kMaxAxis);
  if (j.contains("outL")) r.outH = 1, r.outW = ranged(j, "outL", 1, 1, kMaxAxis);
  r.scaleH = scaleField(j, "scaleH", r.scaleH);
  r.scaleW = scaleField(j, "scaleW", r.scaleW);
  if (j.contains("scale")) r.scaleW = scaleField(j, "scale", 0.0);
  r.unbatched = get<bool>(j, "unbatched", r.unbatched);
  std::string dtype = get<std::string>(j, "dtype", "float32");
  auto dt = dtypeFromText(dtype);
  if (!dt) throw ParseError{"unknown dtype \"" + dtype + "\""};
  r.dtype = *dt;
  std::string indexType = get<std::string>(j, "indexType", "int64");
  auto it = dtypeFromText(indexType);
  if (!it) throw ParseError{"unknown indexType \"" + indexType + "\""};
  r.indexType = *it;
  std::string layout = get<std::string>(j, "layout", "contiguous");
  auto lay = layoutFromName(layout);
  if (!lay) throw ParseError{"unknown layout \"" + layout + "\""};
  r.layout = *lay;
  r.deterministic = get<bool>(j, "deterministic", false);
  r.seed = static_cast<uint64_t>(ranged(j, "seed", static_cast<int64_t>(r.seed), 0, 1'000'000'000));
  const std::string source = get<std::string>(j, "valueSource", valueSourceName(r.valueSource));
  const auto vs = valueSourceFromName(source);
  if (!vs) throw ParseError{"unknown valueSource \"" + source + "\" (random, integers, ramp or ones)"};
  r.valueSource = *vs;
  r.values = get<std::vector<float>>(j, "values", {});
  r.indices = get<std::vector<int64_t>>(j, "indices", {});
  spec.device = get<std::string>(j, "device", spec.device);
  spec.cores = static_cast<int32_t>(ranged(j, "cores", 0, 0, 1024));
  spec.ubBytes = static_cast<uint64_t>(ranged(j, "ub", 0, 0, int64_t{64} << 20));
  return spec;
}

PresetView parseView(const json& j) {
  PresetView v;
  if (j.is_null()) return v;
  if (!j.is_object()) throw ParseError{"\"view\" must be an object"};
  std::string tab = get<std::string>(j, "tab", "scatter");
  if (tab == "scatter") v.tab = Tab::kScatter;
  else if (tab == "tiling") v.tab = Tab::kTiling;
  else if (tab == "compare") v.tab = Tab::kCompare;
  else if (tab == "verify") v.tab = Tab::kVerify;
  else throw ParseError{"unknown tab \"" + tab + "\""};
  if (j.contains("pacing")) {
    std::string p = get<std::string>(j, "pacing", "");
    if (p == "one-at-a-time") v.pacing = Pacing::kOneAtATime;
    else if (p == "parallel") v.pacing = Pacing::kCoresInParallel;
    else throw ParseError{"unknown pacing \"" + p + "\""};
    v.pacingSet = true;
  }
  v.speed = get<double>(j, "speed", 0.0);
  v.plane = get<int64_t>(j, "plane", 0);
  std::string colour = get<std::string>(j, "colour", "values");
  if (colour == "values") v.colour = CellColour::kValues;
  else if (colour == "cores") v.colour = CellColour::kCores;
  else throw ParseError{"unknown colour \"" + colour + "\""};
  std::string compare = get<std::string>(j, "compare", "precision");
  if (compare == "precision") v.compare = CompareMode::kPrecision;
  else if (compare == "determinism") v.compare = CompareMode::kDeterminism;
  else throw ParseError{"unknown compare \"" + compare + "\""};
  std::string low = get<std::string>(j, "lowDtype", "float16");
  auto dt = dtypeFromText(low);
  if (!dt || (*dt != ACL_FLOAT16 && *dt != ACL_BF16)) throw ParseError{"lowDtype must be float16 or bfloat16"};
  v.lowDtype = *dt;
  const std::string accumulate = get<std::string>(j, "accumulate", "fp32");
  const std::optional<Accumulation> acc = parseAccumulation(accumulate);
  if (!acc) throw ParseError{"unknown accumulate \"" + accumulate + "\" (fp32 or dtype)"};
  v.accumulate = *acc;
  const std::string timeline = get<std::string>(j, "timeline", "all");
  if (timeline != "all" && timeline != "kernels") throw ParseError{"unknown timeline \"" + timeline + "\" (all or kernels)"};
  v.timelineKernelsOnly = timeline == "kernels";
  v.autoplay = get<bool>(j, "autoplay", true);
  if (j.contains("focus")) {
    const json& f = j["focus"];
    if (!f.is_object()) throw ParseError{"\"focus\" must be an object"};
    v.focusGrid = get<std::string>(f, "grid", "");
    v.focusRow = get<int64_t>(f, "row", 0);
    v.focusCol = get<int64_t>(f, "col", 0);
  }
  return v;
}

}  // namespace

bool parseLesson(const std::string& text, const std::string& fallbackId, Lesson* out, std::string* error) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    if (error) *error = std::string("not valid JSON: ") + e.what();
    return false;
  }
  Lesson lesson;
  size_t index = 0;
  try {
    if (!j.is_object()) throw ParseError{"the top level must be an object"};
    lesson.id = get<std::string>(j, "id", fallbackId);
    lesson.title = get<std::string>(j, "title", lesson.id);
    lesson.summary = get<std::string>(j, "summary", "");
    lesson.order = get<int>(j, "order", 1000);
    if (!j.contains("presets") || !j["presets"].is_array() || j["presets"].empty())
      throw ParseError{"\"presets\" must be a non-empty array"};
    for (const json& p : j["presets"]) {
      ++index;
      if (!p.is_object()) throw ParseError{"must be an object"};
      Preset preset;
      preset.title = get<std::string>(p, "title", "preset " + std::to_string(index));
      preset.caption = get<std::string>(p, "caption", "");
      if (!p.contains("request")) throw ParseError{"\"request\" is missing"};
      preset.spec = parseRequest(p["request"]);
      preset.view = parseView(p.contains("view") ? p["view"] : json());
      lesson.presets.push_back(std::move(preset));
    }
  } catch (const ParseError& e) {
    if (error) *error = index ? "preset " + std::to_string(index) + ": " + e.message : e.message;
    return false;
  }
  *out = std::move(lesson);
  return true;
}

std::vector<Lesson> loadLessons(const std::string& dir, std::vector<std::string>* errors) {
  std::vector<Lesson> lessons;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  if (ec && errors) errors->push_back(dir + ": " + ec.message());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    Lesson lesson;
    std::string error;
    if (parseLesson(text.str(), path.stem().string(), &lesson, &error)) {
      lessons.push_back(std::move(lesson));
    } else if (errors) {
      errors->push_back(path.string() + ": " + error);
    }
  }
  std::stable_sort(lessons.begin(), lessons.end(), [](const Lesson& a, const Lesson& b) {
    return a.order != b.order ? a.order < b.order : a.id < b.id;
  });
  return lessons;
}

const Lesson* findLesson(const std::vector<Lesson>& lessons, const std::string& id) {
  for (const Lesson& l : lessons)
    if (l.id == id) return &l;
  return nullptr;
}

const char* tabName(Tab tab) {
  switch (tab) {
    case Tab::kScatter: return "scatter";
    case Tab::kTiling: return "tiling";
    case Tab::kCompare: return "compare";
    case Tab::kVerify: return "verify";
  }
  return "?";
}

std::string presetJson(const Preset& preset) {
  const RunRequest& r = preset.spec.request;
  json req = {{"op", opName(r.op)}, {"N", r.N}, {"C", r.C}};
  if (opInfo(r.op).spatialRank == 1) {
    req["inL"] = r.inW;
    req["outL"] = r.outW;
    if (r.scaleW != 0) req["scale"] = r.scaleW;
  } else {
    req["inH"] = r.inH, req["inW"] = r.inW, req["outH"] = r.outH, req["outW"] = r.outW;
    if (r.scaleH != 0) req["scaleH"] = r.scaleH;
    if (r.scaleW != 0) req["scaleW"] = r.scaleW;
  }
  if (r.unbatched) req["unbatched"] = true;
  req["dtype"] = dtypeText(r.dtype);
  if (r.indexType == ACL_INT32) req["indexType"] = "int32";
  req["layout"] = layoutName(r.layout);
  req["deterministic"] = r.deterministic;
  req["device"] = preset.spec.device;
  if (preset.spec.cores > 0) req["cores"] = preset.spec.cores;
  if (preset.spec.ubBytes > 0) req["ub"] = preset.spec.ubBytes;
  req["seed"] = r.seed;
  req["valueSource"] = valueSourceName(r.valueSource);
  if (!r.values.empty()) req["values"] = r.values;
  if (!r.indices.empty()) req["indices"] = r.indices;
  json p = {{"title", preset.title}, {"caption", preset.caption}, {"request", req}};
  return p.dump(2);
}

}  // namespace gradlab::viz
