// Trace files: a Chrome trace-event timeline (Perfetto, chrome://tracing) and a compact JSON of the plan
// and every cell move that the app can load back.
#pragma once

#include <string>

#include "gradlab/trace.h"
#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

// Chrome trace-event JSON: one process per core ("core 3"), one thread lane per pipe ("core 3 / MTE2",
// "core 3 / VECTOR", "core 3 / MTE3"), one complete ("X") event per TraceEvent with ts/dur in µs of
// modelled device time and args {tile, bytes}.
std::string chromeTraceJson(const Trace& trace);

// Compact JSON of the plan, the events and the cell moves:
// {"format": "gradlab-trace", "version": 1,
//  "plan": {"op", "dtype", "deterministic", "profile": {...}, "srcShape", "dstShape", "planes", "workspaceBytes",
//           "coresUsed", "strategy", "tiles": [{"id", "core", "order", "src": [p0,p1,r0,r1,c0,c1], "dst": [...],
//           "atomic", "ubBytes", "bytesIn", "bytesOut", "vectorElems", "estimatedUs"}]},
//  "events": [[core, tile, "CopyIn", startUs, endUs, bytes], ...],
//  "moves": [[src, dst, core, tile, orderAtDst, value, sumAfter], ...],   (in sequence order)
//  "movesTruncated": false}
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
