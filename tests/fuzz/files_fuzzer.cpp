// libFuzzer target for the files gradlab reads: the first byte picks the reader, the rest is the file.
//   0 a saved session (*.gradlab)   1 a lesson (assets/lessons/*.json)   2 a .npy array   3 a trace (--trace-moves)
// Every reader must refuse what it cannot read with a one-line reason, never crash, hang or allocate
// without bound; what it accepts must survive its own writer: written back and read again, the same
// thing comes back (a session's call, an array's bytes, a trace's plan and moves), and a trace accepted
// can be exported as a Chrome trace (coresUsed = 2^31 - 1 once loaded, then threw bad_alloc there).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "gradlab/npy.h"
#include "gradlab/trace_export.h"
#include "one_line_reason.h"
#include "viz/model/lesson.h"
#include "viz/model/session.h"

namespace {

[[noreturn]] void violation(const char* reader, const std::string& what) {
  gradlab::fuzz::readerViolation("files", reader, what);
}

void checkReason(const char* reader, const std::string& error) { gradlab::fuzz::checkOneLineReason("files", reader, error); }

void session(const std::string& text) {
  using namespace gradlab::viz;
  Session s;
  std::string error;
  if (!parseSession(text, &s, &error)) return checkReason("parseSession", error);
  Session back;
  if (!parseSession(sessionJson(s), &back, &error)) violation("parseSession", "refused its own output: " + error);
  if (!(back.spec == s.spec)) violation("parseSession", "the call changed on a save and open");
  if (back.lesson != s.lesson || back.step != s.step || back.at != s.at || back.presenter != s.presenter) {
    violation("parseSession", "the lesson step or position changed on a save and open");
  }
}

void lesson(const std::string& text) {
  gradlab::viz::Lesson l;
  std::string error;
  if (!gradlab::viz::parseLesson(text, "fuzzed", &l, &error)) return checkReason("parseLesson", error);
  if (l.id.empty() || l.id.find('/') != std::string::npos) violation("parseLesson", "accepted the id \"" + l.id + "\"");
}

void array(const std::string& bytes) {
  namespace npy = gradlab::npy;
  npy::Array a;
  std::string error;
  if (!npy::decode(bytes, &a, &error)) return checkReason("npy::decode", error);
  if (a.data.size() != static_cast<size_t>(a.size()) * npy::dtypeSize(a.dtype)) {
    violation("npy::decode", "holds " + std::to_string(a.data.size()) + " bytes for its shape");
  }
  npy::Array back;
  if (!npy::decode(npy::encode(a), &back, &error)) violation("npy::decode", "refused npy::encode's output: " + error);
  if (back.shape != a.shape || back.dtype != a.dtype || back.data != a.data) {
    violation("npy::decode", "an array changed on an encode and decode");
  }
  std::vector<float> floats;
  if (!a.toFloat(&floats, &error)) checkReason("npy::Array::toFloat", error);
  std::vector<int64_t> ints;
  if (!a.toInt64(&ints, &error)) checkReason("npy::Array::toInt64", error);
}

void trace(const std::string& text) {
  gradlab::Trace t;
  std::string error;
  if (!gradlab::parseTraceMovesJson(text, &t, &error)) return checkReason("parseTraceMovesJson", error);
  (void)gradlab::chromeTraceJson(t);
  gradlab::Trace back;
  if (!gradlab::parseTraceMovesJson(gradlab::traceMovesJson(t), &back, &error)) {
    violation("parseTraceMovesJson", "refused traceMovesJson's output: " + error);
  }
  if (back.moves.size() != t.moves.size() || back.plan.tiles.size() != t.plan.tiles.size() ||
      back.events.size() != t.events.size() || back.plan.coresUsed != t.plan.coresUsed) {
    violation("parseTraceMovesJson", "a trace changed on a write and read");
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("GRADLAB_LOG", "off", 0);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  switch (data[0] % 4) {
    case 0: session(text); break;
    case 1: lesson(text); break;
    case 2: array(text); break;
    default: trace(text); break;
  }
  return 0;
}
