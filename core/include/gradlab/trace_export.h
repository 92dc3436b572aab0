// Trace files: a Chrome trace-event timeline (Perfetto, chrome://tracing) and a compact JSON of the plan
// and every cell move that the app can load back.
#pragma once

#include <string>

#include "gradlab/trace.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// Chrome trace-event JSON: one process per core ("AIV 3", "AIC 0"), one thread lane per pipe of its kind
// ("AIV 3 / MTE2", "AIV 3 / VECTOR", "AIV 3 / MTE3"; "AIC 0 / MTE2", "/ MTE1", "/ CUBE", "/ FIXPIPE"), one
// complete ("X") event per TraceEvent with ts/dur in µs of modelled device time and args {tile, bytes, buffer
// ("ping" / "pong" for double-buffered tiles)}.
std::string chromeTraceJson(const Trace& trace);

// Compact JSON of the plan, the events and the cell moves:
// {"format": "gradlab-trace", "version": 4,
//  "plan": {"op", "dtype", "deterministic", "profile": {...}, "srcShape", "dstShape", "planes", "workspaceBytes",
//           "coresUsed", "strategy", "coreChoice", "strategyName", "cannStrategy", "cannWhy", "strategyNote",
//           "cubeLanes", "intermediate", "buffers": [{"name", "what", "shape", "dtype"}],
//           "tiles": [{"id", "core", "order", "src": [p0,p1,r0,r1,c0,c1], "dst": [...], "atomic", "ubBytes",
//           "bytesIn", "bytesOut", "vectorElems", ["srcBuffer", "dstBuffer"],
//           ["cube": [l0Bytes, cubeMacs, fp32, l1, l0a, l0b, l0c]], "estimatedUs"}]},
//  "events": [[core, tile, "CopyIn", startUs, endUs, bytes, buffer(, step)], ...],
//  "moves": [[src, dst, core, tile, orderAtDst, value, sumAfter(, hop, weight)(, step)], ...],   (in sequence order)
//  "movesTruncated": false}
// step: the kernel listing's line (gradlab/kernel_code.h), written when the run recorded one. Versions 1 and 2
// (no strategies, buffers or cube cores) and 3 (no steps) read back too.
// Floats are written so that they read back bit-exactly; NaN and infinities as "nan", "inf", "-inf".
std::string traceMovesJson(const Trace& trace);

// Parses traceMovesJson's output (sequence = position in "moves"). False with a reason on bad input.
bool parseTraceMovesJson(const std::string& text, Trace* out, std::string* error);

// File versions of the above. False with a reason (naming the path) when the file cannot be written or read.
bool writeChromeTrace(const Trace& trace, const std::string& path, std::string* error);
bool writeTraceMoves(const Trace& trace, const std::string& path, std::string* error);
bool loadTraceMoves(const std::string& path, Trace* out, std::string* error);

}  // namespace gradlab
GRADLAB_API_END
