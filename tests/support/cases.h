// The case table: every operator case the test suite checks, runnable from the tests, the CLI and the
// app's Verify panel. A case builds its tensors, calls the aclnn API on the shared runtime, and
// compares with an independent reference or golden vectors.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace gradlab::cases {

struct CaseResult {
  bool passed = false;
  std::string detail;  // what was compared, or the first mismatch
};

struct Case {
  std::string name;   // unique, [A-Za-z0-9_]
  std::string op;     // e.g. "UpsampleNearestExact2dBackward"
  std::string group;  // "golden", "reference", "checks", "seed", ...
  std::function<CaseResult()> run;
};

// Needs the runtime initialized with a device set (testing::RuntimeScope::shared() does that).
const std::vector<Case>& allCases();

// Each op family contributes its own list (defined in its own cases_*.cpp).
std::vector<Case> upsampleCases();
std::vector<Case> adaptivePoolCases();

}  // namespace gradlab::cases
