// Why this thread's last call was refused, as the check that refused it recorded it: a rule id and named
// facts (the numbers, names and limits its aclGetRecentErrMsg() sentence is written from). Explanations
// (gradlab/refusal.h) read these, never the sentence, so rewording or translating a message changes no
// explanation. A refusal whose check has no rule id leaves `rule` empty.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gradlab/export.h"

GRADLAB_API_BEGIN
namespace gradlab {

struct RefusalFacts {
  std::string rule;  // "upsample-ratio", "dtype-not-supported", ...; "" when none was recorded
  std::vector<std::pair<std::string, std::string>> facts;  // name -> value; numbers written exactly (%.17g)

  bool empty() const { return rule.empty(); }
  bool has(std::string_view name) const;
  std::string text(std::string_view name) const;  // "" when absent
  double number(std::string_view name) const;     // NaN when absent or not a number
  RefusalFacts& add(std::string name, std::string value);
  RefusalFacts& add(std::string name, const char* value) { return add(std::move(name), std::string(value)); }
  RefusalFacts& add(std::string name, double value);
  RefusalFacts& add(std::string name, long long value);
  RefusalFacts& add(std::string name, unsigned long long value);
  RefusalFacts& add(std::string name, long value) { return add(std::move(name), static_cast<long long>(value)); }
  RefusalFacts& add(std::string name, unsigned long value) {
    return add(std::move(name), static_cast<unsigned long long>(value));
  }
  RefusalFacts& add(std::string name, int value) { return add(std::move(name), static_cast<long long>(value)); }
};

// This thread's: set with the recent error by a check that records facts, cleared by any other error.
const RefusalFacts& lastRefusalFacts();

}  // namespace gradlab
GRADLAB_API_END
