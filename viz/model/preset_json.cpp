#include "viz/model/preset_json.h"

#include <cmath>
#include <limits>
#include <optional>

#include "gradlab/cat.h"
#include "gradlab/profile.h"
#include "gradlab/schedule.h"
#include "i18n/translate.h"

namespace gradlab::viz {
namespace {

using nlohmann::json;
using i18n::tr, i18n::trf;

// "\"key\"": how the messages name a field of the file.
std::string quoted(const char* key) { return std::string("\"") + key + "\""; }

// A whole number of `key` in [lo, hi]; the preset's value otherwise names the field and the range.
int64_t ranged(const json& j, const char* key, int64_t fallback, int64_t lo, int64_t hi) {
  const int64_t v = jsonField<int64_t>(j, key, fallback);
  if (v < lo || v > hi) {
    throw PresetJsonError{trf("{0} is {1}, outside [{2}, {3}]", quoted(key), v, lo, hi)};
  }
  return v;
}

// "values" (or `key`): numbers, and "nan", "inf" or "-inf" as strings (JSON has no such numbers).
std::vector<float> valuesField(const json& j, const char* key = "values") {
  std::vector<float> out;
  if (!j.contains(key)) return out;
  const json& v = j[key];
  const std::string quoted = std::string("\"") + key + "\"";
  if (!v.is_array()) throw PresetJsonError{trf("{0} must be an array", quoted)};
  for (size_t i = 0; i < v.size(); ++i) {
    const json& x = v[i];
    if (x.is_number()) {
      float value = 0.0f;
      std::string why;
      if (!exactNumber(x, &value, quoted + "[" + std::to_string(i) + "]", &why)) throw PresetJsonError{why};
      out.push_back(value);
    } else if (const auto word = x.is_string() ? nonFiniteNumber(x.get_ref<const std::string&>()) : std::nullopt) {
      out.push_back(static_cast<float>(*word));
    } else {
      throw PresetJsonError{trf("{0} is {1}: a number, \"nan\", \"inf\" or \"-inf\"", quoted + "[" + std::to_string(i) + "]", x.dump())};
    }
  }
  return out;
}

json valuesJson(const std::vector<float>& values) {
  json out = json::array();
  for (float v : values) {
    if (std::isnan(v)) out.push_back("nan");
    else if (std::isinf(v)) out.push_back(v > 0 ? "inf" : "-inf");
    else out.push_back(v);
  }
  return out;
}

double scaleField(const json& j, const char* key, double fallback) {
  const double v = jsonField<double>(j, key, fallback);
  if (!(v >= 0.0 && v <= 1000.0)) {
    throw PresetJsonError{trf("{0} is {1}, outside [0, 1000] (0: from the sizes)", quoted(key), std::to_string(v))};
  }
  return v;
}

}  // namespace

RequestSpec parseRequest(const json& j) {
  if (!j.is_object()) throw PresetJsonError{trf("{0} must be an object", "\"request\"")};
  RequestSpec spec;
  RunRequest& r = spec.request;
  std::string op = jsonField<std::string>(j, "op", "");
  const OpInfo* kind = findOp(op);
  if (!kind) throw PresetJsonError{trf("unknown {0} \"{1}\"", "op", op)};
  r.op = kind->kind;
  r.shape.N = ranged(j, "N", r.shape.N, 1, kMaxBatch);
  r.shape.C = ranged(j, "C", r.shape.C, 1, kMaxBatch);
  r.shape.in[kD] = ranged(j, "inD", r.shape.in[kD], 1, kMaxAxis);
  r.shape.out[kD] = ranged(j, "outD", r.shape.out[kD], 1, kMaxAxis);
  r.shape.in[kH] = ranged(j, "inH", r.shape.in[kH], 1, kMaxAxis);
  r.shape.in[kW] = ranged(j, "inW", r.shape.in[kW], 1, kMaxAxis);
  r.shape.out[kH] = ranged(j, "outH", r.shape.out[kH], 1, kMaxAxis);
  r.shape.out[kW] = ranged(j, "outW", r.shape.out[kW], 1, kMaxAxis);
  if (j.contains("inL")) r.shape.in[kH] = 1, r.shape.in[kW] = ranged(j, "inL", 1, 1, kMaxAxis);
  if (j.contains("outL")) r.shape.out[kH] = 1, r.shape.out[kW] = ranged(j, "outL", 1, 1, kMaxAxis);
  r.shape.scales[kD] = scaleField(j, "scaleD", r.shape.scales[kD]);
  r.shape.scales[kH] = scaleField(j, "scaleH", r.shape.scales[kH]);
  r.shape.scales[kW] = scaleField(j, "scaleW", r.shape.scales[kW]);
  if (j.contains("scale")) r.shape.scales[kW] = scaleField(j, "scale", 0.0);
  // A 1-D operator has no height: what a request says of one (or leaves at its default) is not kept, so
  // the call reads back the same after a save (requestJson writes inL, outL and scale only).
  if (kind->spatialRank == 1) r.shape.in[kH] = r.shape.out[kH] = 1, r.shape.scales[kH] = 0.0;
  if (kind->spatialRank < 3) r.shape.in[kD] = r.shape.out[kD] = 1, r.shape.scales[kD] = 0.0;  // the same for depth
  r.shape.unbatched = jsonField<bool>(j, "unbatched", r.shape.unbatched);
  std::string dtype = jsonField<std::string>(j, "dtype", "float32");
  auto dt = dtypeFromText(dtype);
  if (!dt) throw PresetJsonError{trf("unknown {0} \"{1}\"", "dtype", dtype)};
  r.dtype = *dt;
  if (j.contains("indexType")) {  // absent: the operator's first (indexTypeOf)
    std::string indexType = jsonField<std::string>(j, "indexType", "int64");
    auto it = dtypeFromText(indexType);
    if (!it) throw PresetJsonError{trf("unknown {0} \"{1}\"", "indexType", indexType)};
    r.indexType = *it;
  }
  std::string layout = jsonField<std::string>(j, "layout", "contiguous");
  auto lay = layoutFromName(layout);
  if (!lay) throw PresetJsonError{trf("unknown {0} \"{1}\"", "layout", layout)};
  r.layout = *lay;
  r.deterministic = jsonField<bool>(j, "deterministic", false);
  if (j.contains("strategy")) {
    const std::string strategy = jsonField<std::string>(j, "strategy", "");
    if (!strategyRequestValid(r.op, strategy)) {
      throw PresetJsonError{
          trf("unknown strategy \"{0}\" for {1} ({2}, cann or default)", strategy, opName(r.op), strategyNames(r.op))};
    }
    r.strategy = strategy;
  }
  if (j.contains("accumulate")) {
    const std::string accumulate = jsonField<std::string>(j, "accumulate", "");
    const std::optional<Accumulation> acc = parseAccumulation(accumulate);
    if (!acc) throw PresetJsonError{trf("unknown accumulate \"{0}\" (fp32 or dtype)", accumulate)};
    r.accumulate = *acc;
  }
  if (j.contains("schedule")) {
    const std::string schedule = jsonField<std::string>(j, "schedule", "");
    const std::optional<AtomicSchedule> parsed = parseSchedule(schedule);
    if (!parsed) throw PresetJsonError{trf("unknown schedule \"{0}\" (host or seed:N)", schedule)};
    r.schedule = *parsed;
  }
  r.seed = static_cast<uint64_t>(ranged(j, "seed", static_cast<int64_t>(r.seed), 0, 1'000'000'000));
  const std::string source = jsonField<std::string>(j, "valueSource", valueSourceName(r.valueSource));
  const auto vs = valueSourceFromName(source);
  if (!vs) throw PresetJsonError{trf("unknown valueSource \"{0}\" (random, integers, ramp or ones)", source)};
  r.valueSource = *vs;
  r.values = valuesField(j);
  r.indices = jsonField<std::vector<int64_t>>(j, "indices", {});
  r.forwardValues = valuesField(j, "forwardValues");
  spec.device = jsonField<std::string>(j, "device", spec.device);
  if (spec.device.size() > kMaxProfileSpecChars) {  // never kept, so never shown whole
    throw PresetJsonError{trf("{0} is {1} characters long; at most {2}", "\"device\"", spec.device.size(), kMaxProfileSpecChars)};
  }
  spec.cores = static_cast<int32_t>(ranged(j, "cores", 0, 0, 1024));
  spec.ubBytes = static_cast<uint64_t>(ranged(j, "ub", 0, 0, int64_t{64} << 20));
  return spec;
}

PresetView parseView(const json& j) {
  PresetView v;
  if (j.is_null()) return v;
  if (!j.is_object()) throw PresetJsonError{trf("{0} must be an object", "\"view\"")};
  std::string tab = jsonField<std::string>(j, "tab", "scatter");
  if (!tabFromName(tab, &v.tab)) throw PresetJsonError{trf("unknown {0} \"{1}\"", "tab", tab)};
  if (j.contains("pacing")) {
    std::string p = jsonField<std::string>(j, "pacing", "");
    if (p == "one-at-a-time") v.pacing = Pacing::kOneAtATime;
    else if (p == "parallel") v.pacing = Pacing::kCoresInParallel;
    else throw PresetJsonError{trf("unknown {0} \"{1}\"", "pacing", p)};
    v.pacingSet = true;
  }
  v.speed = jsonField<double>(j, "speed", 0.0);
  v.plane = jsonField<int64_t>(j, "plane", 0);
  v.depthFirst = jsonField<int64_t>(j, "depth", 0);
  std::string colour = jsonField<std::string>(j, "colour", "values");
  if (colour == "values") v.colour = CellColour::kValues;
  else if (colour == "cores") v.colour = CellColour::kCores;
  else throw PresetJsonError{trf("unknown {0} \"{1}\"", "colour", colour)};
  std::string compare = jsonField<std::string>(j, "compare", "precision");
  if (compare == "precision") v.compare = CompareMode::kPrecision;
  else if (compare == "determinism") v.compare = CompareMode::kDeterminism;
  else if (compare == "strategies") v.compare = CompareMode::kStrategies;
  else if (compare == "chips") v.compare = CompareMode::kChips;
  else throw PresetJsonError{trf("unknown {0} \"{1}\"", "compare", compare)};
  std::string low = jsonField<std::string>(j, "lowDtype", "float16");
  auto dt = dtypeFromText(low);
  if (!dt || (*dt != ACL_FLOAT16 && *dt != ACL_BF16)) throw PresetJsonError{tr("lowDtype must be float16 or bfloat16")};
  v.lowDtype = *dt;
  const std::string accumulate = jsonField<std::string>(j, "accumulate", "fp32");
  const std::optional<Accumulation> acc = parseAccumulation(accumulate);
  if (!acc) throw PresetJsonError{trf("unknown accumulate \"{0}\" (fp32 or dtype)", accumulate)};
  v.accumulate = *acc;
  const std::string timeline = jsonField<std::string>(j, "timeline", "all");
  if (timeline != "all" && timeline != "kernels") throw PresetJsonError{trf("unknown timeline \"{0}\" (all or kernels)", timeline)};
  v.timelineKernelsOnly = timeline == "kernels";
  v.memoryOrder = jsonField<bool>(j, "memory", false);
  v.autoplay = jsonField<bool>(j, "autoplay", true);
  if (j.contains("focus")) {
    const json& f = j["focus"];
    if (!f.is_object()) throw PresetJsonError{trf("{0} must be an object", "\"focus\"")};
    v.focusGrid = jsonField<std::string>(f, "grid", "");
    v.focusRow = jsonField<int64_t>(f, "row", 0);
    v.focusCol = jsonField<int64_t>(f, "col", 0);
  }
  return v;
}


ExerciseSpec parseExercise(const json& j, const RunRequest& request) {
  try {
    if (!j.is_object()) throw PresetJsonError{tr("must be an object")};
    ExerciseSpec e;
    const std::string kind = jsonField<std::string>(j, "kind", "");
    const std::optional<ExerciseKind> k = exerciseKindFromName(kind);
    if (!k) throw PresetJsonError{
          trf("unknown kind \"{0}\" (lands-in, feeds, owner, atomic-cells, value, argmax, offset, schedule, chips or thread)", kind)};
    e.kind = *k;
    if (e.kind != ExerciseKind::kAtomicCells && e.kind != ExerciseKind::kSchedule) {  // these ask about no cell
      if (!j.contains("cell") || !j["cell"].is_object()) throw PresetJsonError{trf("{0} is missing", "\"cell\" {\"row\", \"col\"}")};
      e.row = jsonField<int64_t>(j["cell"], "row", -1);
      e.col = jsonField<int64_t>(j["cell"], "col", -1);
    }
    e.hint = jsonField<std::string>(j, "hint", "");
    if (std::string problem = exerciseProblem(e, request); !problem.empty()) throw PresetJsonError{problem};
    return e;
  } catch (const PresetJsonError& error) {
    throw PresetJsonError{trf("exercise: {0}", error.message)};
  }
}

json requestJson(const RequestSpec& spec) {
  const RunRequest& r = spec.request;
  json req = {{"op", opName(r.op)}, {"N", r.shape.N}, {"C", r.shape.C}};
  if (opInfo(r.op).spatialRank == 1) {
    req["inL"] = r.shape.in[kW];
    req["outL"] = r.shape.out[kW];
    if (r.shape.scales[kW] != 0) req["scale"] = r.shape.scales[kW];
  } else {
    if (opInfo(r.op).spatialRank == 3) {
      req["inD"] = r.shape.in[kD], req["outD"] = r.shape.out[kD];
      if (r.shape.scales[kD] != 0) req["scaleD"] = r.shape.scales[kD];
    }
    req["inH"] = r.shape.in[kH], req["inW"] = r.shape.in[kW], req["outH"] = r.shape.out[kH], req["outW"] = r.shape.out[kW];
    if (r.shape.scales[kH] != 0) req["scaleH"] = r.shape.scales[kH];
    if (r.shape.scales[kW] != 0) req["scaleW"] = r.shape.scales[kW];
  }
  if (r.shape.unbatched) req["unbatched"] = true;
  req["dtype"] = dtypeText(r.dtype);
  if (r.indexType != ACL_DT_UNDEFINED && r.indexType != opInfo(r.op).indexDtype()) {
    req["indexType"] = r.indexType == ACL_INT32 ? "int32" : "int64";
  }
  req["layout"] = layoutName(r.layout);
  req["deterministic"] = r.deterministic;
  if (r.strategy) req["strategy"] = *r.strategy;
  if (r.accumulate) req["accumulate"] = accumulationName(*r.accumulate);
  if (r.schedule) req["schedule"] = scheduleText(*r.schedule);
  req["device"] = spec.device;
  if (spec.cores > 0) req["cores"] = spec.cores;
  if (spec.ubBytes > 0) req["ub"] = spec.ubBytes;
  req["seed"] = r.seed;
  req["valueSource"] = valueSourceName(r.valueSource);
  if (!r.values.empty()) req["values"] = valuesJson(r.values);
  if (!r.indices.empty()) req["indices"] = r.indices;
  if (!r.forwardValues.empty()) req["forwardValues"] = valuesJson(r.forwardValues);
  return req;
}

json viewJson(const PresetView& v) {
  json j = {{"tab", tabName(v.tab)},
            {"colour", v.colour == CellColour::kCores ? "cores" : "values"},
            {"compare", v.compare == CompareMode::kDeterminism ? "determinism"
                        : v.compare == CompareMode::kStrategies ? "strategies"
                        : v.compare == CompareMode::kChips      ? "chips"
                                                                : "precision"},
            {"lowDtype", dtypeText(v.lowDtype)},
            {"accumulate", accumulationName(v.accumulate)},
            {"timeline", v.timelineKernelsOnly ? "kernels" : "all"},
            {"memory", v.memoryOrder},
            {"autoplay", v.autoplay},
            {"plane", v.plane}};
  if (v.pacingSet) j["pacing"] = v.pacing == Pacing::kOneAtATime ? "one-at-a-time" : "parallel";
  if (v.speed > 0) j["speed"] = v.speed;
  if (v.depthFirst > 0) j["depth"] = v.depthFirst;
  if (!v.focusGrid.empty()) j["focus"] = {{"grid", v.focusGrid}, {"row", v.focusRow}, {"col", v.focusCol}};
  return j;
}

}  // namespace gradlab::viz
