// The case table's parts, one family per file (gradlab/verify.h has the table itself).
#pragma once

#include <string>
#include <vector>

#include "gradlab/verify.h"

namespace gradlab::verify {

std::vector<Case> upsampleCases();      // cases_upsample.cpp (+ cases_upsample_checks.cpp)
std::vector<Case> adaptivePoolCases();  // cases_adaptive_pool.cpp (+ adaptive_pool_check_cases.cpp)
std::vector<Case> accumulationCases();  // cases_accumulation.cpp: every backward with accumulate=dtype
std::vector<Case> goldenCases();        // cases_golden.cpp: every golden file of goldenDir()
// The golden cases of the *.json files in `dir`; a missing or unreadable file is a failing case.
std::vector<Case> goldenCasesIn(const std::string& dir);

namespace upsample {
std::vector<Case> checkCases();  // the nearest-exact operators' argument checks
}

}  // namespace gradlab::verify
