#include "verify/run_case.h"

#include <utility>

#include "i18n/translate.h"
#include "verify/judge.h"

namespace gradlab::verify {
namespace {

thread_local bool t_traceEveryRun = false;

}  // namespace

void setTraceEveryRun(bool on) { t_traceEveryRun = on; }
bool traceEveryRun() { return t_traceEveryRun; }

RunRequest onProfile(RunRequest request, const std::string& spec) {
  DeviceProfile p;
  std::string error;
  if (parseProfileSpec(spec, &p, &error)) request.profile = p;
  return request;
}

RunRequest problem(OpKind op, const Extents& s, aclDataType dtype, bool deterministic, Layout layout) {
  RunRequest r;
  r.op = op;
  r.shape = s;
  r.dtype = dtype;
  r.deterministic = deterministic;
  r.layout = layout;
  return r;
}

Case referenceCase(std::string name, const char* group, RunRequest r, bool withTrace) {
  const OpKind op = r.op;
  return {std::move(name), op, group, [r, withTrace] { return runAndJudge(r, withTrace); }};
}

RunResult runCase(const RunRequest& request, bool withTrace) {
  RunRequest r = request;
  r.trace = r.trace || withTrace || traceEveryRun();
  return run(r);
}

CaseResult runAndJudge(const RunRequest& request, bool withTrace) {
  const RunResult result = runCase(request, withTrace);
  const std::string what = describe(request) + ": ";
  const Verdict values = checkRun(request, result);
  if (!values.passed) return {false, what + values.lines.back(), 0};
  if (!result.plan) return {false, what + i18n::tr("the run reports no plan"), 0};
  const CaseResult plan = judgePlan(request, *result.plan);
  if (!plan.passed) return {false, what + i18n::trf("plan: {0}", plan.detail), 0};
  // "; " joins the verdicts: a Chinese detail joins them with "；".
  const char* semicolon = i18n::tr("; ");
  std::string traced;
  if (withTrace || traceEveryRun()) {
    const CaseResult trace = judgeTrace(request, result);
    if (!trace.passed) return {false, what + i18n::trf("trace: {0}", trace.detail), 0};
    traced = semicolon + trace.detail;
  }
  std::string lines;
  for (const std::string& line : values.lines) lines += (lines.empty() ? "" : semicolon) + line;
  return {true, what + lines + semicolon + i18n::trf("plan {0}", plan.detail) + traced, digestOf(result)};
}

}  // namespace gradlab::verify
