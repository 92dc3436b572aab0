// Reads the compact trace JSON written by traceMovesJson back into a Trace.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "gradlab/cat.h"
#include "gradlab/trace_export.h"
#include "io/whole_file.h"
#include "runtime/tensor.h"
#include "gradlab/printable.h"

namespace gradlab {
namespace {

using nlohmann::json;

// Problems are thrown as this inside the parser and turned into `error` at the boundary.
struct BadTrace : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const json& field(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) throw BadTrace(where + " is not an object");
  auto it = object.find(key);
  if (it == object.end()) throw BadTrace(where + " has no \"" + key + "\"");
  return *it;
}

double number(const json& v, const std::string& where) {
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) {
    if (const auto word = nonFiniteNumber(v.get_ref<const std::string&>())) return *word;
  }
  throw BadTrace(where + " is not a number");
}

// Floats as written (shortest round-trip of the fp32 value): parse the text form as a float again. A
// finite number beyond float32's range is refused (infinities are written as "inf").
float number32(const json& v, const std::string& where) {
  const double d = number(v, where);
  // From FLT_MAX + half its ulp (2^103) on, a double rounds to infinity.
  constexpr double kFloatOverflow = static_cast<double>(std::numeric_limits<float>::max()) + 0x1p103;
  if (std::isfinite(d) && std::fabs(d) >= kFloatOverflow) {
    throw BadTrace(where + " holds " + v.dump() + ", outside float32's finite range");
  }
  return static_cast<float>(d);
}

int64_t integer(const json& v, const std::string& where) {
  if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    throw BadTrace(where + " is " + v.dump() + ", outside the range of int64");
  }
  if (v.is_number_integer()) return v.get<int64_t>();
  throw BadTrace(where + " is not an integer");
}

// An integer field of type T: a value T cannot hold is refused, never wrapped.
template <typename T>
T integerAs(const json& v, const std::string& where) {
  const int64_t i = integer(v, where);
  if (i < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
      (i > 0 && static_cast<uint64_t>(i) > static_cast<uint64_t>(std::numeric_limits<T>::max()))) {
    throw BadTrace(where + " is " + std::to_string(i) + ", outside [" + std::to_string(std::numeric_limits<T>::min()) +
                   ", " + std::to_string(std::numeric_limits<T>::max()) + "]");
  }
  return static_cast<T>(i);
}

std::vector<int64_t> shape(const json& v, const std::string& where) {
  if (!v.is_array()) throw BadTrace(where + " is not an array");
  std::vector<int64_t> out;
  for (size_t i = 0; i < v.size(); ++i) out.push_back(integer(v[i], where + "[" + std::to_string(i) + "]"));
  return out;
}

Box box(const json& v, const std::string& where) {
  std::vector<int64_t> b = shape(v, where);
  if (b.size() != 6) throw BadTrace(where + " must have 6 entries [p0,p1,r0,r1,c0,c1]");
  return Box{b[0], b[1], b[2], b[3], b[4], b[5]};
}

OpKind opKind(const std::string& name) {
  if (const OpInfo* op = findOp(name)) return op->kind;
  throw BadTrace("unknown op \"" + name + "\"");
}


aclDataType dtypeOf(const std::string& name) {
  for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_INT64, ACL_DOUBLE, ACL_INT8, ACL_UINT8,
                        ACL_INT16, ACL_BOOL}) {
    if (name == rt::dtypeName(d)) return d;
  }
  throw BadTrace("unknown dtype \"" + name + "\"");
}

EventKind eventKind(const std::string& name) {
  for (EventKind k : {EventKind::kCopyIn, EventKind::kCompute, EventKind::kCopyOut, EventKind::kAtomicAdd,
                      EventKind::kLoadL0, EventKind::kMatmul, EventKind::kFixPipe}) {
    if (name == eventKindName(k)) return k;
  }
  throw BadTrace("unknown event kind \"" + name + "\"");
}

// A count the trace's readers allocate by (cores, lanes): refused outside [lo, hi], the range a device
// profile or plan can hold, so a crafted 2^31 - 1 never reaches an allocation.
int32_t count(const json& v, const std::string& where, int64_t lo, int64_t hi) {
  const int64_t n = integer(v, where);
  if (n < lo || n > hi) {
    throw BadTrace(where + " is " + std::to_string(n) + ", outside [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  }
  return static_cast<int32_t>(n);
}

// A kernel listing's step id (gradlab/kernel_code.h): 0 .. 32767.
int16_t step(const json& v, const std::string& where) {
  const int64_t s = integer(v, where);
  if (s < 0 || s > 32767) throw BadTrace(where + " names step " + std::to_string(s) + " (0 .. 32767)");
  return static_cast<int16_t>(s);
}

std::string text(const json& v, const std::string& where) {
  if (!v.is_string()) throw BadTrace(where + " is not a string");
  return v.get<std::string>();
}

DeviceProfile profile(const json& v) {
  DeviceProfile p;
  p.name = text(field(v, "name", "profile"), "profile.name");
  if (v.contains("description")) p.description = text(v["description"], "profile.description");
  p.cubeCores = count(field(v, "cubeCores", "profile"), "profile.cubeCores", 0, kMaxCores);
  p.vectorCores = count(field(v, "vectorCores", "profile"), "profile.vectorCores", 1, kMaxCores);
  p.ubBytes = integerAs<uint64_t>(field(v, "ubBytes", "profile"), "profile.ubBytes");
  p.gmBandwidthGBps = number(field(v, "gmBandwidthGBps", "profile"), "profile.gmBandwidthGBps");
  p.mteBandwidthGBps = number(field(v, "mteBandwidthGBps", "profile"), "profile.mteBandwidthGBps");
  p.vectorElemsPerNs = number(field(v, "vectorElemsPerNs", "profile"), "profile.vectorElemsPerNs");
  p.launchOverheadUs = number(field(v, "launchOverheadUs", "profile"), "profile.launchOverheadUs");
  // Traces written before the atomic-add cost (or the cube cores' figures) existed keep the defaults.
  if (v.contains("atomicAddCost")) p.atomicAddCost = number(v["atomicAddCost"], "profile.atomicAddCost");
  auto bytes = [&](const char* key, uint64_t* out) {
    if (v.contains(key)) *out = integerAs<uint64_t>(v[key], std::string("profile.") + key);
  };
  bytes("l1Bytes", &p.l1Bytes);
  bytes("l0aBytes", &p.l0aBytes);
  bytes("l0bBytes", &p.l0bBytes);
  bytes("l0cBytes", &p.l0cBytes);
  if (v.contains("cubeMacsPerNs")) p.cubeMacsPerNs = number(v["cubeMacsPerNs"], "profile.cubeMacsPerNs");
  if (v.contains("mte1BandwidthGBps")) p.mte1BandwidthGBps = number(v["mte1BandwidthGBps"], "profile.mte1BandwidthGBps");
  return p;
}

PhaseKind phaseKind(const std::string& name, const std::string& where) {
  for (PhaseKind k : {PhaseKind::kCheck, PhaseKind::kZero, PhaseKind::kCompute, PhaseKind::kRound, PhaseKind::kCast,
                      PhaseKind::kSelect, PhaseKind::kMatmul}) {
    if (name == phaseKindName(k)) return k;
  }
  throw BadTrace(where + " is the unknown phase kind \"" + name + "\"");
}

// Version 1 traces have no phases: every tile is in one compute phase.
std::vector<PlanPhase> phases(const json& v) {
  if (!v.contains("phases")) return {{PhaseKind::kCompute, ""}};
  const json& list = v["phases"];
  if (!list.is_array()) throw BadTrace("plan.phases is not an array");
  std::vector<PlanPhase> out;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string where = "plan.phases[" + std::to_string(i) + "]";
    PlanPhase phase{phaseKind(text(field(list[i], "kind", where), where + ".kind"), where + ".kind"),
                    list[i].contains("what") ? text(list[i]["what"], where + ".what") : std::string()};
    if (list[i].contains("selects")) {
      const std::string axis = text(list[i]["selects"], where + ".selects");
      if (axis != "columns" && axis != "rows") throw BadTrace(where + ".selects \"" + axis + "\" is neither columns nor rows");
      phase.selects = axis == "columns" ? SelectAxis::kColumns : SelectAxis::kRows;
    }
    out.push_back(std::move(phase));
  }
  return out;
}

Plan plan(const json& v) {
  Plan p;
  p.op = opKind(text(field(v, "op", "plan"), "plan.op"));
  p.dtype = dtypeOf(text(field(v, "dtype", "plan"), "plan.dtype"));
  const json& det = field(v, "deterministic", "plan");
  if (!det.is_boolean()) throw BadTrace("plan.deterministic is not a boolean");
  p.deterministic = det.get<bool>();
  if (v.contains("schedule")) {  // absent in files written before schedules: host
    const std::string schedule = text(v["schedule"], "plan.schedule");
    const std::optional<AtomicSchedule> parsed = parseSchedule(schedule);
    if (!parsed) throw BadTrace("plan.schedule \"" + schedule + "\" is neither host nor seed:N");
    p.schedule = *parsed;
  }
  p.profile = profile(field(v, "profile", "plan"));
  p.srcShape = shape(field(v, "srcShape", "plan"), "plan.srcShape");
  p.dstShape = shape(field(v, "dstShape", "plan"), "plan.dstShape");
  p.planes = integer(field(v, "planes", "plan"), "plan.planes");
  p.workspaceBytes = integerAs<uint64_t>(field(v, "workspaceBytes", "plan"), "plan.workspaceBytes");
  // A plan's lanes are cores of its profile: at most its cube plus its vector cores.
  const int32_t lanes = p.profile.cubeCores + p.profile.vectorCores;
  p.coresUsed = count(field(v, "coresUsed", "plan"), "plan.coresUsed (the profile has " + std::to_string(lanes) + " cores)", 0, lanes);
  if (v.contains("strategy")) p.strategy = text(v["strategy"], "plan.strategy");
  if (v.contains("coreChoice")) p.coreChoice = text(v["coreChoice"], "plan.coreChoice");
  for (auto [key, out] : {std::pair{"strategyName", &p.strategyName}, std::pair{"cannStrategy", &p.cannStrategy},
                          std::pair{"cannWhy", &p.cannWhy}, std::pair{"strategyNote", &p.strategyNote}}) {
    if (v.contains(key)) *out = text(v[key], std::string("plan.") + key);
  }
  if (v.contains("cubeLanes")) p.cubeLanes = count(v["cubeLanes"], "plan.cubeLanes", 0, std::min(p.coresUsed, p.profile.cubeCores));
  if (v.contains("buffers")) {
    const json& list = v["buffers"];
    if (!list.is_array()) throw BadTrace("plan.buffers is not an array");
    for (size_t i = 0; i < list.size(); ++i) {
      const std::string where = "plan.buffers[" + std::to_string(i) + "]";
      PlanBuffer b;
      b.name = text(field(list[i], "name", where), where + ".name");
      if (list[i].contains("what")) b.what = text(list[i]["what"], where + ".what");
      b.shape = shape(field(list[i], "shape", where), where + ".shape");
      b.dtype = dtypeOf(text(field(list[i], "dtype", where), where + ".dtype"));
      if (list[i].contains("mirror")) {
        const std::string mirror = text(list[i]["mirror"], where + ".mirror");
        if (mirror != "src" && mirror != "dst") throw BadTrace(where + ".mirror \"" + mirror + "\" is neither src nor dst");
        b.mirror = mirror == "src" ? PlanBuffer::Mirror::kSrc : PlanBuffer::Mirror::kDst;
      }
      p.buffers.push_back(std::move(b));
    }
  }
  if (v.contains("intermediate")) {
    const int64_t mid = integer(v["intermediate"], "plan.intermediate");
    if (mid < -1 || mid >= static_cast<int64_t>(p.buffers.size())) {
      throw BadTrace("plan.intermediate " + std::to_string(mid) + " names no entry of plan.buffers");
    }
    p.intermediate = static_cast<int32_t>(mid);
  }
  if (v.contains("ubUses")) {  // older traces have none
    if (!v["ubUses"].is_array()) throw BadTrace("plan.ubUses is not an array");
    for (size_t i = 0; i < v["ubUses"].size(); ++i) p.ubUses.push_back(text(v["ubUses"][i], "plan.ubUses[" + std::to_string(i) + "]"));
  }
  p.phases = phases(v);
  const json& tiles = field(v, "tiles", "plan");
  if (!tiles.is_array()) throw BadTrace("plan.tiles is not an array");
  for (size_t i = 0; i < tiles.size(); ++i) {
    const json& t = tiles[i];
    const std::string where = "plan.tiles[" + std::to_string(i) + "]";
    Tile tile;
    // The readers look a tile up by its id (a trace event's tile) and a phase's tiles up by binary search.
    tile.id = integerAs<int32_t>(field(t, "id", where), where + ".id");
    if (tile.id != static_cast<int64_t>(i)) {
      throw BadTrace(where + ".id is " + std::to_string(tile.id) + ", not its position " + std::to_string(i));
    }
    if (t.contains("phase")) tile.phase = integerAs<int32_t>(t["phase"], where + ".phase");
    if (tile.phase < 0 || tile.phase >= static_cast<int32_t>(p.phases.size())) {
      throw BadTrace(where + ".phase " + std::to_string(tile.phase) + " names no phase of the plan");
    }
    if (!p.tiles.empty() && tile.phase < p.tiles.back().phase) {
      throw BadTrace(where + ".phase " + std::to_string(tile.phase) + " comes after phase " +
                     std::to_string(p.tiles.back().phase) + " (tiles are in phase order)");
    }
    tile.core = integerAs<int32_t>(field(t, "core", where), where + ".core");
    tile.order = integerAs<int32_t>(field(t, "order", where), where + ".order");
    tile.src = box(field(t, "src", where), where + ".src");
    tile.dst = box(field(t, "dst", where), where + ".dst");
    tile.atomic = field(t, "atomic", where).get<bool>();
    tile.ubBytes = integerAs<uint64_t>(field(t, "ubBytes", where), where + ".ubBytes");
    if (t.contains("ubUse")) {
      const int64_t use = integer(t["ubUse"], where + ".ubUse");
      if (use < -1 || use >= static_cast<int64_t>(p.ubUses.size())) {
        throw BadTrace(where + ".ubUse " + std::to_string(use) + " names no entry of plan.ubUses");
      }
      tile.ubUse = static_cast<int32_t>(use);
    }
    tile.bytesIn = integerAs<uint64_t>(field(t, "bytesIn", where), where + ".bytesIn");
    tile.bytesOut = integerAs<uint64_t>(field(t, "bytesOut", where), where + ".bytesOut");
    tile.vectorElems = integerAs<uint64_t>(field(t, "vectorElems", where), where + ".vectorElems");
    for (auto [key, out] : {std::pair{"srcBuffer", &tile.srcBuffer}, std::pair{"dstBuffer", &tile.dstBuffer}}) {
      if (!t.contains(key)) continue;
      const int64_t b = integer(t[key], where + "." + key);
      if (b < -1 || b >= static_cast<int64_t>(p.buffers.size())) {
        throw BadTrace(where + "." + key + " " + std::to_string(b) + " names no entry of plan.buffers");
      }
      *out = static_cast<int32_t>(b);
    }
    if (t.contains("cube")) {
      const json& c = t["cube"];
      if (!c.is_array() || c.size() != 7) throw BadTrace(where + ".cube must be [l0Bytes, cubeMacs, fp32, l1, l0a, l0b, l0c]");
      auto at = [&](size_t i) { return integerAs<uint64_t>(c[i], where + ".cube"); };
      tile.l0Bytes = at(0), tile.cubeMacs = at(1), tile.cubeFp32 = at(2) != 0;
      tile.l1Bytes = at(3), tile.l0aBytes = at(4), tile.l0bBytes = at(5), tile.l0cBytes = at(6);
    }
    tile.estimatedUs = number(field(t, "estimatedUs", where), where + ".estimatedUs");
    if (tile.core < 0 || tile.core >= p.coresUsed) {
      throw BadTrace(where + ".core " + std::to_string(tile.core) + " is outside [0, coresUsed)");
    }
    p.tiles.push_back(tile);
  }
  return p;
}

void parse(const json& doc, Trace* out) {
  if (!doc.is_object() || !doc.contains("format") || doc["format"] != "gradlab-trace") {
    throw BadTrace("not a gradlab trace (expected \"format\": \"gradlab-trace\")");
  }
  const int64_t version = integer(field(doc, "version", "trace"), "version");
  if (version < 1 || version > 4) {
    throw BadTrace("unsupported trace version " + std::to_string(version) + " (this build reads 1 to 4)");
  }
  Trace t;
  t.plan = plan(field(doc, "plan", "trace"));
  const int32_t tiles = static_cast<int32_t>(t.plan.tiles.size());
  auto checkTile = [&](int64_t tile, const std::string& where) {
    if (tile < 0 || tile >= tiles) throw BadTrace(where + " names tile " + std::to_string(tile) + ", plan has " + std::to_string(tiles));
  };
  if (doc.contains("events")) {
    const json& events = doc["events"];
    if (!events.is_array()) throw BadTrace("events is not an array");
    t.events.reserve(events.size());
    for (size_t i = 0; i < events.size(); ++i) {
      const json& e = events[i];
      const std::string where = "events[" + std::to_string(i) + "]";
      if (!e.is_array() || e.size() < 6 || e.size() > 8) {
        throw BadTrace(where + " must be [core, tile, kind, startUs, endUs, bytes(, buffer(, step))]");
      }
      TraceEvent ev;
      ev.core = count(e[0], where + "'s core", 0, t.plan.coresUsed - 1);
      ev.tile = integerAs<int32_t>(e[1], where);
      checkTile(ev.tile, where);
      ev.kind = eventKind(text(e[2], where));
      ev.pipe = pipeOf(ev.kind);
      ev.startUs = number(e[3], where);
      ev.endUs = number(e[4], where);
      ev.bytes = integerAs<uint64_t>(e[5], where);
      if (e.size() >= 7) {
        const int64_t buffer = integer(e[6], where);
        if (buffer < -1 || buffer > 1) throw BadTrace(where + " names buffer " + std::to_string(buffer) + " (-1, 0 or 1)");
        ev.buffer = static_cast<int8_t>(buffer);
      }
      if (e.size() == 8) ev.step = step(e[7], where);
      t.events.push_back(ev);
    }
  }
  const json& moves = field(doc, "moves", "trace");
  if (!moves.is_array()) throw BadTrace("moves is not an array");
  t.moves.reserve(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const json& m = moves[i];
    if (!m.is_array() || m.size() < 7 || m.size() > 10) {
      throw BadTrace("moves[" + std::to_string(i) +
                     "] must be [src, dst, core, tile, orderAtDst, value, sumAfter(, hop, weight)(, step)]");
    }
    const std::string where = "moves[" + std::to_string(i) + "]";
    CellMove mv;
    mv.src = integer(m[0], where);
    mv.dst = integer(m[1], where);
    mv.core = integerAs<int32_t>(m[2], where);
    mv.tile = integerAs<int32_t>(m[3], where);
    checkTile(mv.tile, where);
    mv.orderAtDst = integerAs<uint32_t>(m[4], where);
    mv.value = number32(m[5], where);
    mv.sumAfter = number32(m[6], where);
    if (m.size() == 8 || m.size() == 10) mv.step = step(m[m.size() - 1], where);
    if (m.size() >= 9) {
      const int64_t hop = integer(m[7], where);
      if (hop < 0 || hop > 2) throw BadTrace(where + " names hop " + std::to_string(hop) + " (0, 1 or 2)");
      mv.hop = static_cast<Hop>(hop);
      mv.weight = number32(m[8], where);
    }
    mv.sequence = i;
    t.moves.push_back(mv);
  }
  if (doc.contains("movesTruncated")) t.movesTruncated = doc["movesTruncated"].get<bool>();
  *out = std::move(t);
}

// Far above what traceMovesJson writes (3 levels): the bound keeps a crafted file from nesting deep
// enough for a recursive walk (dump, copy, destruction) of the document to overflow the stack.
constexpr int kMaxTraceDepth = 64;

json parseBounded(const std::string& text) {
  std::string topKey = "the top level";
  auto bound = [&topKey](int depth, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::key && depth == 1) {  // appended: GCC 12 warns falsely on "\"" + s + "\""
      topKey = "\"";
      topKey += parsed.get<std::string>();
      topKey += '"';
    }
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
        depth >= kMaxTraceDepth) {
      throw BadTrace(topKey + " nests arrays or objects deeper than " + std::to_string(kMaxTraceDepth) + " levels");
    }
    return true;
  };
  return json::parse(text, bound);
}

}  // namespace

bool parseTraceMovesJson(const std::string& text, Trace* out, std::string* error) {
  try {
    parse(parseBounded(text), out);
    return true;
  } catch (const std::exception& e) {  // nlohmann's parse and type errors, and BadTrace
    if (error) *error = printableLine(e.what(), 400);  // a name from the file may hold a newline
    return false;
  }
}

bool loadTraceMoves(const std::string& path, Trace* out, std::string* error) {
  // A trace of the largest run the app traces is well under this; a bigger file is not one of ours.
  constexpr uintmax_t kMaxTraceFileBytes = uintmax_t{1} << 30;
  std::error_code ec;
  if (const uintmax_t bytes = std::filesystem::file_size(path, ec); !ec && bytes > kMaxTraceFileBytes) {
    if (error) *error = "'" + path + "': " + std::to_string(bytes) + " bytes, more than the 1 GiB a trace file may hold";
    return false;
  }
  std::string text;
  if (!io::readWholeFile(path, &text, error)) return false;
  std::string why;
  if (parseTraceMovesJson(text, out, &why)) return true;
  if (error) *error = "'" + path + "': " + why;
  return false;
}

}  // namespace gradlab
