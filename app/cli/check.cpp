#include "check.h"

#include <exception>
#include <iomanip>
#include <ostream>

#include "gradlab/verify.h"
#include "i18n/translate.h"

namespace gradlab::cli {

bool checkAgainstReference(std::ostream& out, const RunRequest& r, const RunResult& result) {
  const verify::Verdict v = verify::checkRun(r, result);
  for (const std::string& line : v.lines) out << i18n::tr("check:") << " " << line << "\n";
  return v.passed;
}

int verifyCases(std::ostream& out, const std::optional<OpKind>& op) {
  const std::string golden = verify::goldenDir();
  out << i18n::trf("verify: golden vectors from {0}", golden.empty() ? std::string(i18n::tr("nowhere (not found)")) : golden) << "\n";
  int passed = 0, failed = 0, goldenPassed = 0;
  for (const verify::Case& c : verify::allCases()) {
    if (op && c.op != *op) continue;
    verify::CaseResult r;
    try {
      r = c.run();
    } catch (const std::exception& e) {
      r = {false, i18n::trf("threw: {0}", e.what()), 0};
    }
    (r.passed ? passed : failed)++;
    if (r.passed && c.group == "golden") ++goldenPassed;
    out << (r.passed ? "PASS  " : "FAIL  ") << std::left << std::setw(13) << c.group << std::right << c.name << ": "
        << r.detail << "\n";
  }
  out << i18n::trf("verify: {0} passed ({1} golden), {2} failed", passed, goldenPassed, failed)
      << (op ? std::string(" (") + opName(*op) + ")" : "") << "\n";
  return failed;
}

}  // namespace gradlab::cli
