#include "gradlab/trace_export.h"

#include <algorithm>

#include "io/whole_file.h"
#include "runtime/tensor.h"
#include "trace/json_writer.h"

namespace gradlab {
namespace {

using trace_json::appendFloat;
using trace_json::appendInt;
using trace_json::appendString;
using trace_json::appendField;
using trace_json::appendValues;

int pipeLane(Pipe pipe) { return static_cast<int>(pipe); }

void appendMetadata(std::string& out, const char* name, int pid, int tid, const std::string& value, bool sort,
                    int sortIndex) {
  out += "{\"name\":";
  appendString(out, name);
  out += ",\"ph\":\"M\",\"pid\":";
  appendInt(out, pid);
  if (tid >= 0) {
    appendField(out, "tid", tid);
  }
  out += ",\"args\":{";
  if (sort) {
    out += "\"sort_index\":";
    appendInt(out, sortIndex);
  } else {
    out += "\"name\":";
    appendString(out, value);
  }
  out += "}},\n";
}

void appendShape(std::string& out, const std::vector<int64_t>& shape) {
  out += '[';
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) out += ',';
    appendInt(out, shape[i]);
  }
  out += ']';
}

void appendBox(std::string& out, const Box& b) {
  appendShape(out, {b.plane0, b.plane1, b.row0, b.row1, b.col0, b.col1});
}

}  // namespace

std::string chromeTraceJson(const Trace& trace) {
  const Plan& plan = trace.plan;
  int32_t cores = plan.coresUsed;
  for (const TraceEvent& e : trace.events) cores = std::max(cores, e.core + 1);

  std::string out;
  out.reserve(256 + trace.events.size() * 140 + static_cast<size_t>(cores) * 400);
  out += "{\"displayTimeUnit\":\"ns\",\n\"otherData\":{\"op\":";
  appendString(out, opName(plan.op));
  appendField(out, "dtype", rt::dtypeName(plan.dtype));
  appendField(out, "deterministic", plan.deterministic);
  appendField(out, "schedule", scheduleText(plan.schedule));
  appendField(out, "profile", plan.profile.name);
  appendField(out, "strategy", plan.strategyName);
  appendField(out, "cannStrategy", plan.cannStrategy);
  out += ",\"timeModel\":\"modelled device time in microseconds (gradlab's clock: launch overhead, then double-buffered "
         "pipes per core: MTE2/VECTOR/MTE3 on vector cores, MTE2/MTE1/CUBE/FIXPIPE on cube cores), not host wall "
         "time\",\"modelledUs\":";
  appendFloat(out, modelledTime(plan).totalUs());
  out += "},\n";
  out += "\"traceEvents\":[\n";
  // The launch overhead on a track of its own, above the cores.
  const int launchPid = cores;
  appendMetadata(out, "process_name", launchPid, -1, "launch", false, 0);
  appendMetadata(out, "process_sort_index", launchPid, -1, "", true, -1);
  appendMetadata(out, "thread_name", launchPid, 0, "launch overhead", false, 0);
  out += "{\"name\":\"kernel launch\",\"cat\":\"launch\",\"ph\":\"X\",\"pid\":";
  appendInt(out, launchPid);
  out += ",\"tid\":0,\"ts\":0,\"dur\":";
  appendFloat(out, plan.profile.launchOverheadUs);
  out += ",\"args\":{}},\n";
  for (int32_t c = 0; c < cores; ++c) {
    const std::string core = plan.coreName(c);
    appendMetadata(out, "process_name", c, -1, core, false, 0);
    appendMetadata(out, "process_sort_index", c, -1, "", true, c);
    int sort = 0;
    for (Pipe p : pipesOf(plan.coreKind(c))) {
      appendMetadata(out, "thread_name", c, pipeLane(p), core + " / " + pipeName(p), false, 0);
      appendMetadata(out, "thread_sort_index", c, pipeLane(p), "", true, sort++);
    }
  }
  for (const TraceEvent& e : trace.events) {
    out += "{\"name\":";
    appendString(out, eventKindName(e.kind));
    appendField(out, "cat", pipeName(e.pipe));
    out += ",\"ph\":\"X\",\"pid\":";
    appendInt(out, e.core);
    appendField(out, "tid", pipeLane(e.pipe));
    appendField(out, "ts", e.startUs);
    appendField(out, "dur", std::max(0.0, e.endUs - e.startUs));
    out += ",\"args\":{\"tile\":";
    appendInt(out, e.tile);
    appendField(out, "bytes", e.bytes);
    if (e.buffer >= 0) out += e.buffer == 0 ? ",\"buffer\":\"ping\"" : ",\"buffer\":\"pong\"";
    out += "}},\n";
  }
  // Every entry above ends in ",\n"; the last one must not.
  if (out.size() >= 2 && out.compare(out.size() - 2, 2, ",\n") == 0) out.resize(out.size() - 2);
  out += "\n]}\n";
  return out;
}

std::string traceMovesJson(const Trace& trace) {
  const Plan& plan = trace.plan;
  std::string out;
  out.reserve(1024 + plan.tiles.size() * 260 + trace.events.size() * 60 + trace.moves.size() * 64);
  out += "{\"format\":\"gradlab-trace\",\"version\":4,\n\"plan\":{\"op\":";
  appendString(out, opName(plan.op));
  appendField(out, "dtype", rt::dtypeName(plan.dtype));
  appendField(out, "deterministic", plan.deterministic);
  appendField(out, "schedule", scheduleText(plan.schedule));
  const DeviceProfile& p = plan.profile;
  out += ",\n\"profile\":{\"name\":";
  appendString(out, p.name);
  appendField(out, "description", p.description);
  appendField(out, "cubeCores", p.cubeCores);
  appendField(out, "vectorCores", p.vectorCores);
  appendField(out, "ubBytes", p.ubBytes);
  appendField(out, "gmBandwidthGBps", p.gmBandwidthGBps);
  appendField(out, "mteBandwidthGBps", p.mteBandwidthGBps);
  appendField(out, "vectorElemsPerNs", p.vectorElemsPerNs);
  appendField(out, "launchOverheadUs", p.launchOverheadUs);
  appendField(out, "atomicAddCost", p.atomicAddCost);
  appendField(out, "l1Bytes", p.l1Bytes);
  appendField(out, "l0aBytes", p.l0aBytes);
  appendField(out, "l0bBytes", p.l0bBytes);
  appendField(out, "l0cBytes", p.l0cBytes);
  appendField(out, "cubeMacsPerNs", p.cubeMacsPerNs);
  appendField(out, "mte1BandwidthGBps", p.mte1BandwidthGBps);
  out += "},\n\"srcShape\":";
  appendShape(out, plan.srcShape);
  out += ",\"dstShape\":";
  appendShape(out, plan.dstShape);
  appendField(out, "planes", plan.planes);
  appendField(out, "workspaceBytes", plan.workspaceBytes);
  appendField(out, "coresUsed", plan.coresUsed);
  appendField(out, "strategy", plan.strategy);
  appendField(out, "coreChoice", plan.coreChoice);
  appendField(out, "strategyName", plan.strategyName);
  appendField(out, "cannStrategy", plan.cannStrategy);
  appendField(out, "cannWhy", plan.cannWhy);
  appendField(out, "strategyNote", plan.strategyNote);
  appendField(out, "cubeLanes", plan.cubeLanes);
  appendField(out, "intermediate", plan.intermediate);
  out += ",\"buffers\":[";
  for (size_t i = 0; i < plan.buffers.size(); ++i) {
    const PlanBuffer& b = plan.buffers[i];
    out += i ? ",{\"name\":" : "{\"name\":";
    appendString(out, b.name);
    appendField(out, "what", b.what);
    out += ",\"shape\":";
    appendShape(out, b.shape);
    appendField(out, "dtype", rt::dtypeName(b.dtype));
    if (b.mirror != PlanBuffer::Mirror::kNone) out += b.mirror == PlanBuffer::Mirror::kSrc ? ",\"mirror\":\"src\"" : ",\"mirror\":\"dst\"";
    out += '}';
  }
  out += ']';
  out += ",\"ubUses\":[";
  for (size_t i = 0; i < plan.ubUses.size(); ++i) {
    if (i) out += ',';
    appendString(out, plan.ubUses[i]);
  }
  out += "],\n\"phases\":[";
  for (size_t i = 0; i < plan.phases.size(); ++i) {
    out += i ? ",{\"kind\":" : "{\"kind\":";
    appendString(out, phaseKindName(plan.phases[i].kind));
    appendField(out, "what", plan.phases[i].what);
    if (plan.phases[i].selects != SelectAxis::kNone) {
      out += plan.phases[i].selects == SelectAxis::kColumns ? ",\"selects\":\"columns\"" : ",\"selects\":\"rows\"";
    }
    out += '}';
  }
  out += "],\n\"tiles\":[";
  for (size_t i = 0; i < plan.tiles.size(); ++i) {
    const Tile& t = plan.tiles[i];
    out += i ? ",\n" : "\n";
    out += "{\"id\":";
    appendInt(out, t.id);
    appendField(out, "phase", t.phase);
    appendField(out, "core", t.core);
    appendField(out, "order", t.order);
    out += ",\"src\":";
    appendBox(out, t.src);
    out += ",\"dst\":";
    appendBox(out, t.dst);
    appendField(out, "atomic", t.atomic);
    appendField(out, "ubBytes", t.ubBytes);
    appendField(out, "ubUse", t.ubUse);
    appendField(out, "bytesIn", t.bytesIn);
    appendField(out, "bytesOut", t.bytesOut);
    appendField(out, "vectorElems", t.vectorElems);
    if (t.srcBuffer >= 0 || t.dstBuffer >= 0) {
      appendField(out, "srcBuffer", t.srcBuffer);
      appendField(out, "dstBuffer", t.dstBuffer);
    }
    if (plan.coreKind(t.core) == CoreKind::kCube) {
      out += ",\"cube\":[";
      appendValues(out, t.l0Bytes, t.cubeMacs, static_cast<uint64_t>(t.cubeFp32), t.l1Bytes, t.l0aBytes, t.l0bBytes,
                   t.l0cBytes);
      out += ']';
    }
    appendField(out, "estimatedUs", t.estimatedUs);
    out += '}';
  }
  out += "]},\n\"events\":[";
  for (size_t i = 0; i < trace.events.size(); ++i) {
    const TraceEvent& e = trace.events[i];
    out += i ? ",\n[" : "\n[";
    appendValues(out, e.core, e.tile, eventKindName(e.kind), e.startUs, e.endUs, e.bytes, e.buffer);
    if (e.step >= 0) {
      out += ',';
      appendValues(out, e.step);
    }
    out += ']';
  }
  out += "],\n\"moves\":[";
  for (size_t i = 0; i < trace.moves.size(); ++i) {
    const CellMove& m = trace.moves[i];
    out += i ? ",\n[" : "\n[";
    appendValues(out, m.src, m.dst, m.core, m.tile, m.orderAtDst, m.value, m.sumAfter);
    if (m.hop != Hop::kDirect || m.weight != 1.0f) {
      out += ',';
      appendValues(out, static_cast<int>(m.hop), m.weight);
    }
    if (m.step >= 0) {
      out += ',';
      appendValues(out, m.step);
    }
    out += ']';
  }
  out += "],\n\"movesTruncated\":";
  out += trace.movesTruncated ? "true" : "false";
  out += "}\n";
  return out;
}

bool writeChromeTrace(const Trace& trace, const std::string& path, std::string* error) {
  return io::writeWholeFile(path, chromeTraceJson(trace), error);
}

bool writeTraceMoves(const Trace& trace, const std::string& path, std::string* error) {
  return io::writeWholeFile(path, traceMovesJson(trace), error);
}

}  // namespace gradlab
