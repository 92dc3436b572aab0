#include "runtime/error.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>

#include "acl/acl_base.h"
#include "gradlab/refusal_facts.h"

namespace gradlab::rt {
namespace {

thread_local std::string t_recent;
thread_local RefusalFacts t_facts;

bool loggingEnabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("GRADLAB_LOG");
    return !(v && (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0 || std::strcmp(v, "quiet") == 0));
  }();
  return enabled;
}

}  // namespace

void setRecentError(std::string message) {
  t_recent = std::move(message);
  t_facts = RefusalFacts{};
  if (loggingEnabled()) std::fprintf(stderr, "[gradlab ERROR] %s\n", t_recent.c_str());
}

void setRecentError(std::string message, RefusalFacts facts) {
  setRecentError(std::move(message));
  t_facts = std::move(facts);
}

const char* recentError() { return t_recent.c_str(); }
void clearRecentError() {
  t_recent.clear();
  t_facts = RefusalFacts{};
}

std::string formatDims(const int64_t* dims, uint64_t count) {
  std::string s = "[";
  for (uint64_t i = 0; i < count; ++i) {
    if (i) s += ", ";
    s += std::to_string(dims[i]);
  }
  return s + "]";
}

std::string formatPointer(const void* p) {
  return fmt::format("{}", fmt::ptr(p));
}

}  // namespace gradlab::rt

namespace gradlab {

const RefusalFacts& lastRefusalFacts() { return rt::t_facts; }

bool RefusalFacts::has(std::string_view name) const {
  for (const auto& [n, v] : facts) {
    if (n == name) return true;
  }
  return false;
}

std::string RefusalFacts::text(std::string_view name) const {
  for (const auto& [n, v] : facts) {
    if (n == name) return v;
  }
  return {};
}

double RefusalFacts::number(std::string_view name) const {
  for (const auto& [n, v] : facts) {
    if (n != name) continue;
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    return end != v.c_str() && *end == '\0' ? d : std::nan("");
  }
  return std::nan("");
}

RefusalFacts& RefusalFacts::add(std::string name, std::string value) {
  facts.emplace_back(std::move(name), std::move(value));
  return *this;
}

RefusalFacts& RefusalFacts::add(std::string name, double value) {
  return add(std::move(name), fmt::format("{:.17g}", value));
}

RefusalFacts& RefusalFacts::add(std::string name, long long value) { return add(std::move(name), std::to_string(value)); }
RefusalFacts& RefusalFacts::add(std::string name, unsigned long long value) {
  return add(std::move(name), std::to_string(value));
}

}  // namespace gradlab

extern "C" const char* aclGetRecentErrMsg(void) { return gradlab::rt::recentError(); }
